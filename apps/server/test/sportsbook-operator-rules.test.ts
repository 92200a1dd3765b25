import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '../src/modules/ledger/index.ts';
import type { SportsbookService } from '../src/modules/sportsbook/index.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { msg, openStakeDrift, placeBet, syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

/** The sportsbook's operator rules per sport: early payout (0641) and cash-out (0642). */

let t: TestApp;
let ledger: LedgerService;
let sb: SportsbookService;
let trader: StaffMember;
let support: StaffMember;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  ledger = t.modules.ledger.service;
  sb = t.modules.sportsbook.service;
  trader = await staffMember(t, 'trader');
  support = await staffMember(t, 'support');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  expect(await openStakeDrift(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const admin = (who: StaffMember, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin/sportsbook${url}`,
    headers: who.headers,
    payload: payload as never,
  });

const balance = async (player_id: bigint) =>
  (await ledger.playerBalances(player_id, 'EUR')).cash.balance_minor;

type Bet = {
  id: string;
  status: string;
  payout_minor: string | null;
  cashout_minor: string | null;
  cashout_unavailable?: string | null;
  legs: { result: string; early_paid?: boolean }[];
};
async function myBet(token: string, id: string): Promise<Bet> {
  const list = await t.app.inject({
    url: '/api/v1/customer/sportsbook?status=all&per_page=100',
    headers: bearer(token),
  });
  return list.json().data.find((b: Bet) => b.id === id);
}

const score = (event_id: string, home: number, away: number, id = msg()) =>
  sb.ingest({
    kind: 'odds_change',
    id,
    event_id,
    status: 'live',
    score: { home: String(home), away: String(away) },
    markets: [],
  });
const result = (event_id: string, winner: 'home' | 'draw' | 'away') =>
  sb.ingest({
    kind: 'bet_settlement',
    id: msg(),
    event_id,
    markets: [
      {
        key: 'match_winner',
        outcomes: (['home', 'draw', 'away'] as const).map((key) => ({
          key,
          result: key === winner ? ('won' as const) : ('lost' as const),
        })),
      },
    ],
  });

/** A funded player with a pre-match 10.00 single on home at 2.00. */
async function homeSingle() {
  const ev = await syntheticEvent(sb);
  const player = await signedInPlayer(t);
  await deposit(ledger, player.id, 100_00n);
  const home = ev.sel('match_winner', 'home');
  const placed = await placeBet(t, player.token, {
    kind: 'single',
    selections: [{ selection_id: home.selection_id, odds: home.odds }],
    stake: '10.00',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return { ev, player, bet_id: placed.json().data.id as string };
}

describe('early payout (decision 0641)', () => {
  it('football pays a match result at a two-goal lead by default; the rule is set per sport, audited, bad input refused', async () => {
    const ev = await syntheticEvent(sb);
    const list = (await admin(trader, 'GET', '/early-payout')).json().data;
    expect(list.find((s: { sport_id: string }) => s.sport_id === 'football')).toMatchObject({
      enabled: true,
      market_types: ['match_winner'],
      lead: 2,
      default: true,
    });
    const markets = (await sb.event(ev.id)).markets;
    expect(markets.find((m) => m.type === 'match_winner')?.early_payout).toBe(true);
    expect(markets.find((m) => m.type === 'handicap')?.early_payout).toBe(false);

    for (const body of [
      { enabled: true, market_types: ['match_winner'], lead: 0 },
      { enabled: true, market_types: ['totals'], lead: 2 },
      { enabled: true, market_types: ['match_winner'], lead: 2.5 },
      { market_types: ['match_winner'], lead: 2 },
      { enabled: true, market_types: [], lead: 2 },
    ]) {
      const refused = await admin(trader, 'PUT', '/sports/football/early-payout', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const rule = { enabled: true, market_types: ['match_winner'], lead: 3 };
    expect((await admin(trader, 'PUT', '/sports/nosuch/early-payout', rule)).statusCode).toBe(404);
    expect((await admin(support, 'PUT', '/sports/football/early-payout', rule)).statusCode).toBe(
      403,
    );
    const set = await admin(trader, 'PUT', '/sports/football/early-payout', rule);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ lead: 3, default: false });
    const audit = await t.modules.audit.service.search(
      { actor_type: 'staff', actor_id: String(trader.id) },
      { limit: 20, offset: 0 },
    );
    expect(audit.rows.find((e) => e.action === 'sportsbook.sport.early_payout')).toMatchObject({
      before: { lead: 2 },
      after: { lead: 3 },
    });
    // Back to the default lead for the cases below.
    await admin(trader, 'PUT', '/sports/football/early-payout', { ...rule, lead: 2 });
  });

  it('a single is paid once on the trigger, repeats and a restart change nothing, a comeback does not reverse it', async () => {
    const { ev, player, bet_id } = await homeSingle();
    await score(ev.id, 1, 0);
    expect((await myBet(player.token, bet_id)).status).toBe('open');
    await score(ev.id, 2, 0, 'm:trigger');
    const paid = await myBet(player.token, bet_id);
    expect(paid).toMatchObject({ status: 'settled', payout_minor: '2000' });
    expect(paid.legs[0]).toMatchObject({ result: 'won', early_paid: true });
    expect(await balance(player.id)).toBe(110_00n);

    await score(ev.id, 2, 0, 'm:trigger');
    await score(ev.id, 3, 0);
    await sb.recoverEarlyPayouts();
    // The comeback: away wins, then the result is rolled back and corrected to a draw.
    await score(ev.id, 2, 3);
    await result(ev.id, 'away');
    await sb.ingest({
      kind: 'rollback_bet_settlement',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
    });
    await result(ev.id, 'draw');
    expect(await myBet(player.token, bet_id)).toMatchObject({
      status: 'settled',
      payout_minor: '2000',
    });
    expect(await balance(player.id)).toBe(110_00n);
  });

  it('a multiple’s leg counts as won; the bet pays when its other legs are decided', async () => {
    const a = await syntheticEvent(sb);
    const b = await syntheticEvent(sb);
    const player = await signedInPlayer(t);
    await deposit(ledger, player.id, 100_00n);
    const legs = [a.sel('match_winner', 'away'), b.sel('match_winner', 'home')];
    const placed = await placeBet(t, player.token, {
      kind: 'multiple',
      selections: legs.map((l) => ({ selection_id: l.selection_id, odds: l.odds })),
      stake: '10.00',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as string;
    await score(a.id, 0, 2);
    const waiting = await myBet(player.token, id);
    expect(waiting.status).toBe('open');
    expect(waiting.legs.map((l) => l.early_paid)).toEqual([true, false]);
    await result(a.id, 'home');
    await result(b.id, 'home');
    // 10.00 × 3.75 × 2.00
    expect(await myBet(player.token, id)).toMatchObject({
      status: 'settled',
      payout_minor: '7500',
    });
  });

  it('a bet placed in play, another market and a lead short of the rule are not paid early', async () => {
    const ev = await syntheticEvent(sb);
    const player = await signedInPlayer(t);
    await deposit(ledger, player.id, 100_00n);
    const handicap = ev.sel('handicap:-250', 'home');
    const pre = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: handicap.selection_id, odds: handicap.odds }],
      stake: '10.00',
    });
    await score(ev.id, 1, 0);
    const home = (await sb.event(ev.id)).markets
      .find((m) => m.key === 'match_winner')!
      .selections.find((s) => s.key === 'home')!;
    const live = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: home.id, odds: home.odds }],
      stake: '10.00',
    });
    expect(live.statusCode, live.body).toBe(200);
    await score(ev.id, 3, 0);
    for (const id of [pre.json().data.id, live.json().data.id])
      expect((await myBet(player.token, id)).status).toBe('open');
  });

  it('a mark a crash left unsettled is settled at start-up', async () => {
    const { player, bet_id } = await homeSingle();
    await sql`update sb_bet_legs set early_paid_at = now() where bet_id = ${bet_id}::bigint`.execute(
      t.db,
    );
    expect(await sb.recoverEarlyPayouts()).toBeGreaterThanOrEqual(1);
    expect(await myBet(player.token, bet_id)).toMatchObject({
      status: 'settled',
      payout_minor: '2000',
    });
    expect(await balance(player.id)).toBe(110_00n);
  });
});

describe('cash-out per sport (decision 0642)', () => {
  const cashout = (token: string, id: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${id}/cashout`,
      headers: bearer(token),
      payload,
    });
  const setCashout = (body: Record<string, unknown>) =>
    admin(trader, 'PUT', '/sports/football/cashout', body);

  it('an operator sets a sport’s cash-out, audited; the offer, the partial minimum and the switch follow it', async () => {
    const { ev, player, bet_id } = await homeSingle();
    const list = (await admin(trader, 'GET', '/cashout-settings')).json().data;
    expect(list.find((s: { sport_id: string }) => s.sport_id === 'football')).toMatchObject({
      enabled: true,
      margin_bp: 500,
      partial_min_bp: 1000,
      default: true,
    });
    for (const body of [
      { enabled: true, margin_bp: 5001, partial_min_bp: 1000 },
      { enabled: true, margin_bp: -1, partial_min_bp: 1000 },
      { enabled: true, margin_bp: 500, partial_min_bp: 99 },
      { enabled: true, margin_bp: 500, partial_min_bp: 5001 },
      { enabled: true, margin_bp: 2.5, partial_min_bp: 1000 },
      { margin_bp: 500, partial_min_bp: 1000 },
    ]) {
      const refused = await setCashout(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const body = { enabled: true, margin_bp: 0, partial_min_bp: 2500 };
    expect((await admin(trader, 'PUT', '/sports/nosuch/cashout', body)).statusCode).toBe(404);
    expect((await admin(support, 'PUT', '/sports/football/cashout', body)).statusCode).toBe(403);

    expect((await setCashout(body)).statusCode).toBe(200);
    const offered = await myBet(player.token, bet_id);
    expect(offered.cashout_unavailable).toBeNull();
    const fair = BigInt(offered.cashout_minor!);
    const tenPercent = await setCashout({ ...body, margin_bp: 1000 });
    expect(tenPercent.json().data).toMatchObject({ margin_bp: 1000, default: false });
    expect(BigInt((await myBet(player.token, bet_id)).cashout_minor!)).toBe(
      (fair * 9_000n) / 10_000n,
    );
    // 20 % of the stake is under the sport's 25 % minimum: refused, nothing moved.
    const small = await cashout(player.token, bet_id, { stake_minor: '200', amount_minor: '1' });
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ code: 'CASHOUT_PART_INVALID' });
    expect(small.json().message).toContain('25 %');

    await setCashout({ ...body, enabled: false });
    // Not offered on the sport (decision 0662): said so, not "suspended".
    expect(await myBet(player.token, bet_id)).toMatchObject({
      cashout_minor: null,
      cashout_unavailable: 'not_offered',
    });
    const off = await cashout(player.token, bet_id, { amount_minor: '1' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({
      code: 'CASHOUT_UNAVAILABLE',
      message: 'Cash-out is not offered on this sport',
    });
    // The stake is still held (reserved within the balance): nothing was posted or paid.
    expect(await balance(player.id)).toBe(100_00n);

    const audit = await t.modules.audit.service.search(
      { actor_type: 'staff', actor_id: String(trader.id) },
      { limit: 50, offset: 0 },
    );
    expect(audit.rows.find((e) => e.action === 'sportsbook.sport.cashout')).toMatchObject({
      after: { enabled: false },
    });
    await setCashout({ enabled: true, margin_bp: 500, partial_min_bp: 1000 });
    // Offered again, then the market stops: suspended, for now.
    expect((await myBet(player.token, bet_id)).cashout_unavailable).toBeNull();
    await sb.ingest({ kind: 'bet_stop', id: msg(), event_id: ev.id });
    expect(await myBet(player.token, bet_id)).toMatchObject({
      cashout_minor: null,
      cashout_unavailable: 'suspended',
    });
  });
});
