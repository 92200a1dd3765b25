import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { call, launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/** Issue 19: free spins granted by a promotion, played in a studio game (decision 0804). */
let t: TestApp;
let marketing: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  marketing = await staffMember(t, 'marketing');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

let made = 0;
async function freeSpinsOffer(overrides: Record<string, unknown> = {}) {
  made += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: marketing.headers,
    payload: {
      code: `SPINS${made}`,
      kind: 'free_spins',
      title: { en: '3 free spins' },
      free_spins: 3,
      free_spin_games: ['lantern-fortune'],
      fixed_amount: { EUR: 50 },
      wagering_multiplier: 10,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    id: response.json().data.id as string,
    spins: (overrides.free_spins as number | undefined) ?? 3,
  };
}

/** A player with a live session on the slot who claimed the offer. */
async function claimed(offer: { id: string; spins?: number }) {
  const session = await launched(t, 0n);
  const claim = await t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/promotions/${offer.id}/claim`,
    headers: bearer(session.player.token),
  });
  expect(claim.statusCode, claim.body).toBe(200);
  expect(claim.json()).toMatchObject({
    message: 'Free spins added',
    data: {
      free_spins: true,
      spins_total: offer.spins ?? 3,
      spins_left: offer.spins ?? 3,
      bet: '0.50',
      status: 'active',
    },
  });
  const grant_id = claim.json().data.id as string;
  const spin = (win: string, txn = `fs-${randomUUID()}`) =>
    call(t, 'free-round', {
      ...session.base,
      grant_id,
      round_id: `r-${txn}`,
      transaction_id: txn,
      win,
    });
  const balances = () => t.modules.ledger.service.playerBalances(session.player.id, 'EUR');
  return { ...session, grant_id, spin, balances };
}

describe('free spins', () => {
  it('the studio sees the grant, plays it out, and the total win becomes one bonus with its wagering', async () => {
    const offer = await freeSpinsOffer();
    const player = await claimed(offer);
    const balance = await call(t, 'balance', player.base);
    expect(balance.body.free_rounds).toEqual([
      expect.objectContaining({ grant_id: player.grant_id, spins_left: 3, bet: '0.50' }),
    ]);
    expect((await player.spin('1.25')).body).toMatchObject({ spins_left: 2, win: '1.25' });
    // A retried report answers the same and counts once; the same id with another win is refused.
    const txn = `fs-${randomUUID()}`;
    expect((await player.spin('0', txn)).body).toMatchObject({ spins_left: 1 });
    expect((await player.spin('0', txn)).body).toMatchObject({ spins_left: 1, win: '1.25' });
    expect((await player.spin('9.00', txn)).body).toMatchObject({
      code: 'DUPLICATE_TRANSACTION',
    });
    // Nothing moved while spinning: the spins are the operator's.
    expect((await player.balances()).bonus.balance_minor).toBe(0n);
    expect((await player.balances()).cash.balance_minor).toBe(0n);
    const last = await player.spin('0.75');
    expect(last.body).toMatchObject({ spins_left: 0, win: '2.00', finished: true });
    expect((await player.balances()).bonus.balance_minor).toBe(200n);
    const bonuses = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/bonuses',
      headers: bearer(player.player.token),
    });
    expect(bonuses.json().data[0]).toMatchObject({
      amount: '2.00',
      wagering_required: '20.00',
      status: 'active',
    });
    // Used up: refused, and the grant is gone from the studio's view.
    expect((await player.spin('5.00')).body).toMatchObject({ code: 'FREE_ROUNDS_FINISHED' });
    expect((await call(t, 'balance', player.base)).body.free_rounds).toEqual([]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/free-spins',
      headers: bearer(player.player.token),
    });
    expect(mine.json().data[0]).toMatchObject({ status: 'completed', win: '2.00', spins_left: 0 });
  });

  it('two last spins racing: one ends the grant, one bonus, paid once', async () => {
    const offer = await freeSpinsOffer({ free_spins: 1 });
    const player = await claimed(offer);
    const answers = await Promise.all([player.spin('1.00'), player.spin('3.00')]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.win as string;
    expect((await player.balances()).bonus.balance_minor).toBe(won === '1.00' ? 100n : 300n);
    const bonuses = await sql<{ n: string }>`
      select count(*) as n from bonuses where player_id = ${player.player.id}`.execute(t.db);
    expect(Number(bonuses.rows[0]!.n)).toBe(1);
  });

  it('expired with spins left: the winnings so far are kept; a zero win grants nothing', async () => {
    const offer = await freeSpinsOffer();
    const player = await claimed(offer);
    await player.spin('0.40');
    await sql`update free_spin_grants set expires_at = now() - interval '1 second' where id = ${BigInt(player.grant_id)}`.execute(
      t.db,
    );
    expect((await player.spin('1.00')).body).toMatchObject({ code: 'FREE_ROUNDS_FINISHED' });
    await t.modules.bonus.service.sweep();
    expect((await player.balances()).bonus.balance_minor).toBe(40n);
    await t.modules.bonus.service.sweep();
    expect((await player.balances()).bonus.balance_minor).toBe(40n);

    // The operator switching the offer off later does not cancel what was won.
    const offer2 = await freeSpinsOffer({ free_spins: 1 });
    const late = await claimed(offer2);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promotions/${offer2.id}`,
      headers: marketing.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    // A patch changes only what it names (it once reset the others to their defaults).
    expect(off.json().data).toMatchObject({
      enabled: false,
      wagering_multiplier: 10,
      free_spins: 1,
    });
    expect((await late.spin('0.30')).body).toMatchObject({ finished: true });
    expect((await late.balances()).bonus.balance_minor).toBe(30n);

    const nothing = await claimed(await freeSpinsOffer({ free_spins: 1 }));
    expect((await nothing.spin('0')).body).toMatchObject({ finished: true });
    expect((await nothing.balances()).bonus.balance_minor).toBe(0n);
  });

  it('refuses what is not the player’s, and a player the gate stops', async () => {
    const offer = await freeSpinsOffer();
    const player = await claimed(offer);
    const other = await claimed(offer);
    const foreign = await call(t, 'free-round', {
      ...other.base,
      grant_id: player.grant_id,
      round_id: 'r-x',
      transaction_id: `fs-${randomUUID()}`,
      win: '1.00',
    });
    expect(foreign.body).toMatchObject({ code: 'FREE_ROUNDS_NOT_FOUND' });
    expect((await player.spin('-1')).body).toMatchObject({ code: 'INVALID_AMOUNT' });
    await t.modules.protection.service.timeout(player.player.id, 1, {
      type: 'player',
      id: player.player.id,
    });
    const refused = await player.spin('1.00');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TIMED_OUT' });
  });

  it('the back office refuses an incomplete free-spins offer with the missing field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: marketing.headers,
      payload: {
        code: 'NOSPINS',
        kind: 'free_spins',
        title: { en: 'x' },
        fixed_amount: { EUR: 50 },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('free_spins: free spins need how many spins');
  });
});
