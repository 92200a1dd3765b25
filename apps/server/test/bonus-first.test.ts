import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditDeposit } from './bonus-support.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent, key, SYSTEM } from './ledger-support.ts';
import { post, withKey } from './originals-support.ts';
import { call, launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

// Decision 0805: the operator's order of spending. These tests run the "bonus first" order: a
// bonus's balance stakes casino bets before the player's cash, and their returns stay bonus money.

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

const setOrder = (spending_order: string, headers = marketing.headers) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/bonus-settings',
    headers,
    payload: { spending_order },
  });

let codes = 0;
async function createPromotion(overrides: Record<string, unknown> = {}) {
  codes += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: marketing.headers,
    payload: {
      code: `FIRST${codes}`,
      kind: 'deposit_match',
      title: { en: 'Bonus first' },
      percent: '100',
      max_bonus: { EUR: 100_00 },
      wagering_multiplier: 2,
      wagering_base: 'bonus',
      per_player_limit: 1000,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; code: string };
}

/** A credited deposit with a coupon (as the cashier's webhook hook does). */
const deposit = (player_id: bigint, amount_minor: bigint, coupon: string | null) =>
  creditDeposit(t, player_id, amount_minor, coupon, undefined, false);

const balances = (player_id: bigint) =>
  t.modules.ledger.service.playerBalances(player_id, 'EUR').then((b) => ({
    cash: b.cash.balance_minor,
    bonus: b.bonus.balance_minor,
  }));
const bonusRow = async (id: bigint) =>
  (
    await sql<{
      status: string;
      balance_minor: string;
      open_stakes: number;
      converted_minor: string | null;
    }>`select status, balance_minor::text, open_stakes, converted_minor::text
       from bonuses where id = ${id}`.execute(t.db)
  ).rows[0]!;
const spending = () => t.modules.bonus.service.spending;

/** A bet staked through the port the casino uses, settled with a chosen return. */
async function portBet(player_id: bigint, stake: bigint, payout: bigint | null) {
  const bonus_id = await spending().pick(player_id, 'EUR', stake);
  if (bonus_id === null) return { funded: false as const };
  const bet_ref = key('bet');
  const taken = await spending().stake({
    bet_ref,
    bonus_id,
    player_id,
    currency: 'EUR',
    amount_minor: stake,
    house_purpose: 'originals',
  });
  if (!taken) return { funded: false as const };
  if (payout !== null) {
    await spending().settle({ bet_ref, payout_minor: payout });
    await t.modules.bonus.service.onBetSettled({
      player_id,
      bet_ref,
      product: 'casino',
      category: 'originals',
      stake_minor: stake,
      currency: 'EUR',
    });
  }
  return { funded: true as const, bet_ref, bonus_id };
}

describe('the setting', () => {
  it('is cash first by default; marketing changes it (audited), support may not, nonsense is a 422', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bonus-settings',
      headers: support.headers,
    });
    expect(read.json().data).toEqual({ spending_order: 'cash_first' });
    expect((await setOrder('bonus_first', support.headers)).statusCode).toBe(403);
    const bad = await setOrder('whatever');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('spending_order');
    const changed = await setOrder('bonus_first');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ spending_order: 'bonus_first' });
    const audit = await sql<{ before: unknown; after: unknown }>`
      select before, after from audit_log where action = 'bonus.spending_order'
      order by id desc limit 1`.execute(t.db);
    expect(audit.rows[0]).toMatchObject({
      before: { spending_order: 'cash_first' },
      after: { spending_order: 'bonus_first' },
    });
  });
});

describe('bonus first', () => {
  beforeAll(async () => {
    expect((await setOrder('bonus_first')).statusCode).toBe(200);
  });

  it('a Dice bet stakes the bonus, its return goes back to the bonus, cash is untouched', async () => {
    const promotion = await createPromotion();
    const player = await signedInPlayer(t);
    const bonus = (await deposit(player.id, 50_00n, promotion.code))!;
    expect(await balances(player.id)).toEqual({ cash: 50_00n, bonus: 50_00n });
    const response = await post(
      t,
      player.token,
      '/originals/dice/bet',
      withKey({ amount: '10', target: '50', direction: 'over' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const payout = BigInt(Math.round(Number(response.json().data.payout) * 100));
    expect(await balances(player.id)).toEqual({ cash: 50_00n, bonus: 40_00n + payout });
    const row = await bonusRow(bonus.id);
    expect(row).toMatchObject({ status: 'active', open_stakes: 0 });
    expect(BigInt(row.balance_minor)).toBe(40_00n + payout);
    // The player's view shows what is left of it.
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer/bonuses',
        headers: bearer(player.token),
      })
    ).json().data;
    expect(list[0].balance).toBe(((40_00 + Number(payout)) / 100).toFixed(2));
    // A stake above what the bonus has left comes from cash (never split).
    await deposit(player.id, 100_00n, null);
    const left = 40_00n + payout;
    const over = left + 1_00n;
    const big = await post(
      t,
      player.token,
      '/originals/dice/bet',
      withKey({ amount: (Number(over) / 100).toFixed(2), target: '50', direction: 'over' }),
    );
    expect(big.statusCode, big.body).toBe(200);
    const bigPayout = BigInt(Math.round(Number(big.json().data.payout) * 100));
    expect(await balances(player.id)).toEqual({
      cash: 150_00n - over + bigPayout,
      bonus: left,
    });
  });

  it('a spent bonus ends as lost; wagering met converts what is left, up to the cap', async () => {
    const promotion = await createPromotion({ max_conversion_multiplier: '1.5' });
    const player = await signedInPlayer(t);
    const lost = (await deposit(player.id, 20_00n, promotion.code))!;
    await portBet(player.id, 15_00n, 0n);
    await portBet(player.id, 5_00n, 0n);
    expect(await bonusRow(lost.id)).toMatchObject({ status: 'lost', balance_minor: '0' });
    expect(await balances(player.id)).toEqual({ cash: 20_00n, bonus: 0n });

    // 20 bonus, wagering 2 × 20 = 40; wins grow it to 50, the cap (1.5 × 20) converts 30.
    const won = (await deposit(player.id, 20_00n, promotion.code))!;
    await portBet(player.id, 20_00n, 40_00n);
    expect(await bonusRow(won.id)).toMatchObject({ status: 'active', balance_minor: '4000' });
    await portBet(player.id, 20_00n, 30_00n);
    expect(await bonusRow(won.id)).toMatchObject({ status: 'completed', converted_minor: '3000' });
    expect(await balances(player.id)).toEqual({ cash: 40_00n + 30_00n, bonus: 0n });
  });

  it('an open bet keeps its bonus running: no conversion, expiry or forfeit until it settles', async () => {
    const promotion = await createPromotion({ wagering_multiplier: 1 });
    const player = await signedInPlayer(t);
    const bonus = (await deposit(player.id, 10_00n, promotion.code))!;
    const open = await portBet(player.id, 10_00n, null);
    expect(open.funded).toBe(true);
    // Its stake counts before it settles (as a settled cash bet would) — the bonus stays.
    await t.modules.bonus.service.onBetSettled({
      player_id: player.id,
      bet_ref: key('cash-bet'),
      product: 'casino',
      category: 'originals',
      stake_minor: 10_00n,
      currency: 'EUR',
    });
    await t.modules.bonus.service.sweep(new Date(Date.now() + 60 * 86_400_000));
    expect(await bonusRow(bonus.id)).toMatchObject({ status: 'active', open_stakes: 1 });
    const forfeit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/bonuses/${bonus.id}/forfeit`,
      headers: bearer(player.token),
    });
    expect(forfeit.statusCode).toBe(409);
    expect(forfeit.json()).toMatchObject({ code: 'BONUS_BETS_OPEN' });
    // The return finds its bonus; then the wagering (met) converts all of it.
    await spending().settle({ bet_ref: open.funded ? open.bet_ref : '', payout_minor: 25_00n });
    expect(await bonusRow(bonus.id)).toMatchObject({
      status: 'completed',
      converted_minor: '2500',
      open_stakes: 0,
    });
    expect(await balances(player.id)).toEqual({ cash: 10_00n + 25_00n, bonus: 0n });
  });

  it('a studio round: its first bet decides; its bets, rollbacks and wins move the bonus; the studio is told the bonus money', async () => {
    const promotion = await createPromotion();
    const s = await launched(t, 100_00n);
    const bonus = (await deposit(s.player.id, 20_00n, promotion.code))!;
    const round = async (round_id: string, steps: Array<[string, Record<string, unknown>]>) => {
      const answers = [];
      for (const [action, body] of steps)
        answers.push(
          await call(t, action, {
            ...(action === 'rollback' ? { player_id: s.base.player_id, currency: 'EUR' } : s.base),
            round_id,
            ...body,
          }),
        );
      return answers;
    };
    const balance = await call(t, 'balance', s.base);
    expect(balance.body).toMatchObject({ balance: '120.00', bonus_balance: '20.00' });

    const [bet1, bet2, rollback, win] = await round('ra', [
      ['bet', { transaction_id: 'ra-1', amount: '5.00' }],
      ['bet', { transaction_id: 'ra-2', amount: '3.00' }],
      ['rollback', { transaction_id: 'ra-rb', reference_transaction_id: 'ra-2' }],
      ['win', { transaction_id: 'ra-w', amount: '10.00', round_closed: true }],
    ]);
    expect(bet1!.body).toMatchObject({ status: 200, balance: '120.00', bonus_balance: '15.00' });
    expect(bet2!.body).toMatchObject({ status: 200, bonus_balance: '12.00' });
    expect(rollback!.body).toMatchObject({ status: 200, bonus_balance: '15.00' });
    expect(win!.body).toMatchObject({ status: 200, balance: '120.00', bonus_balance: '25.00' });
    expect(await bonusRow(bonus.id)).toMatchObject({ balance_minor: '2500', open_stakes: 0 });
    // The closed round's net stake advanced its bonus's wagering (5.00 of 40.00).
    expect((await balances(s.player.id)).bonus).toBe(25_00n);
    // Wagering follows the BetSettled event, off the bet's request path.
    await t.modules.outbox.drain();
    await expect
      .poll(async () => {
        const list = (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/customer/bonuses',
            headers: bearer(s.player.token),
          })
        ).json().data;
        return list[0].wagered;
      })
      .toBe('5.00');

    // More than the bonus has: the round stakes cash.
    const [cashBet] = await round('rb', [['bet', { transaction_id: 'rb-1', amount: '30.00' }]]);
    expect(cashBet!.body).toMatchObject({ status: 200, balance: '90.00', bonus_balance: '25.00' });
    // A round the bonus started stays on the bonus: a later bet it cannot cover is refused.
    const [first, second] = await round('rc', [
      ['bet', { transaction_id: 'rc-1', amount: '20.00' }],
      ['bet', { transaction_id: 'rc-2', amount: '10.00' }],
    ]);
    expect(first!.body).toMatchObject({ status: 200, bonus_balance: '5.00' });
    expect(second!.body).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
    const [closed] = await round('rc', [
      ['win', { transaction_id: 'rc-w', amount: '0', round_closed: true }],
    ]);
    expect(closed!.body).toMatchObject({ status: 200, bonus_balance: '5.00' });
    expect(await bonusRow(bonus.id)).toMatchObject({ balance_minor: '500', open_stakes: 0 });
    expect(await balances(s.player.id)).toEqual({ cash: 90_00n, bonus: 5_00n });
  });

  it('a round closed while the bonus engine could not be told is told by the sweep', async () => {
    const promotion = await createPromotion();
    const s = await launched(t, 10_00n);
    const bonus = (await deposit(s.player.id, 20_00n, promotion.code))!;
    const body = { ...s.base, round_id: 'rd' };
    expect((await call(t, 'bet', { ...body, transaction_id: 'rd-1', amount: '4.00' })).status).toBe(
      200,
    );
    const close = vi
      .spyOn(t.modules.bonus.service.spending, 'close')
      .mockRejectedValueOnce(new Error('the process stopped here'));
    const win = { ...body, transaction_id: 'rd-w', amount: '6.00', round_closed: true };
    expect((await call(t, 'win', win)).status).toBe(500);
    // The studio's retry finds the win applied; the round is closed, its bonus bet still open.
    expect((await call(t, 'win', win)).body).toMatchObject({ status: 200, bonus_balance: '22.00' });
    expect(await bonusRow(bonus.id)).toMatchObject({ open_stakes: 1 });
    close.mockRestore();
    expect(await t.modules.lobby.provider.sweep(new Date(Date.now() + 60_000))).toBe(1);
    expect(await bonusRow(bonus.id)).toMatchObject({ balance_minor: '2200', open_stakes: 0 });
    expect(await t.modules.lobby.provider.sweep(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('an original whose bonus ended between pick and stake is staked from cash', async () => {
    const promotion = await createPromotion();
    const player = await signedInPlayer(t);
    const bonus = (await deposit(player.id, 10_00n, promotion.code))!;
    const forfeit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/bonuses/${bonus.id}/forfeit`,
      headers: bearer(player.token),
    });
    expect(forfeit.statusCode).toBe(200);
    // The bet was picked for the bonus just before it ended.
    const pick = vi.spyOn(spending(), 'pick').mockResolvedValueOnce(bonus.id);
    const response = await post(
      t,
      player.token,
      '/originals/dice/bet',
      withKey({ amount: '4', target: '50', direction: 'over' }),
    );
    pick.mockRestore();
    expect(response.statusCode, response.body).toBe(200);
    const payout = BigInt(Math.round(Number(response.json().data.payout) * 100));
    expect(await balances(player.id)).toEqual({ cash: 6_00n + payout, bonus: 0n });
    const bet = await sql<{ bonus_id: string | null }>`
      select bonus_id::text from casino_bets where player_id = ${player.id}`.execute(t.db);
    expect(bet.rows).toEqual([{ bonus_id: null }]);
  });

  it('cash first takes nothing from the bonus (the locked model)', async () => {
    expect((await setOrder('cash_first')).statusCode).toBe(200);
    try {
      const promotion = await createPromotion();
      const player = await signedInPlayer(t);
      await deposit(player.id, 20_00n, promotion.code);
      const response = await post(
        t,
        player.token,
        '/originals/dice/bet',
        withKey({ amount: '5', target: '50', direction: 'over' }),
      );
      expect(response.statusCode).toBe(200);
      const payout = BigInt(Math.round(Number(response.json().data.payout) * 100));
      expect(await balances(player.id)).toEqual({ cash: 15_00n + payout, bonus: 20_00n });
    } finally {
      expect((await setOrder('bonus_first')).statusCode).toBe(200);
    }
  });

  it('concurrent stakes never take more than the bonus has (exactly four of ten 5.00 stakes on 20.00, 20 rounds)', async () => {
    const promotion = await createPromotion();
    for (let round = 0; round < 20; round++) {
      const player = await signedInPlayer(t);
      const bonus = (await deposit(player.id, 20_00n, promotion.code))!;
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          spending().stake({
            bet_ref: key('race'),
            bonus_id: bonus.id,
            player_id: player.id,
            currency: 'EUR',
            amount_minor: 5_00n,
            house_purpose: 'originals',
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(4);
      expect(await bonusRow(bonus.id)).toMatchObject({ balance_minor: '0', open_stakes: 4 });
      expect((await balances(player.id)).bonus).toBe(0n);
    }
  });

  it('a stake and its return are booked once however often they are retried', async () => {
    const promotion = await createPromotion();
    const player = await signedInPlayer(t);
    const bonus = (await deposit(player.id, 30_00n, promotion.code))!;
    const input = {
      bet_ref: key('retry'),
      bonus_id: bonus.id,
      player_id: player.id,
      currency: 'EUR',
      amount_minor: 10_00n,
      house_purpose: 'originals',
    };
    expect(await Promise.all([spending().stake(input), spending().stake(input)])).toEqual([
      true,
      true,
    ]);
    await Promise.all([
      spending().settle({ bet_ref: input.bet_ref, payout_minor: 15_00n }),
      spending().settle({ bet_ref: input.bet_ref, payout_minor: 15_00n }),
    ]);
    await t.modules.bonus.service.sweep(new Date(Date.now() + 60_000));
    expect(await bonusRow(bonus.id)).toMatchObject({ balance_minor: '3500', open_stakes: 0 });
    expect((await balances(player.id)).bonus).toBe(35_00n);
  });

  it('property: cash + bonus equals what came in and was won; each bonus balance is its ledger share', async () => {
    const promotion = await createPromotion({ max_conversion_multiplier: '3' });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant('deposit' as const),
              amount: fc.integer({ min: 5_00, max: 60_00 }),
            }),
            fc.record({
              kind: fc.constant('bet' as const),
              amount: fc.integer({ min: 1_00, max: 30_00 }),
              // Returns from nothing to 3× the stake.
              payout_x10: fc.integer({ min: 0, max: 30 }),
            }),
            fc.record({ kind: fc.constant('forfeit' as const) }),
            fc.record({ kind: fc.constant('expire' as const) }),
          ),
          { minLength: 1, maxLength: 14 },
        ),
        async (steps) => {
          const player = await signedInPlayer(t);
          let paidIn = 0n;
          let net = 0n; // returns − stakes, on cash and bonus bets alike
          let granted = 0n;
          for (const step of steps) {
            if (step.kind === 'deposit') {
              const bonus = await deposit(player.id, BigInt(step.amount), promotion.code);
              paidIn += BigInt(step.amount);
              if (bonus) granted += bonus.amount_minor;
            } else if (step.kind === 'bet') {
              const stake = BigInt(step.amount);
              const payout = (stake * BigInt(step.payout_x10)) / 10n;
              const bet = await portBet(player.id, stake, payout);
              if (bet.funded) {
                net += payout - stake;
                continue;
              }
              if ((await balances(player.id)).cash < stake) continue;
              const bet_ref = key('cash');
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
              if (payout > 0n)
                await t.modules.ledger.service.transfer({
                  idempotency_key: `${bet_ref}:win`,
                  debit: { house: 'wagers', purpose: 'test' },
                  credit: { player_id: player.id, wallet: 'cash' },
                  amount_minor: payout,
                  currency: 'EUR',
                  reason_code: 'win',
                  object: { type: 'bet', id: bet_ref },
                  actor: SYSTEM,
                });
              net += payout - stake;
              await t.modules.bonus.service.onBetSettled({
                player_id: player.id,
                bet_ref,
                product: 'casino',
                category: 'slots',
                stake_minor: stake,
                currency: 'EUR',
              });
            } else if (step.kind === 'forfeit') {
              const active = await sql<{ id: string }>`
                select id::text from bonuses where player_id = ${player.id} and status = 'active'
                order by id limit 1`.execute(t.db);
              if (active.rows[0])
                await t.app.inject({
                  method: 'POST',
                  url: `/api/v1/customer/bonuses/${active.rows[0].id}/forfeit`,
                  headers: bearer(player.token),
                });
            } else {
              await t.modules.bonus.service.sweep(new Date(Date.now() + 40 * 86_400_000));
            }
          }
          const rows = await sql<{ status: string; balance: string; converted: string | null }>`
            select status, balance_minor::text as balance, converted_minor::text as converted
            from bonuses where player_id = ${player.id}`.execute(t.db);
          const activeBalance = rows.rows
            .filter((r) => r.status === 'active')
            .reduce((sum, r) => sum + BigInt(r.balance), 0n);
          const returned = rows.rows
            .filter((r) => r.status !== 'active')
            .reduce((sum, r) => sum + BigInt(r.balance) - BigInt(r.converted ?? '0'), 0n);
          const now = await balances(player.id);
          // The bonus account is exactly what the running bonuses have left.
          expect(now.bonus).toBe(activeBalance);
          // Everything the player has came in, was granted, or was won; what ended unconverted went back.
          expect(now.cash + now.bonus).toBe(paidIn + granted + net - returned);
          expect(rows.rows.every((r) => r.status !== 'lost' || r.balance === '0')).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });
});
