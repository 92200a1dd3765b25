import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '../src/modules/ledger/index.ts';
import type { SportsbookService } from '../src/modules/sportsbook/index.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { msg, openStakeDrift, placeBet, syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
let ledger: LedgerService;
let sb: SportsbookService;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  ledger = t.modules.ledger.service;
  sb = t.modules.sportsbook.service;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  expect(await openStakeDrift(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

async function funded(amount = 100_00n) {
  const player = await signedInPlayer(t);
  await deposit(ledger, player.id, amount);
  return player;
}
const balance = async (player_id: bigint) =>
  (await ledger.playerBalances(player_id, 'EUR')).cash.balance_minor;

type Bet = {
  id: string;
  status: string;
  stake_minor: string;
  potential_return_minor: string;
  payout_minor: string | null;
  cashout_minor: string | null;
  cashout_stake_minor: string;
  cashouts: { stake_minor: string; amount_minor: string }[];
  review: string | null;
};
async function myBet(token: string, id: string): Promise<Bet> {
  const list = await t.app.inject({
    url: '/api/v1/customer/sportsbook?status=all&per_page=100',
    headers: bearer(token),
  });
  return list.json().data.find((b: Bet) => b.id === id);
}
const cashout = (token: string, id: string, payload: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/sportsbook/bets/${id}/cashout`,
    headers: bearer(token),
    payload,
  });

/** A 10.00 single on home at 2.00, then home shortens to 1.60 (book 1.60 / 3.40 / 3.75). */
async function shortenedBet() {
  const ev = await syntheticEvent(sb);
  const player = await funded();
  const home = ev.sel('match_winner', 'home');
  const placed = await placeBet(t, player.token, {
    kind: 'single',
    selections: [{ selection_id: home.selection_id, odds: home.odds }],
    stake: '10.00',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  await sb.ingest({
    kind: 'odds_change',
    id: msg(),
    event_id: ev.id,
    markets: [
      {
        key: 'match_winner',
        type: 'match_winner',
        line_milli: null,
        name: 'Match result',
        status: 'open',
        selections: [{ key: 'home', name: 'Home FC', odds_milli: 1_600, active: true }],
      },
    ],
  });
  return { ev, player, id: placed.json().data.id as string };
}
const result = (event_id: string, home: 'won' | 'lost') =>
  sb.ingest({
    kind: 'bet_settlement',
    id: msg(),
    event_id,
    markets: [{ key: 'match_winner', outcomes: [{ key: 'home', result: home }] }],
  });

describe('partial cash-out', () => {
  it('cashes out 40 %: paid now, 60 % rides at 2.00; a correction and a void pay only the rest, once', async () => {
    const { ev, player, id } = await shortenedBet();
    // Fair price 1.60 × 2419/2040; 10.00 × 2.00 / it = 10.54, less 5 % = 10.01; 4.00 of it: 3.99.
    expect((await myBet(player.token, id)).cashout_minor).toBe('1001');
    const part = await cashout(player.token, id, { stake_minor: '400', amount_minor: '399' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({
      status: 'open',
      stake_minor: '600',
      potential_return_minor: '1200',
      cashout_stake_minor: '400',
      cashouts: [{ stake_minor: '400', amount_minor: '399' }],
    });
    expect(await balance(player.id)).toBe(93_99n);
    // What rides settles alone: won pays 6.00 × 2.00.
    await result(ev.id, 'won');
    expect(await balance(player.id)).toBe(105_99n);
    // A correction to lost takes back exactly that payout; repeated, nothing more.
    const correction = {
      kind: 'bet_settlement' as const,
      id: msg(),
      event_id: ev.id,
      markets: [{ key: 'match_winner', outcomes: [{ key: 'home', result: 'lost' as const }] }],
    };
    await sb.ingest(correction);
    await sb.ingest(correction);
    await result(ev.id, 'lost');
    expect(await balance(player.id)).toBe(93_99n);
    // A void returns the 6.00 that rode, never the part already cashed.
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
      reason: 'test',
    });
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
      reason: 'test',
    });
    expect(await balance(player.id)).toBe(99_99n);
    expect(await myBet(player.token, id)).toMatchObject({ status: 'settled', payout_minor: '600' });
  });

  it('two parts then the rest: each its own key, the bet ends cashed out with every cash-out summed', async () => {
    const { player, id } = await shortenedBet();
    expect(
      (await cashout(player.token, id, { stake_minor: '200', amount_minor: '1' })).statusCode,
    ).toBe(200);
    expect(
      (await cashout(player.token, id, { stake_minor: '300', amount_minor: '1' })).statusCode,
    ).toBe(200);
    const rest = await cashout(player.token, id, { amount_minor: '1' });
    expect(rest.statusCode, rest.body).toBe(200);
    const bet = rest.json().data as Bet;
    expect(bet.status).toBe('cashed_out');
    expect(bet.cashouts.map((c) => c.stake_minor)).toEqual(['200', '300', '500']);
    const paid = bet.cashouts.reduce((s, c) => s + BigInt(c.amount_minor), 0n);
    expect(bet.cashout_minor).toBe(String(paid));
    expect(await balance(player.id)).toBe(90_00n + paid);
    for (const key of [`sb:bet:${id}:cashout`, `sb:bet:${id}:cashout:2`, `sb:bet:${id}:cashout:3`])
      expect(await ledger.transferByKey(key)).toBeTruthy();
  });

  it('refuses a part over the stake or under the minimum, an amount above the offer, a suspended market: 4xx, nothing moved', async () => {
    const { ev, player, id } = await shortenedBet();
    const before = await myBet(player.token, id);
    const refusals = [
      [{ stake_minor: '1001', amount_minor: '1' }, 422, 'CASHOUT_PART_INVALID'],
      [{ stake_minor: '50', amount_minor: '1' }, 422, 'CASHOUT_PART_INVALID'],
      [{ stake_minor: '950', amount_minor: '1' }, 422, 'CASHOUT_PART_INVALID'],
      [{ stake_minor: '0', amount_minor: '1' }, 422, 'VALIDATION_FAILED'],
      [{ stake_minor: '400', amount_minor: '400' }, 409, 'CASHOUT_CHANGED'],
    ] as const;
    for (const [payload, status, code] of refusals) {
      const r = await cashout(player.token, id, payload);
      expect(r.json(), JSON.stringify(payload)).toMatchObject({ status, code });
      expect(typeof r.json().message).toBe('string');
    }
    await sb.ingest({ kind: 'bet_stop', id: msg(), event_id: ev.id });
    const suspended = await cashout(player.token, id, { stake_minor: '400', amount_minor: '1' });
    expect(suspended.json()).toMatchObject({ status: 409, code: 'CASHOUT_UNAVAILABLE' });
    expect(suspended.json().message).toContain('suspended');
    // The stake is still only held: nothing was posted or paid.
    expect(await ledger.playerBalances(player.id, 'EUR')).toMatchObject({
      cash: { balance_minor: 100_00n, reserved_minor: 10_00n },
    });
    expect(await myBet(player.token, id)).toMatchObject({
      status: 'open',
      stake_minor: before.stake_minor,
      cashouts: [],
    });
  });

  it('a void after a whole cash-out pays nothing more', async () => {
    const { ev, player, id } = await shortenedBet();
    expect((await cashout(player.token, id, { amount_minor: '1001' })).statusCode).toBe(200);
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
      reason: 'test',
    });
    expect(await balance(player.id)).toBe(100_01n);
    expect(await myBet(player.token, id)).toMatchObject({
      status: 'cashed_out',
      cashout_minor: '1001',
    });
  });
});

describe('a correction the player can no longer pay back (decision 0621)', () => {
  it('is held for the desk, the other bets reopen, and it applies once the money is there', async () => {
    const ev = await syntheticEvent(sb);
    const winner = await funded(10_00n);
    const home = ev.sel('match_winner', 'home');
    const placed = await placeBet(t, winner.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '10.00',
    });
    const id = placed.json().data.id as string;
    await result(ev.id, 'won');
    expect(await balance(winner.id)).toBe(20_00n);
    // The winner withdraws 15.00 of it (here: to the house clearing account).
    await ledger.transfer({
      idempotency_key: `spent:${winner.id}`,
      debit: { player_id: winner.id, wallet: 'cash' },
      credit: { house: 'payment_clearing', purpose: 'sandbox' },
      amount_minor: 15_00n,
      currency: 'EUR',
      reason_code: 'withdrawal',
      object: { type: 'payment', id: `spent:${winner.id}` },
      actor: { type: 'system', id: 'test' },
    });
    await result(ev.id, 'lost');
    expect(await balance(winner.id)).toBe(5_00n);
    expect(await myBet(winner.token, id)).toMatchObject({
      status: 'settled',
      payout_minor: '2000',
      review: 'INSUFFICIENT_FUNDS',
    });
    // The trading desk's list: the bet, its player, 20.00 paid, 0 due, 20.00 short.
    const owner = await staffMember(t, 'owner');
    const support = await staffMember(t, 'support');
    const desk = (
      await t.app.inject({ url: '/api/admin/sportsbook/held-corrections', headers: owner.headers })
    ).json().data;
    expect(desk.find((b: { bet_id: string }) => b.bet_id === id)).toMatchObject({
      player_id: String(winner.id),
      paid_minor: '2000',
      due_minor: '0',
      short_minor: '2000',
      reason: 'INSUFFICIENT_FUNDS',
      legs: [{ selection_name: 'Home FC', result: 'lost' }],
    });
    const retry = (who: { headers: Record<string, string> }, bet = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/sportsbook/held-corrections/${bet}/retry`,
        headers: who.headers,
      });
    expect((await retry(support)).statusCode).toBe(403);
    // Still short: it stays held.
    expect((await retry(owner)).json().data).toMatchObject({ held: true });
    // A deposit later, the desk retries: the 20.00 comes back once, the mark clears.
    await deposit(ledger, winner.id, 20_00n);
    expect((await retry(owner)).json().data).toMatchObject({ held: false, payout_minor: '0' });
    expect((await retry(owner)).json()).toMatchObject({
      status: 409,
      code: 'CORRECTION_NOT_HELD',
    });
    await sb.retryReview(BigInt(id));
    expect(await balance(winner.id)).toBe(5_00n);
    expect(await myBet(winner.token, id)).toMatchObject({
      status: 'settled',
      payout_minor: '0',
      review: null,
    });
  });
});

describe('a held correction written off (decision 0643)', () => {
  it('the house takes the loss once under concurrent clicks; retry refused; later results undo it', async () => {
    const ev = await syntheticEvent(sb);
    const winner = await funded(10_00n);
    const home = ev.sel('match_winner', 'home');
    const placed = await placeBet(t, winner.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '10.00',
    });
    const id = placed.json().data.id as string;
    await result(ev.id, 'won');
    await ledger.transfer({
      idempotency_key: `spent-wo:${winner.id}`,
      debit: { player_id: winner.id, wallet: 'cash' },
      credit: { house: 'payment_clearing', purpose: 'sandbox' },
      amount_minor: 15_00n,
      currency: 'EUR',
      reason_code: 'withdrawal',
      object: { type: 'payment', id: `spent-wo:${winner.id}` },
      actor: { type: 'system', id: 'test' },
    });
    await result(ev.id, 'lost');
    expect((await myBet(winner.token, id)).review).toBe('INSUFFICIENT_FUNDS');
    const owner = await staffMember(t, 'owner');
    const trader = await staffMember(t, 'trader');
    const writeOff = (who: { headers: Record<string, string> }, payload: unknown, bet = id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/sportsbook/held-corrections/${bet}/write-off`,
        headers: who.headers,
        payload: payload as Record<string, unknown>,
      });
    const writtenOff = async () =>
      (await ledger.houseBalance('adjustments', 'EUR', 'bet_write_off')).balance_minor;
    const houseBefore = await writtenOff();
    // Bad input and the wrong desk: refused, nothing moves.
    const refusals = [
      { who: owner, payload: {}, status: 422 },
      { who: owner, payload: { reason: '  x ' }, status: 422 },
      { who: owner, payload: { reason: 'r'.repeat(501) }, status: 422 },
      { who: owner, payload: { reason: 'player bankrupt' }, bet: 'abc', status: 422 },
      { who: owner, payload: { reason: 'player bankrupt' }, bet: '999999999', status: 404 },
      { who: trader, payload: { reason: 'player bankrupt' }, status: 403 },
    ];
    for (const r of refusals) {
      const response = await writeOff(r.who, r.payload, r.bet);
      expect(response.statusCode, response.body).toBe(r.status);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await writtenOff()).toBe(houseBefore);
    // Three clicks at once: one writes off 20.00, the others find nothing held.
    const clicks = await Promise.all(
      [1, 2, 3].map(() => writeOff(owner, { reason: 'player cannot repay; account closed' })),
    );
    const done = clicks.filter((c) => c.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json().data).toMatchObject({
      bet_id: id,
      status: 'settled',
      payout_minor: '0',
      written_off_minor: '2000',
    });
    for (const c of clicks.filter((c) => c.statusCode !== 200))
      expect(c.json()).toMatchObject({ status: 409, code: 'CORRECTION_NOT_HELD' });
    // The player's balance untouched; the bet shows the corrected result; the loss is the house's.
    expect(await balance(winner.id)).toBe(5_00n);
    expect(await myBet(winner.token, id)).toMatchObject({
      status: 'settled',
      payout_minor: '0',
      review: null,
    });
    expect(await writtenOff()).toBe(houseBefore - 20_00n);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/sportsbook/held-corrections/${id}/retry`,
      headers: owner.headers,
    });
    expect(retry.json()).toMatchObject({ status: 409, code: 'CORRECTION_NOT_HELD' });
    expect((await writeOff(owner, { reason: 'again' })).json()).toMatchObject({
      code: 'CORRECTION_NOT_HELD',
    });
    const audit = await t.modules.audit.service.search(
      { actor_type: 'staff', actor_id: String(owner.id) },
      { limit: 20, offset: 0 },
    );
    expect(audit.rows.filter((e) => e.action === 'sportsbook.correction.write_off')).toMatchObject([
      {
        before: { review: 'INSUFFICIENT_FUNDS', payout_minor: '2000' },
        after: {
          review: null,
          written_off_minor: '2000',
          reason: 'player cannot repay; account closed',
        },
      },
    ]);
    // The result corrected back to won: the write-off is reversed, the player keeps the 20.00
    // already paid (nothing is taken on balance, so nothing is held), once.
    await result(ev.id, 'won');
    await sb.retryReview(BigInt(id));
    expect(await myBet(winner.token, id)).toMatchObject({
      status: 'settled',
      payout_minor: '2000',
      review: null,
    });
    expect(await balance(winner.id)).toBe(5_00n);
    expect(await writtenOff()).toBe(houseBefore);
  });
});
