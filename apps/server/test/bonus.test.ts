import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit as creditDepositTo } from './bonus-support.ts';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { CLEARING, expectLedgerConsistent, key, SYSTEM } from './ledger-support.ts';
import { msg, placeBet, syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let marketing: StaffMember;
let support: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  marketing = await staffMember(t, 'marketing');
  support = await staffMember(t, 'support');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

let codes = 0;
async function createPromotion(overrides: Record<string, unknown> = {}) {
  codes += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: marketing.headers,
    payload: {
      code: `WELCOME${codes}`,
      kind: 'deposit_match',
      title: { en: '100% welcome bonus', pt: 'Bónus de boas-vindas de 100%' },
      terms: { en: 'Wager 10× bonus + deposit within 30 days.' },
      percent: '100',
      max_bonus: { EUR: 100_00, INR: 10_000_00 },
      min_deposit: { EUR: 10_00 },
      max_bet: { EUR: 5_00 },
      wagering_multiplier: 10,
      wagering_base: 'bonus_plus_deposit',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; code: string };
}

const creditDeposit = (
  player_id: bigint,
  amount_minor: bigint,
  coupon: string | null,
  ref?: string,
  first?: boolean,
) => creditDepositTo(t, player_id, amount_minor, coupon, ref, first);

const wallet = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) })).json()
    .data;
const bonuses = async (token: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/customer/bonuses', headers: bearer(token) })
  ).json().data;

describe('promotions in the back office', () => {
  it('marketing creates and edits promotions, audited; support may only read', async () => {
    const created = await createPromotion();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promotions/${created.id}`,
      headers: marketing.headers,
      payload: { enabled: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data.enabled).toBe(false);
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promotions/${created.id}`,
      headers: support.headers,
      payload: { enabled: true },
    });
    expect(forbidden.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/promotions',
      headers: support.headers,
    });
    expect(list.json().data.some((p: { id: string }) => p.id === created.id)).toBe(true);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: marketing.headers,
      payload: {
        code: created.code.toLowerCase(),
        kind: 'no_deposit',
        title: { en: 'x' },
        fixed_amount: { EUR: 100 },
      },
    });
    expect(duplicate.statusCode).toBe(409);
    const noPercent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: marketing.headers,
      payload: { code: 'NOPCT', kind: 'deposit_match', title: { en: 'x' } },
    });
    expect(noPercent.statusCode).toBe(422);
    const noEnglish = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: marketing.headers,
      payload: { code: 'NOEN', kind: 'no_deposit', title: { pt: 'x' } },
    });
    expect(noEnglish.statusCode).toBe(422);
  });

  it('the public list shows live promotions in the reader’s language and currency', async () => {
    const live = await createPromotion();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/promotions-list?lang=pt&currency=EUR',
    });
    const found = response.json().data.find((p: { id: string }) => p.id === live.id);
    expect(found).toMatchObject({
      title: 'Bónus de boas-vindas de 100%',
      terms: 'Wager 10× bonus + deposit within 30 days.',
      max_bonus: '100.00',
      min_deposit: '10.00',
    });
    const brl = await t.app.inject({ method: 'GET', url: '/api/v1/promotions-list?currency=BRL' });
    expect(brl.json().data.find((p: { id: string }) => p.id === live.id)?.max_bonus).toBeNull();
  });
});

describe('deposit coupons and wagering', () => {
  it('checks a coupon before payment with a clear message for each refusal', async () => {
    const player = await signedInPlayer(t);
    const promotion = await createPromotion();
    const check = (code: string, amount?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/customer/promotions/coupon/${code}${amount ? `?amount=${amount}` : ''}`,
        headers: bearer(player.token),
      });
    expect((await check(promotion.code.toLowerCase(), '50')).statusCode).toBe(200);
    const unknown = await check('NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This coupon code does not exist.');
    const small = await check(promotion.code, '5');
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe('This coupon needs a deposit of at least 10.00 EUR.');
    const expired = await createPromotion({
      starts_at: '2020-01-01T00:00:00Z',
      ends_at: '2020-02-01T00:00:00Z',
    });
    expect((await check(expired.code)).json().message).toBe('This coupon has expired.');
    const inrOnly = await createPromotion({ currencies: ['INR'] });
    expect((await check(inrOnly.code)).json().message).toBe(
      'This coupon is not available for your account.',
    );
    await creditDeposit(player.id, 20_00n, promotion.code);
    const used = await check(promotion.code, '50');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('You have already used this coupon.');
  });

  it('grants a 100 % match once per deposit, locks the deposit, converts on completed wagering', async () => {
    const player = await signedInPlayer(t);
    const promotion = await createPromotion();
    const ref = key('dep');
    const first = await creditDeposit(player.id, 50_00n, promotion.code, ref);
    // The webhook delivered twice: one bonus.
    const again = await t.modules.bonus.service.onDepositCredited({
      player_id: player.id,
      deposit_ref: ref,
      amount_minor: 50_00n,
      currency: 'EUR',
      coupon: promotion.code,
      first_deposit: true,
    });
    expect(again?.id).toBe(first?.id);
    let me = await wallet(player.token);
    expect(me.wallet_default).toMatchObject({ balance: 50, bounas_balance: 50 });
    // 10 × (50 bonus + 50 deposit) to wager; the deposit is locked meanwhile.
    expect(me.withdrawable_amount).toBe(0);
    let [bonus] = await bonuses(player.token);
    expect(bonus).toMatchObject({
      amount: '50.00',
      wagering_required: '1000.00',
      wagered: '0.00',
      progress: 0,
      max_bet: '5.00',
      status: 'active',
    });
    expect(await t.modules.bonus.service.maxBet(player.id, 'EUR')).toBe(5_00n);

    const settle = (bet_ref: string, category: string, stake_minor: bigint) =>
      t.modules.bonus.service.onBetSettled({
        player_id: player.id,
        bet_ref,
        product: category === 'sports' ? 'sports' : 'casino',
        category,
        stake_minor,
        currency: 'EUR',
      });
    await settle('bet-1', 'slots', 400_00n);
    await settle('bet-1', 'slots', 400_00n); // redelivered: counts once
    await settle('bet-2', 'table', 1000_00n); // tables count 10 %
    [bonus] = await bonuses(player.token);
    expect(bonus).toMatchObject({ wagered: '500.00', progress: 50 });
    await settle('bet-3', 'sports', 500_00n);
    [bonus] = await bonuses(player.token);
    expect(bonus).toMatchObject({ status: 'completed', converted: '50.00', progress: 100 });
    me = await wallet(player.token);
    expect(me.wallet_default).toMatchObject({ balance: 100, bounas_balance: 0 });
    expect(me.withdrawable_amount).toBe(100);
  });

  it('a forfeited bonus goes back and frees the deposit; an expired one too', async () => {
    const player = await signedInPlayer(t);
    const promotion = await createPromotion();
    const bonus = await creditDeposit(player.id, 30_00n, promotion.code);
    expect((await wallet(player.token)).withdrawable_amount).toBe(0);
    const forfeit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/bonuses/${bonus!.id}/forfeit`,
      headers: bearer(player.token),
    });
    expect(forfeit.statusCode).toBe(200);
    expect(forfeit.json().data.status).toBe('forfeited');
    let me = await wallet(player.token);
    expect(me.wallet_default).toMatchObject({ balance: 30, bounas_balance: 0 });
    expect(me.withdrawable_amount).toBe(30);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/bonuses/${bonus!.id}/forfeit`,
      headers: bearer(player.token),
    });
    expect(twice.statusCode).toBe(409);
    const other = await signedInPlayer(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/bonuses/${bonus!.id}/forfeit`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);

    const second = await createPromotion({ expiry_days: 1 });
    await creditDeposit(player.id, 20_00n, second.code);
    await t.modules.bonus.service.sweep(new Date(Date.now() + 2 * 86_400_000));
    me = await wallet(player.token);
    expect(me.wallet_default).toMatchObject({ balance: 50, bounas_balance: 0 });
    expect((await bonuses(player.token))[0].status).toBe('expired');
  });

  it('the same coupon redeemed twice concurrently grants once; the total limit holds', async () => {
    const player = await signedInPlayer(t);
    const promotion = await createPromotion();
    const results = await Promise.all([
      creditDeposit(player.id, 20_00n, promotion.code),
      creditDeposit(player.id, 20_00n, promotion.code),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await wallet(player.token)).wallet_default.bounas_balance).toBe(20);

    const limited = await createPromotion({ total_limit: 3, wagering_multiplier: 0 });
    const players = await Promise.all(Array.from({ length: 6 }, () => signedInPlayer(t)));
    const granted = await Promise.all(
      players.map((p) => creditDeposit(p.id, 10_00n, limited.code)),
    );
    expect(granted.filter(Boolean)).toHaveLength(3);
    // No wagering: converted at once.
    const winner = players[granted.findIndex(Boolean)]!;
    expect((await wallet(winner.token)).wallet_default).toMatchObject({
      balance: 20,
      bounas_balance: 0,
    });
  });

  it('a welcome offer is granted automatically on the first deposit only', async () => {
    await createPromotion({
      code: null,
      auto_first_deposit: true,
      percent: '50',
      wagering_multiplier: 5,
      wagering_base: 'bonus',
      sort_order: -1,
    });
    const player = await signedInPlayer(t);
    const bonus = await creditDeposit(player.id, 40_00n, null, key('dep'), true);
    expect(bonus?.amount_minor).toBe(20_00n);
    // Wagering on the bonus only: the deposit stays withdrawable.
    expect((await wallet(player.token)).withdrawable_amount).toBe(40);
    expect(await creditDeposit(player.id, 40_00n, null, key('dep'), false)).toBeNull();
    // Switch the welcome offer off for the other tests.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/promotions',
      headers: marketing.headers,
    });
    for (const p of list
      .json()
      .data.filter((p: { auto_first_deposit: boolean }) => p.auto_first_deposit)) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/promotions/${p.id}`,
        headers: marketing.headers,
        payload: { enabled: false },
      });
    }
  });

  it('a no-deposit promotion is claimed once through the API', async () => {
    const promotion = await createPromotion({
      kind: 'no_deposit',
      percent: null,
      fixed_amount: { EUR: 5_00 },
      wagering_multiplier: 20,
      wagering_base: 'bonus',
    });
    const player = await signedInPlayer(t);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/promotions/${promotion.id}/claim`,
      headers: bearer(player.token),
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().data).toMatchObject({ amount: '5.00', wagering_required: '100.00' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/promotions/${promotion.id}/claim`,
      headers: bearer(player.token),
    });
    expect(again.statusCode).toBe(409);
    expect((await wallet(player.token)).wallet_default.bounas_balance).toBe(5);
  });

  it('sends a grant a crash left unsent, once', async () => {
    const player = await signedInPlayer(t);
    const promotion = await createPromotion();
    const bonus = await creditDeposit(player.id, 10_00n, promotion.code);
    await t.db
      .withTables<{ bonuses: { id: bigint; grant_transfer_id: bigint | null } }>()
      .updateTable('bonuses')
      .set({ grant_transfer_id: null })
      .where('id', '=', bonus!.id)
      .execute();
    await t.modules.bonus.service.sweep();
    await t.modules.bonus.service.sweep();
    expect((await wallet(player.token)).wallet_default.bounas_balance).toBe(10);
  });

  it('property: cash + bonus always equals deposits + wins − stakes, whatever the sequence', async () => {
    const promotion = await createPromotion({
      per_player_limit: 1000,
      wagering_multiplier: 2,
      wagering_base: 'bonus',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('deposit' as const),
              amount: fc.integer({ min: 10_00, max: 200_00 }),
            }),
            fc.record({
              kind: fc.constant('bet' as const),
              amount: fc.integer({ min: 1_00, max: 50_00 }),
              win: fc.boolean(),
            }),
            fc.record({ kind: fc.constant('forfeit' as const) }),
            fc.record({ kind: fc.constant('expire' as const) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          const player = await signedInPlayer(t);
          let paidIn = 0n;
          let won = 0n;
          let staked = 0n;
          for (const step of steps) {
            if (step.kind === 'deposit') {
              await creditDeposit(player.id, BigInt(step.amount), promotion.code);
              paidIn += BigInt(step.amount);
            } else if (step.kind === 'bet') {
              const me = await wallet(player.token);
              const stake = BigInt(step.amount);
              if (BigInt(Math.round(me.wallet_default.balance * 100)) < stake) continue;
              const bet_ref = key('bet');
              await t.modules.ledger.service.transfer({
                idempotency_key: bet_ref,
                debit: { player_id: player.id, wallet: 'cash' },
                credit: { house: 'wagers', purpose: 'test' },
                amount_minor: stake,
                currency: 'EUR',
                reason_code: 'bet',
                object: { type: 'bet', id: bet_ref },
                actor: SYSTEM,
              });
              staked += stake;
              if (step.win) {
                await t.modules.ledger.service.transfer({
                  idempotency_key: `${bet_ref}:win`,
                  debit: { house: 'wagers', purpose: 'test' },
                  credit: { player_id: player.id, wallet: 'cash' },
                  amount_minor: stake * 2n,
                  currency: 'EUR',
                  reason_code: 'win',
                  object: { type: 'bet', id: bet_ref },
                  actor: SYSTEM,
                });
                won += stake * 2n;
              }
              await t.modules.bonus.service.onBetSettled({
                player_id: player.id,
                bet_ref,
                product: 'casino',
                category: 'slots',
                stake_minor: stake,
                currency: 'EUR',
              });
            } else if (step.kind === 'forfeit') {
              const active = (await bonuses(player.token)).find(
                (b: { status: string }) => b.status === 'active',
              );
              if (active)
                await t.app.inject({
                  method: 'POST',
                  url: `/api/v1/customer/bonuses/${active.id}/forfeit`,
                  headers: bearer(player.token),
                });
            } else {
              await t.modules.bonus.service.sweep(new Date(Date.now() + 40 * 86_400_000));
            }
          }
          const me = await wallet(player.token);
          const list = await bonuses(player.token);
          const activeBonus = list
            .filter((b: { status: string }) => b.status === 'active')
            .reduce((sum: number, b: { amount: string }) => sum + Number(b.amount), 0);
          const converted = list.reduce(
            (sum: number, b: { converted: string | null }) => sum + Number(b.converted ?? 0),
            0,
          );
          // Cash is what came in, plus wins and converted bonuses, minus stakes; bonus money is the active bonuses'.
          expect(Math.round(me.wallet_default.balance * 100)).toBe(
            Number(paidIn + won - staked) + Math.round(converted * 100),
          );
          expect(Math.round(me.wallet_default.bounas_balance * 100)).toBe(
            Math.round(activeBonus * 100),
          );
          // Never withdrawable: cash an active bonus locks (its deposit, wagered with it).
          const locked = await sql<{ minor: string }>`
            select coalesce(sum(locked_deposit_minor), 0)::text as minor from bonuses
            where player_id = ${player.id} and status = 'active'`.execute(t.db);
          expect(Math.round(me.withdrawable_amount * 100)).toBeLessThanOrEqual(
            Math.round(me.wallet_default.balance * 100) - Number(locked.rows[0]!.minor),
          );
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('cashback', () => {
  const move = (player_id: bigint, reason: 'deposit' | 'bet' | 'win', amount_minor: bigint) => {
    const toPlayer = reason !== 'bet';
    const house =
      reason === 'deposit' ? CLEARING : { house: 'wagers' as const, purpose: 'cashback-test' };
    return t.modules.ledger.service.transfer({
      idempotency_key: key(reason),
      debit: toPlayer ? house : { player_id, wallet: 'cash' },
      credit: toPlayer ? { player_id, wallet: 'cash' } : house,
      amount_minor,
      currency: 'EUR',
      reason_code: reason,
      object: { type: reason === 'deposit' ? 'payment' : 'bet', id: key('obj') },
      actor: SYSTEM,
    });
  };

  it('pays a percent of each player’s real-money net loss once per period, capped, from a minimum; skips self-excluded players', async () => {
    const promotion = await createPromotion({
      code: null,
      kind: 'cashback',
      title: { en: '10% daily cashback' },
      percent: '10',
      cashback_period: 'daily',
      max_bonus: { EUR: 20_00 },
      min_loss: { EUR: 5_00 },
      min_deposit: {},
      max_bet: {},
      wagering_multiplier: 0,
      wagering_base: 'bonus',
    });
    const loser = await signedInPlayer(t);
    const small = await signedInPlayer(t);
    const big = await signedInPlayer(t);
    const excluded = await signedInPlayer(t);
    for (const p of [loser, small, big, excluded]) await move(p.id, 'deposit', 500_00n);
    await move(loser.id, 'bet', 50_00n);
    await move(loser.id, 'win', 10_00n); // net loss 40.00 → 4.00
    await move(small.id, 'bet', 3_00n); // 3.00 < the 5.00 minimum
    await move(big.id, 'bet', 400_00n); // 40.00 capped to 20.00
    await move(excluded.id, 'bet', 100_00n);
    await t.modules.protection.service.selfExclude(excluded.id, 6, { type: 'system', id: 'test' });

    const tomorrow = new Date(Date.now() + 86_400_000);
    await t.modules.bonus.service.runCashback(tomorrow);
    await t.modules.bonus.service.runCashback(tomorrow);

    const mine = async (token: string) =>
      (await bonuses(token)).filter(
        (b: { promotion_id: string }) => b.promotion_id === promotion.id,
      );
    expect(await mine(loser.token)).toEqual([
      expect.objectContaining({ amount: '4.00', status: 'completed', converted: '4.00' }),
    ]);
    expect(await mine(small.token)).toEqual([]);
    expect(await mine(big.token)).toEqual([expect.objectContaining({ amount: '20.00' })]);
    expect(await mine(excluded.token)).toEqual([]);
    // Wagering 0: the cashback is cash at once.
    expect((await wallet(loser.token)).wallet_default.balance_exact).toBe('464.00');
  });

  it('refuses a cashback without a percent or wagered on a deposit; its kind cannot change', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/promotions',
        headers: marketing.headers,
        payload: { kind: 'cashback', title: { en: 'Cashback' }, ...payload },
      });
    expect((await post({})).statusCode).toBe(422);
    expect((await post({ percent: '5', wagering_base: 'bonus_plus_deposit' })).statusCode).toBe(
      422,
    );
    const created = await post({ percent: '5', cashback_period: 'weekly' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ kind: 'cashback', cashback_period: 'weekly' });
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/promotions/${created.json().data.id}`,
        headers: marketing.headers,
        payload,
      });
    expect((await patch({ percent: null })).statusCode).toBe(422);
    expect((await patch({ wagering_base: 'bonus_plus_deposit' })).statusCode).toBe(422);
    const kind = await patch({ kind: 'no_deposit', percent: '7.5' });
    expect(kind.statusCode, kind.body).toBe(200);
    expect(kind.json().data).toMatchObject({ kind: 'cashback', percent: '7.500' });
  });
});

describe('countries', () => {
  it('an offer limited to countries is listed, claimable and checkable only by players who declared one', async () => {
    const offer = await createPromotion({
      kind: 'no_deposit',
      code: `BRONLY${Date.now() % 100000}`,
      percent: null,
      fixed_amount: { EUR: 1_00 },
      wagering_base: 'bonus',
      countries: ['BR'],
    });
    const brazilian = await signedInPlayer(t);
    const portuguese = await signedInPlayer(t);
    const undeclared = await signedInPlayer(t);
    await changeBySql(t, sql`update players set country = 'BR' where id = ${brazilian.id}`);
    await changeBySql(t, sql`update players set country = 'PT' where id = ${portuguese.id}`);
    const listed = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/promotions-list',
          headers: bearer(token),
        })
      )
        .json()
        .data.some((p: { id: string }) => p.id === offer.id);
    expect(await listed(brazilian.token)).toBe(true);
    expect(await listed(portuguese.token)).toBe(false);
    expect(await listed(undeclared.token)).toBe(false);
    const claim = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/promotions/${offer.id}/claim`,
        headers: bearer(token),
      });
    expect((await claim(portuguese.token)).statusCode).toBe(422);
    expect((await claim(undeclared.token)).statusCode).toBe(422);
    expect((await claim(brazilian.token)).statusCode).toBe(200);
  });
});

describe('abuse controls', () => {
  const flags = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/bonus-flags?status=all',
        headers: marketing.headers,
      })
    ).json().data as Array<{
      id: string;
      player_id: string;
      kind: string;
      evidence: Record<string, unknown>;
    }>;
  const claim = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/promotions/${id}/claim`,
      headers: bearer(token),
    });
  const usedInstrument = async (player_id: bigint, acc_number: string) => {
    await sql`insert into payments (public_id, direction, player_id, currency, gateway_id, amount_minor,
        fee_percent, fee_minor, details, status, provider)
      values (${`dp_${randomBytes(12).toString('hex')}`}, 'deposit', ${player_id}, 'EUR',
        (select min(id) from payment_gateways), 1000, 0, 0, ${JSON.stringify({ acc_number })}::jsonb,
        'declined', 'sandbox')`.execute(t.db);
  };

  it('one offer per person: refused to an account sharing a payment instrument or a device, flagged; a shared public address is flagged only', async () => {
    const offer = await createPromotion({
      kind: 'no_deposit',
      percent: null,
      fixed_amount: { EUR: 5_00 },
      wagering_multiplier: 20,
      wagering_base: 'bonus',
    });
    const first = await signedInPlayer(t);
    const twin = await signedInPlayer(t);
    const account = `DE${Date.now()}`;
    await usedInstrument(first.id, account);
    await usedInstrument(twin.id, account);
    expect((await claim(first.token, offer.id)).statusCode).toBe(200);
    const refused = await claim(twin.token, offer.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'ONE_PER_PERSON',
      message: 'This offer is limited to one per person.',
    });
    expect(await flags()).toContainEqual(
      expect.objectContaining({
        player_id: String(twin.id),
        kind: 'duplicate_person',
        evidence: expect.objectContaining({ other_player_id: String(first.id) }),
      }),
    );
    // A deposit coupon says so before the player pays.
    const coupon = await createPromotion();
    await creditDeposit(first.id, 50_00n, coupon.code);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/promotions/coupon/${coupon.code}?amount=50`,
      headers: bearer(twin.token),
    });
    expect(check.statusCode).toBe(422);
    expect(check.json().message).toBe('This offer is limited to one per person.');

    const neighbour = await signedInPlayer(t);
    const flatmate = await signedInPlayer(t);
    await sql`update player_sessions set ip = '203.0.113.77' where player_id in (${neighbour.id}, ${flatmate.id})`.execute(
      t.db,
    );
    expect((await claim(neighbour.token, offer.id)).statusCode).toBe(200);
    expect((await claim(flatmate.token, offer.id)).statusCode).toBe(200);
    expect(await flags()).toContainEqual(
      expect.objectContaining({ player_id: String(flatmate.id), kind: 'shared_address' }),
    );
    // Loopback and private addresses (every test client here) link nobody.
    expect((await flags()).some((f) => f.player_id === String(first.id))).toBe(false);

    // Two accounts signed in on one device (the device cookie): refused, flagged, like an instrument.
    const owner = await signedInPlayer(t);
    const sibling = await signedInPlayer(t);
    const device = `dev${randomBytes(12).toString('hex')}`;
    await sql`update player_sessions set device_id = ${device} where player_id in (${owner.id}, ${sibling.id})`.execute(
      t.db,
    );
    expect((await claim(owner.token, offer.id)).statusCode).toBe(200);
    expect((await claim(sibling.token, offer.id)).json()).toMatchObject({ code: 'ONE_PER_PERSON' });
    expect(await flags()).toContainEqual(
      expect.objectContaining({
        player_id: String(sibling.id),
        kind: 'duplicate_person',
        evidence: expect.objectContaining({ signal: 'device', other_player_id: String(owner.id) }),
      }),
    );
  });

  it('flags bets on both sides of one market while wagering, once per market; risk reviews it', async () => {
    const offer = await createPromotion({
      kind: 'no_deposit',
      percent: null,
      fixed_amount: { EUR: 20_00 },
      wagering_multiplier: 30,
      wagering_base: 'bonus',
    });
    const player = await signedInPlayer(t);
    expect((await claim(player.token, offer.id)).statusCode).toBe(200);
    const settle = (bet: string, market_id: string, selection_id: string) =>
      t.modules.bonus.service.onBetSettled({
        player_id: player.id,
        bet_ref: `sports:${bet}`,
        product: 'sports',
        category: 'sports',
        stake_minor: 1_00n,
        currency: 'EUR',
        selections: [{ market_id, selection_id }],
      });
    const market = `m${Date.now()}`;
    await settle(`${market}-a`, market, 'home');
    await settle(`${market}-x`, `${market}-other`, 'away');
    expect((await flags()).filter((f) => f.player_id === String(player.id))).toEqual([]);
    await settle(`${market}-b`, market, 'away');
    await settle(`${market}-c`, market, 'draw');
    await settle(`${market}-b`, market, 'away'); // redelivered
    const mine = (await flags()).filter((f) => f.player_id === String(player.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'both_sides',
      evidence: expect.objectContaining({ market_id: market }),
    });

    const risk = await staffMember(t, 'risk');
    const review = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/bonus-flags/${mine[0]!.id}/review`,
        headers,
        payload: { note: 'Bonus forfeited, player warned' },
      });
    expect((await review(marketing.headers)).statusCode).toBe(403);
    expect((await review(risk.headers)).statusCode).toBe(200);
    expect((await review(risk.headers)).statusCode).toBe(404);
  });
});

describe('sports bets while wagering', () => {
  it('a stake above the bonus max bet is refused; both sides of a settled market are flagged', async () => {
    const sb = t.modules.sportsbook.service;
    const offer = await createPromotion({
      kind: 'no_deposit',
      percent: null,
      fixed_amount: { EUR: 10_00 },
      max_bet: { EUR: 5_00 },
      wagering_multiplier: 30,
      wagering_base: 'bonus',
    });
    const player = await signedInPlayer(t);
    await creditDeposit(player.id, 100_00n, null, key('dep'), false);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/promotions/${offer.id}/claim`,
      headers: bearer(player.token),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const ev = await syntheticEvent(sb);
    const home = ev.sel('match_winner', 'home');
    const away = ev.sel('match_winner', 'away');
    const single = (sel: typeof home, stake: string) =>
      placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: sel.selection_id, odds: sel.odds }],
        stake,
      });
    const tooBig = await single(home, '5.01');
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toMatchObject({
      code: 'BONUS_MAX_BET',
      message: 'While a bonus is wagered, a bet may be at most 5.00 EUR.',
    });
    expect((await single(home, '5.00')).statusCode).toBe(200);
    expect((await single(away, '5.00')).statusCode).toBe(200);
    await sb.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id: ev.id,
      markets: [
        {
          key: 'match_winner',
          outcomes: [
            { key: 'home', result: 'won' },
            { key: 'draw', result: 'lost' },
            { key: 'away', result: 'lost' },
          ],
        },
      ],
    });
    // Wagering follows the BetSettled event, off the bet's request path.
    await t.modules.outbox.drain();
    await expect
      .poll(async () => {
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/admin/bonus-flags',
          headers: marketing.headers,
        });
        return list
          .json()
          .data.filter(
            (f: { player_id: string; kind: string }) =>
              f.player_id === String(player.id) && f.kind === 'both_sides',
          ).length;
      })
      .toBe(1);
    const [bonus] = (await bonuses(player.token)).filter(
      (b: { promotion_id: string }) => b.promotion_id === offer.id,
    );
    expect(bonus.wagered).toBe('10.00');
  });
});

describe('free bets', () => {
  const settle = (event_id: string, result: 'won' | 'void') =>
    t.modules.sportsbook.service.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id,
      markets: [
        {
          key: 'match_winner',
          outcomes: [
            { key: 'home', result },
            { key: 'draw', result: result === 'won' ? 'lost' : 'void' },
            { key: 'away', result: result === 'won' ? 'lost' : 'void' },
          ],
        },
      ],
    });
  const tokens = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/free-bets',
        headers: bearer(token),
      })
    ).json().data as Array<{ id: string; amount: string; status: string }>;

  it('a claimed token stakes one sports bet for the operator; a win pays the winnings only; a void gives the token back', async () => {
    const sb = t.modules.sportsbook.service;
    const offer = await createPromotion({
      code: null,
      kind: 'free_bet',
      title: { en: 'A free 5 EUR bet' },
      percent: null,
      fixed_amount: { EUR: 5_00 },
      per_player_limit: 2,
      wagering_multiplier: 0,
      wagering_base: 'bonus',
    });
    const player = await signedInPlayer(t);
    await creditDeposit(player.id, 20_00n, null, key('dep'), false);
    const claim = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/customer/promotions/${offer.id}/claim`,
        headers: bearer(player.token),
      });
    const claimed = await claim();
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      message: 'Free bet added',
      data: { amount: '5.00', status: 'available', free_bet: true },
    });
    const [token] = await tokens(player.token);
    const ev = await syntheticEvent(sb);
    const home = ev.sel('match_winner', 'home'); // 2.00
    const bet = (stake: string, free_bet_id = token!.id) =>
      placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: home.selection_id, odds: home.odds }],
        stake,
        free_bet_id,
      });
    expect((await bet('4.00')).json()).toMatchObject({ status: 422, code: 'FREE_BET_STAKE' });
    expect((await bet('5.00', '999999999')).json()).toMatchObject({
      status: 409,
      code: 'FREE_BET_UNAVAILABLE',
    });
    const placed = await bet('5.00');
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({
      free_bet: true,
      stake_minor: '500',
      potential_return_minor: '500',
      cashout_minor: null,
    });
    expect((await wallet(player.token)).wallet_default.balance_exact).toBe('20.00');
    expect((await bet('5.00')).json()).toMatchObject({ code: 'FREE_BET_UNAVAILABLE' });
    const cashout = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${placed.json().data.id}/cashout`,
      headers: bearer(player.token),
      payload: { amount_minor: '1' },
    });
    expect(cashout.statusCode).toBe(409);

    await settle(ev.id, 'won');
    await expect
      .poll(async () => (await wallet(player.token)).wallet_default.balance_exact)
      .toBe('25.00');
    expect((await tokens(player.token))[0]).toMatchObject({ status: 'used' });

    // A second token on a match that is voided comes back.
    expect((await claim()).statusCode).toBe(200);
    const second = (await tokens(player.token)).find((f) => f.status === 'available')!;
    const voided = await syntheticEvent(sb);
    const pick = voided.sel('match_winner', 'home');
    const voidBet = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: pick.selection_id, odds: pick.odds }],
      stake: '5.00',
      free_bet_id: second.id,
    });
    expect(voidBet.statusCode, voidBet.body).toBe(200);
    await settle(voided.id, 'void');
    await expect
      .poll(async () => (await tokens(player.token)).find((f) => f.id === second.id)?.status)
      .toBe('available');
    expect((await wallet(player.token)).wallet_default.balance_exact).toBe('25.00');
    expect((await claim()).statusCode).toBe(409);
  });
});
