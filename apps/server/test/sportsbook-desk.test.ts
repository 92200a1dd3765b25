import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SportsbookService } from '../src/modules/sportsbook/index.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { placeBet, syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let sb: SportsbookService;
let trader: StaffMember;
let support: StaffMember;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  sb = t.modules.sportsbook.service;
  trader = await staffMember(t, 'trader');
  support = await staffMember(t, 'support');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const admin = (who: StaffMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin/sportsbook${url}`,
    headers: who.headers,
    payload: payload as never,
  });

describe('trading desk', () => {
  it('a trader sees liability, suspends and resumes with a reason, fixes a price, settles by hand; all audited', async () => {
    const ev = await syntheticEvent(sb);
    const player = await signedInPlayer(t);
    await deposit(t.modules.ledger.service, player.id, 100_00n);
    const home = ev.sel('match_winner', 'home');
    const draw = ev.sel('match_winner', 'draw');
    expect(
      (
        await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: home.selection_id, odds: home.odds }],
          stake: '10.00',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: draw.selection_id, odds: draw.odds }],
          stake: '5.00',
        })
      ).statusCode,
    ).toBe(200);

    const detail = (await admin(trader, 'GET', `/events/${encodeURIComponent(ev.id)}`)).json().data;
    const market = detail.markets.find((m: { key: string }) => m.key === 'match_winner');
    const homeRow = market.selections.find((s: { key: string }) => s.key === 'home');
    // Home at 2.00 owes 20.00 against 15.00 staked on the market: the book loses 5.00 if it wins.
    expect(homeRow).toMatchObject({
      bets: 1,
      stake_minor: '1000',
      potential_minor: '2000',
      liability_minor: '500',
    });
    expect(detail.stake_minor).toBe('1500');

    expect(
      (
        await admin(trader, 'POST', `/markets/${market.id}/suspend`, {
          suspended: true,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await admin(trader, 'POST', `/markets/${market.id}/suspend`, {
          suspended: true,
          reason: 'injury news',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: home.selection_id, odds: home.odds }],
          stake: '1.00',
        })
      ).json().code,
    ).toBe('MARKET_SUSPENDED');
    // The feed's next odds change does not undo the trader's stop.
    await sb.ingest({
      kind: 'odds_change',
      id: `m:${Date.now()}`,
      event_id: ev.id,
      markets: [
        {
          key: 'match_winner',
          type: 'match_winner',
          line_milli: null,
          name: 'Match result',
          status: 'open',
          selections: [{ key: 'home', name: 'Home FC', odds_milli: 2_000, active: true }],
        },
      ],
    });
    expect(
      (
        await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: home.selection_id, odds: home.odds }],
          stake: '1.00',
        })
      ).json().code,
    ).toBe('MARKET_SUSPENDED');
    expect(
      (
        await admin(trader, 'POST', `/markets/${market.id}/suspend`, {
          suspended: false,
          reason: 'news checked',
        })
      ).statusCode,
    ).toBe(200);

    expect(
      (await admin(trader, 'POST', `/selections/${home.selection_id}/price`, { odds: '1.7777' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await admin(trader, 'POST', `/selections/${home.selection_id}/price`, { odds: '1.75' }))
        .statusCode,
    ).toBe(200);
    expect((await sb.event(ev.id)).markets[0]!.selections[0]!.odds).toBe('1.75');

    const settle = await admin(trader, 'POST', `/markets/${market.id}/settle`, {
      winner_selection_id: draw.selection_id,
      reason: 'official result',
    });
    expect(settle.statusCode, settle.body).toBe(200);
    const balances = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    // 100 − 10 − 5 + 5 × 3.40 = 102.00
    expect(balances.cash.balance_minor).toBe(102_00n);

    const audit = await t.modules.audit.service.search(
      { actor_type: 'staff', actor_id: String(trader.id) },
      { limit: 50, offset: 0 },
    );
    const actions = audit.rows.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sportsbook.market.suspend',
        'sportsbook.market.resume',
        'sportsbook.selection.price',
        'sportsbook.market.settle',
      ]),
    );
  });

  it('other roles are refused; the ticker and stake factor work for the trader', async () => {
    expect((await admin(support, 'GET', '/events')).statusCode).toBe(403);
    expect(
      (await admin(support, 'POST', '/markets/1/suspend', { suspended: true, reason: 'nope' }))
        .statusCode,
    ).toBe(403);
    const player = await signedInPlayer(t);
    expect(
      (await admin(trader, 'PUT', `/players/${player.id}/limits`, { stake_factor_milli: 250 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin(trader, 'GET', `/players/${player.id}/limits`)).json().data.stake_factor_milli,
    ).toBe(250);
    const ticker = await admin(trader, 'GET', '/bets?limit=5');
    expect(ticker.statusCode).toBe(200);
    expect(ticker.json().data.length).toBeGreaterThan(0);
  });
});
