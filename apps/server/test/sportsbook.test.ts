import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '../src/modules/ledger/index.ts';
import type { SportsbookService } from '../src/modules/sportsbook/index.ts';
import { SimulatedFeed } from '../src/modules/sportsbook/index.ts';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { domainEvents } from './outbox-support.ts';
import { msg, openStakeDrift, placeBet, syntheticEvent } from './sportsbook-support.ts';

let t: TestApp;
let ledger: LedgerService;
let sb: SportsbookService;

beforeAll(async () => {
  t = await testApp();
  ledger = t.modules.ledger.service;
  sb = t.modules.sportsbook.service;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
  // The open stakes the per-market limit reads follow every placement, refusal and settlement.
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
const cash = async (player_id: bigint) => {
  const b = await ledger.playerBalances(player_id, 'EUR');
  return { balance: b.cash.balance_minor, available: b.cash.balance_minor - b.cash.reserved_minor };
};

describe('catalogue from the simulated feed', () => {
  it('the scheduler fills live and upcoming cricket and football with priced markets', async () => {
    const feed = t.modules.sportsbook.feed as SimulatedFeed;
    expect(feed).toBeInstanceOf(SimulatedFeed);
    await feed.schedule();
    const tree = (await t.app.inject({ url: '/api/v1/sports' })).json().data;
    expect(tree.sports.map((s: { id: string }) => s.id).sort()).toEqual(
      expect.arrayContaining(['cricket', 'football']),
    );
    const live = (
      await t.app.inject({ url: '/api/v1/sports/events?when=live&sport=cricket' })
    ).json().data;
    expect(live.length).toBeGreaterThanOrEqual(1);
    const event = (
      await t.app.inject({ url: `/api/v1/sports/events/${encodeURIComponent(live[0].id)}` })
    ).json().data;
    const types = new Set(event.markets.map((m: { type: string }) => m.type));
    for (const type of ['match_winner', 'innings_runs', 'top_batsman', 'next_over_runs'])
      expect(types).toContain(type);
    for (const market of event.markets) {
      for (const s of market.selections)
        if (s.odds !== null) expect(Number(s.odds)).toBeGreaterThan(1);
    }
    // Balls bowled move the score and the prices.
    const before = event.markets.find((m: { type: string }) => m.type === 'match_winner')
      .selections[0].odds;
    await feed.tick(45_000 * 12); // twelve balls
    const after = (
      await t.app.inject({ url: `/api/v1/sports/events/${encodeURIComponent(live[0].id)}` })
    ).json().data;
    expect(after.clock).toBe('2.0 ov');
    expect(after.score.home).toMatch(/^\d+\/\d+$/);
    expect(typeof before).toBe('string');
    const upcoming = (
      await t.app.inject({ url: '/api/v1/sports/events?when=upcoming&sport=football' })
    ).json().data;
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(upcoming[0].main_market.selections).toHaveLength(3);
  });
});

describe('placement', () => {
  it('a single reserves the stake; /customer/sportsbook lists it; a retry with the same key is the same bet', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const key = `same-key-${Date.now()}`;
    const body = {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '10.00',
      idempotency_key: key,
    };
    const first = await placeBet(t, player.token, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'open',
      stake_minor: '1000',
      potential_return_minor: '2000',
    });
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n });
    const again = await placeBet(t, player.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n });
    const other = await placeBet(t, player.token, { ...body, stake: '11.00' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    const list = (
      await t.app.inject({
        url: '/api/v1/customer/sportsbook?status=open',
        headers: bearer(player.token),
      })
    ).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].legs[0]).toMatchObject({
      selection_name: 'Home FC',
      odds: '2.00',
      result: 'open',
    });
  });

  it('refuses bad input with a clear 4xx and leaves the wallet unchanged', async () => {
    const ev = await syntheticEvent(sb);
    const ev2 = await syntheticEvent(sb);
    const player = await funded(50_00n);
    const home = ev.sel('match_winner', 'home');
    const draw = ev.sel('match_winner', 'draw');
    const hcap = ev.sel('handicap:-250', 'home');
    const away2 = ev2.sel('match_winner', 'away');
    const single = (stake: string, odds = home.odds) => ({
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds }],
      stake,
    });
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['zero', single('0'), 422, 'stake must be greater than zero'],
      ['negative', single('-5'), 422, 'negative'],
      ['too many decimals', single('1.001'), 422, 'at most 2 decimals'],
      ['over balance', single('60.00'), 409, 'balance is too low'],
      ['over limit', single('6000.00'), 422, 'maximum stake'],
      ['changed odds', single('5.00', '2.10'), 409, 'price moved from 2.10 to 2.00'],
      [
        'duplicate selection',
        {
          kind: 'multiple',
          selections: [
            { selection_id: home.selection_id, odds: home.odds },
            { selection_id: home.selection_id, odds: home.odds },
          ],
          stake: '1.00',
        },
        422,
        'same selection',
      ],
      [
        'conflicting selections',
        {
          kind: 'multiple',
          selections: [
            { selection_id: draw.selection_id, odds: draw.odds },
            { selection_id: hcap.selection_id, odds: hcap.odds },
          ],
          stake: '1.00',
        },
        422,
        'same event',
      ],
      [
        'single with two legs',
        {
          kind: 'single',
          selections: [
            { selection_id: home.selection_id, odds: home.odds },
            { selection_id: away2.selection_id, odds: away2.odds },
          ],
          stake: '1.00',
        },
        422,
        'exactly one',
      ],
      [
        'unknown selection',
        {
          kind: 'single',
          selections: [{ selection_id: '999999999', odds: '2.00' }],
          stake: '1.00',
        },
        404,
        'does not exist',
      ],
      ['stake not a number', single('ten'), 422, 'stake'],
    ];
    for (const [name, body, status, message] of cases) {
      const response = await placeBet(t, player.token, body);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json().message, name).toContain(message);
      expect(await cash(player.id), name).toEqual({ balance: 50_00n, available: 50_00n });
    }
    // Price moved but the player accepts higher prices: a lower price is still refused, a higher one taken.
    const lower = await placeBet(t, player.token, {
      ...single('5.00', '2.10'),
      accept_odds: 'higher',
    });
    expect(lower.statusCode).toBe(409);
    const higher = await placeBet(t, player.token, {
      ...single('5.00', '1.90'),
      accept_odds: 'higher',
    });
    expect(higher.statusCode, higher.body).toBe(200);
    expect(higher.json().data.legs[0].odds).toBe('2.00');
  });

  it('a suspended market (feed bet stop or trader) and a settled market are refused', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const body = {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '1.00',
    };
    await sb.ingest({
      kind: 'bet_stop',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
    });
    let response = await placeBet(t, player.token, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'MARKET_SUSPENDED' });
    await sb.ingest({
      kind: 'odds_change',
      id: msg(),
      event_id: ev.id,
      markets: [
        {
          ...ev.detail.markets[0]!,
          type: 'match_winner',
          line_milli: null,
          status: 'open',
          selections: ev.detail.markets[0]!.selections.map((s) => ({
            key: s.key,
            name: s.name,
            odds_milli: s.odds_milli,
            active: true,
          })),
        },
      ],
    });
    expect((await placeBet(t, player.token, body)).statusCode).toBe(200);
    await sb.traderSuspendMarket(
      { type: 'system', id: 'test' } as never,
      BigInt(home.market_id),
      true,
      'test',
    );
    response = await placeBet(t, player.token, body);
    expect(response.json()).toMatchObject({ status: 409, code: 'MARKET_SUSPENDED' });
    await sb.traderSuspendMarket(
      { type: 'system', id: 'test' } as never,
      BigInt(home.market_id),
      false,
      'test',
    );
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
    response = await placeBet(t, player.token, body);
    expect(response.json()).toMatchObject({ status: 409, code: 'MARKET_CLOSED' });
  });

  it("a player's stake factor scales the limits; 0 stops betting", async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded(10_000_00n);
    await sb.traderStakeFactor({ type: 'system', id: 'test' } as never, player.id, 10);
    const home = ev.sel('match_winner', 'home');
    const over = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '60.00',
    });
    expect(over.json()).toMatchObject({
      status: 422,
      code: 'STAKE_OVER_LIMIT',
      message: 'The maximum stake is 50.00',
    });
    // Per market: stakes and potential returns add up over the player's open bets.
    await sb.traderStakeFactor({ type: 'system', id: 'test' } as never, player.id, 100);
    const first = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '300.00',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '300.00',
    });
    expect(second.json()).toMatchObject({
      status: 422,
      code: 'MARKET_LIMIT',
      message: 'Match result: your stake on this market would exceed 500.00',
    });
    await sb.traderStakeFactor({ type: 'system', id: 'test' } as never, player.id, 0);
    expect(
      (
        await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: home.selection_id, odds: home.odds }],
          stake: '1.00',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('odds format', () => {
  it('is remembered per player, decimal until chosen; an unknown format is refused', async () => {
    const player = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    const url = '/api/v1/customer/sportsbook/preferences';
    const read = async (p: typeof player) =>
      (await t.app.inject({ url, headers: bearer(p.token) })).json().data.odds_format;
    expect(await read(player)).toBe('decimal');
    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(player.token),
      payload: { odds_format: 'malay' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await read(player)).toBe('malay');
    expect(await read(other)).toBe('decimal');
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(player.token),
      payload: { odds_format: 'roman' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/odds_format/);
    expect(await read(player)).toBe('malay');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('placement path', () => {
  const homeWins = (event_id: string) => ({
    kind: 'bet_settlement' as const,
    id: msg(),
    event_id,
    markets: [
      {
        key: 'match_winner',
        outcomes: [
          { key: 'home', result: 'won' as const },
          { key: 'draw', result: 'lost' as const },
          { key: 'away', result: 'lost' as const },
        ],
      },
    ],
  });

  it('two requests racing with one key answer one bet; another slip racing under the key is refused and leaves the bet its limit usage', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    // With a wager limit the gate counts each stake under the slip's key.
    const limit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/responsible-gaming/limits',
      headers: bearer(player.token),
      payload: { wager: { daily: '500' } },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const home = ev.sel('match_winner', 'home');
    const slip = (idempotency_key: string, stake: string) => ({
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake,
      idempotency_key,
    });
    // Both requests have read the key (no bet yet) before either stores its bet.
    const wagers = t.modules.wagers.service;
    const admit = wagers.admit;
    let arrived = 0;
    let bothArrived = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    wagers.admit = async (request) => {
      arrived += 1;
      if (arrived === 2) bothArrived();
      await barrier;
      return admit.call(wagers, request);
    };
    try {
      const same = `race-same-${Date.now()}`;
      const [a, b] = await Promise.all([
        placeBet(t, player.token, slip(same, '10.00')),
        placeBet(t, player.token, slip(same, '10.00')),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      expect(a.json().data.id).toBe(b.json().data.id);
      expect([a.json().message, b.json().message].sort()).toEqual([
        'Bet already placed',
        'Bet placed',
      ]);
      expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n });

      arrived = 0;
      const other = `race-other-${Date.now()}`;
      const [c, d] = await Promise.all([
        placeBet(t, player.token, slip(other, '10.00')),
        placeBet(t, player.token, slip(other, '11.00')),
      ]);
      const answers = [c.json(), d.json()].sort((x, y) => x.status - y.status);
      expect(answers.map((x) => x.status)).toEqual([200, 409]);
      expect(answers[1]).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      const stake = answers[0].data.stake_minor === '1000' ? 10_00n : 11_00n;
      expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n - stake });
      const usage = await sql<{ amount_minor: bigint }>`
        select amount_minor from stake_limit_usage where reference = ${`sb:${player.id}:${other}`}`.execute(
        t.db,
      );
      expect(usage.rows.map((r) => r.amount_minor)).toEqual([stake]);
    } finally {
      wagers.admit = admit;
    }
  });

  it('limits and stake factors kept in memory follow a change made straight in the database', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const single = (stake: string) =>
      placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: home.selection_id, odds: home.odds }],
        stake,
      });
    // Read (and kept) by the first bet.
    expect((await single('20.00')).statusCode).toBe(200);
    await changeBySql(t, sql`update sb_limits set max_stake_minor = 1500 where currency = 'EUR'`);
    try {
      expect((await single('20.00')).json()).toMatchObject({
        status: 422,
        code: 'STAKE_OVER_LIMIT',
        message: 'The maximum stake is 15.00',
      });
    } finally {
      await changeBySql(
        t,
        sql`update sb_limits set max_stake_minor = 500000 where currency = 'EUR'`,
      );
    }
    expect((await single('20.00')).statusCode).toBe(200);
    await changeBySql(
      t,
      sql`insert into sb_player_limits (player_id, stake_factor_milli) values (${player.id}, 0)`,
    );
    expect((await single('1.00')).json()).toMatchObject({
      status: 403,
      code: 'BETTING_RESTRICTED',
    });
    await changeBySql(t, sql`delete from sb_player_limits where player_id = ${player.id}`);
    expect((await single('1.00')).statusCode).toBe(200);
  });

  it('a leg resulted while the bet is being placed is settled as the bet opens', async () => {
    const player = await funded();
    const wagers = t.modules.wagers.service;
    const stake = wagers.stake;
    const placeDuring = async (
      during: (ev: Awaited<ReturnType<typeof syntheticEvent>>) => Promise<unknown>,
    ) => {
      const ev = await syntheticEvent(sb);
      const home = ev.sel('match_winner', 'home');
      // The result lands after the bet is stored (pending) and before its stake is held.
      wagers.stake = async (...args) => {
        await during(ev);
        return stake.apply(wagers, args);
      };
      try {
        return await placeBet(t, player.token, {
          kind: 'single',
          selections: [{ selection_id: home.selection_id, odds: home.odds }],
          stake: '10.00',
        });
      } finally {
        wagers.stake = stake;
      }
    };
    // Through the feed: its settlement finds the bet pending and leaves it to the placement.
    const won = await placeDuring((ev) => sb.ingest(homeWins(ev.id)));
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data).toMatchObject({ status: 'settled', payout_minor: '2000' });
    const marked = await sql<{ reconcile_due: boolean }>`
      select reconcile_due from sb_bets where id = ${BigInt(won.json().data.id)}`.execute(t.db);
    expect(marked.rows[0]?.reconcile_due).toBe(true);
    expect(await cash(player.id)).toEqual({ balance: 110_00n, available: 110_00n });
    // Straight in the database, with nobody to reconcile the bet: the placement sees it.
    const lost = await placeDuring((ev) =>
      sql`update sb_selections set result = 'lost'
             where id = ${BigInt(ev.sel('match_winner', 'home').selection_id)}`.execute(t.db),
    );
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data).toMatchObject({ status: 'settled', payout_minor: '0' });
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 100_00n });
  });

  it('a bet interrupted after its hold is released and marked by the recovery; a retry is told so', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const body = {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '10.00',
      idempotency_key: `crash-${Date.now()}`,
    };
    const wagers = t.modules.wagers.service;
    const stake = wagers.stake;
    wagers.stake = async (...args) => {
      await stake.apply(wagers, args);
      throw new Error('the process stopped after the hold');
    };
    try {
      expect((await placeBet(t, player.token, body)).statusCode).toBe(500);
    } finally {
      wagers.stake = stake;
    }
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n });
    expect(await sb.recoverPending(0)).toBe(1);
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 100_00n });
    expect((await placeBet(t, player.token, body)).json()).toMatchObject({
      status: 409,
      code: 'INTERRUPTED',
    });
  });
});

describe('settlement', () => {
  it('won, then a result twice, a rollback and a re-settlement move money exactly once each', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const bet = (
      await placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: home.selection_id, odds: home.odds }],
        stake: '10.00',
      })
    ).json().data;
    const homeWins = {
      kind: 'bet_settlement' as const,
      id: msg(),
      event_id: ev.id,
      markets: [
        {
          key: 'match_winner',
          outcomes: [
            { key: 'home', result: 'won' as const },
            { key: 'draw', result: 'lost' as const },
            { key: 'away', result: 'lost' as const },
          ],
        },
      ],
    };
    // A result before the bet stop: the market stops and settles, once.
    await sb.ingest(homeWins);
    expect(await cash(player.id)).toEqual({ balance: 110_00n, available: 110_00n });
    await sb.ingest(homeWins); // the same message again
    await sb.ingest({ ...homeWins, id: msg() }); // the same result in a new message
    expect(await cash(player.id)).toEqual({ balance: 110_00n, available: 110_00n });
    // Told once, in the settlement's transaction (the outbox).
    const told = (await domainEvents(t.db, 'BetSettled')).filter(
      (e) => e.payload.bet_ref === `sports:${bet.id}`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({
      product: 'sports',
      stake_minor: 1000n,
      payout_minor: 2000n,
      currency: 'EUR',
      status: 'settled',
      funding: 'cash',
      version: 1,
    });
    await sb.ingest({
      kind: 'rollback_bet_settlement',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
    });
    expect(await cash(player.id)).toEqual({ balance: 90_00n, available: 90_00n });
    await sb.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id: ev.id,
      markets: [
        {
          key: 'match_winner',
          outcomes: [
            { key: 'home', result: 'lost' },
            { key: 'draw', result: 'won' },
            { key: 'away', result: 'lost' },
          ],
        },
      ],
    });
    expect(await cash(player.id)).toEqual({ balance: 90_00n, available: 90_00n });
    const view = (
      await t.app.inject({
        url: '/api/v1/customer/sportsbook?status=settled',
        headers: bearer(player.token),
      })
    ).json().data[0];
    expect(view).toMatchObject({
      id: bet.id,
      status: 'settled',
      payout_minor: '0',
      settle_version: 3,
    });
  });

  it('quarter line: a draw half-loses the −0.25 side and half-wins the +0.25 side; a void bet releases its hold', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const h = ev.sel('handicap:-250', 'home');
    const a = ev.sel('handicap:-250', 'away');
    const d = ev.sel('match_winner', 'draw');
    await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: h.selection_id, odds: h.odds }],
      stake: '10.00',
    });
    await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: a.selection_id, odds: a.odds }],
      stake: '10.00',
    });
    await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: d.selection_id, odds: d.odds }],
      stake: '10.00',
    });
    await sb.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id: ev.id,
      markets: [
        {
          key: 'handicap:-250',
          outcomes: [
            { key: 'home', result: 'half_lost' },
            { key: 'away', result: 'half_won' },
          ],
        },
      ],
    });
    // −0.25: 5.00 back; +0.25: 5.00 × 1.9 + 5.00 = 14.50; the draw bet still holds 10.00.
    expect(await cash(player.id)).toEqual({
      balance: 100_00n - 20_00n + 5_00n + 14_50n,
      available: 100_00n - 30_00n + 5_00n + 14_50n,
    });
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: ev.id,
      market_keys: ['match_winner'],
      reason: 'abandoned',
    });
    expect(await cash(player.id)).toEqual({ balance: 99_50n, available: 99_50n });
  });

  it('a multiple settles when its last leg does; a void leg drops out; a dead heat pays the share', async () => {
    const e1 = await syntheticEvent(sb);
    const e2 = await syntheticEvent(sb);
    const e3 = await syntheticEvent(sb);
    const player = await funded();
    const legs = [
      e1.sel('match_winner', 'home'),
      e2.sel('match_winner', 'away'),
      e3.sel('match_winner', 'home'),
    ];
    const bet = (
      await placeBet(t, player.token, {
        kind: 'multiple',
        selections: legs.map((l) => ({ selection_id: l.selection_id, odds: l.odds })),
        stake: '2.00',
      })
    ).json().data;
    expect(bet.potential_return_minor).toBe(String((200n * 2000n * 3750n * 2000n) / 1000n ** 3n));
    const win = (event: string, key: string, extra = {}) => ({
      kind: 'bet_settlement' as const,
      id: msg(),
      event_id: event,
      markets: [{ key: 'match_winner', outcomes: [{ key, result: 'won' as const, ...extra }] }],
    });
    await sb.ingest(win(e1.id, 'home'));
    await sb.ingest({
      kind: 'bet_cancel',
      id: msg(),
      event_id: e2.id,
      market_keys: ['match_winner'],
      reason: 'postponed',
    });
    expect((await sb.playerBets(player.id, { open: true, limit: 10, offset: 0 }))[0]!.status).toBe(
      'open',
    );
    await sb.ingest(win(e3.id, 'home', { dead_heat: { num: 1, den: 2 } }));
    // 2.00 × 2.0 × 1 (void) × 2.0 / 2 = 4.00
    expect(await cash(player.id)).toEqual({
      balance: 100_00n - 2_00n + 4_00n,
      available: 100_00n - 2_00n + 4_00n,
    });
  });

  it('a system bet "2 from 3" pays each winning double', async () => {
    const evs = [await syntheticEvent(sb), await syntheticEvent(sb), await syntheticEvent(sb)];
    const player = await funded();
    const legs = evs.map((e) => e.sel('match_winner', 'home'));
    const bet = (
      await placeBet(t, player.token, {
        kind: 'system',
        system_size: 2,
        selections: legs.map((l) => ({ selection_id: l.selection_id, odds: l.odds })),
        stake: '1.00',
      })
    ).json().data;
    expect(bet).toMatchObject({ lines: 3, stake_minor: '300' });
    expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 97_00n });
    for (const [i, e] of evs.entries()) {
      await sb.ingest({
        kind: 'bet_settlement',
        id: msg(),
        event_id: e.id,
        markets: [
          { key: 'match_winner', outcomes: [{ key: 'home', result: i === 2 ? 'lost' : 'won' }] },
        ],
      });
    }
    // One double wins: 1.00 × 2 × 2 = 4.00.
    expect(await cash(player.id)).toEqual({ balance: 101_00n, available: 101_00n });
  });
});

describe('cash-out', () => {
  it('offers from current prices with a margin, refuses a stale amount, pays once', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const bet = (
      await placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: home.selection_id, odds: home.odds }],
        stake: '10.00',
      })
    ).json().data;
    // The price shortens to 1.60; with the book's 18.6 % margin taken out (1.60 / 3.40 / 3.75)
    // the fair price is 1.897: value 10 × 2.0 / 1.897 = 10.54, less 5 % = 10.01 (decision 0620).
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
    const open = (
      await t.app.inject({
        url: '/api/v1/customer/sportsbook?status=open',
        headers: bearer(player.token),
      })
    ).json().data[0];
    expect(open.cashout_minor).toBe('1001');
    const greedy = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${bet.id}/cashout`,
      headers: bearer(player.token),
      payload: { amount_minor: '1300' },
    });
    expect(greedy.json()).toMatchObject({ status: 409, code: 'CASHOUT_CHANGED' });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${bet.id}/cashout`,
      headers: bearer(player.token),
      payload: { amount_minor: '1001' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'cashed_out', cashout_minor: '1001' });
    expect(await cash(player.id)).toEqual({ balance: 100_01n, available: 100_01n });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/sportsbook/bets/${bet.id}/cashout`,
      headers: bearer(player.token),
      payload: { amount_minor: '1001' },
    });
    expect(twice.statusCode).toBe(409);
    // The result that follows changes nothing for a cashed-out bet.
    await sb.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id: ev.id,
      markets: [{ key: 'match_winner', outcomes: [{ key: 'home', result: 'won' }] }],
    });
    expect(await cash(player.id)).toEqual({ balance: 100_01n, available: 100_01n });
  });
});

describe('player protection gate', () => {
  it('placement asks the gate first; a refusal writes nothing', async () => {
    const ev = await syntheticEvent(sb);
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const gate = t.modules.protection.gate;
    const original = gate.admit;
    const seen: unknown[] = [];
    gate.admit = async (request) => {
      seen.push(request);
      const { gateRefusal } = await import('../src/modules/protection/index.ts');
      throw gateRefusal({
        code: 'JURISDICTION_BLOCKED',
        message: 'Real-money play is not available here',
      });
    };
    try {
      const response = await placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: home.selection_id, odds: home.odds }],
        stake: '3.00',
      });
      expect(response.json()).toMatchObject({ status: 403, code: 'JURISDICTION_BLOCKED' });
      expect(seen[0]).toMatchObject({
        action: 'sports_bet',
        amount_minor: 300n,
        currency: 'EUR',
        player_id: player.id,
      });
      expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 100_00n });
      expect(await sb.playerBets(player.id, { limit: 10, offset: 0 })).toEqual([]);
    } finally {
      gate.admit = original;
    }
  });
});

describe('live odds socket', () => {
  it('pushes price and status changes of subscribed events only', async () => {
    const ev = await syntheticEvent(sb);
    const other = await syntheticEvent(sb);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1/sports/ws`);
    const received: {
      type: string;
      event_id?: string;
      data?: { selections?: { odds: string }[]; status?: string };
    }[] = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', events: [ev.id] }));
    await expect.poll(() => received.some((m) => m.type === 'ready')).toBe(true);
    const market = {
      key: 'match_winner',
      type: 'match_winner' as const,
      line_milli: null,
      name: 'Match result',
      status: 'open' as const,
      // 1.90 with the draw at 3.40 and away at 3.75 keeps the book above its floor (108.7 %).
      selections: [{ key: 'home', name: 'Home FC', odds_milli: 1_900, active: true }],
    };
    await sb.ingest({ kind: 'odds_change', id: msg(), event_id: other.id, markets: [market] });
    await sb.ingest({
      kind: 'odds_change',
      id: msg(),
      event_id: ev.id,
      status: 'live',
      clock: "12'",
      markets: [market],
    });
    await sb.ingest({ kind: 'bet_stop', id: msg(), event_id: ev.id });
    await expect
      .poll(() => received.filter((m) => m.type === 'market').length)
      .toBeGreaterThanOrEqual(2);
    expect(received.every((m) => m.event_id === undefined || m.event_id === ev.id)).toBe(true);
    const markets = received.filter((m) => m.type === 'market');
    expect(markets[0]!.data!.selections![0]!.odds).toBe('1.90');
    expect(markets.at(-1)!.data!.status).toBe('suspended');
    expect(received.find((m) => m.type === 'event')?.data).toMatchObject({ status: 'live' });
    socket.close();
  });
});

describe('live bet delay', () => {
  it('holds the stake while waiting, then accepts at an unchanged price or refuses a moved one', async () => {
    const ev = await syntheticEvent(sb, { status: 'live' });
    const player = await funded();
    const home = ev.sel('match_winner', 'home');
    const body = {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: home.odds }],
      stake: '10.00',
    };
    sb.setLiveDelay(400);
    try {
      // Unchanged: accepted after the delay.
      const started = Date.now();
      const ok = await placeBet(t, player.token, body);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(ok.json().data.status).toBe('open');
      // The price drops while the bet waits: refused, the hold released.
      const pending = placeBet(t, player.token, body);
      await expect.poll(async () => (await cash(player.id)).available).toBe(80_00n);
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
            selections: [{ key: 'home', name: 'Home FC', odds_milli: 1_800, active: true }],
          },
        ],
      });
      const refused = await pending;
      expect(refused.json()).toMatchObject({
        status: 409,
        code: 'PRICE_CHANGED',
        message: 'Home FC: the price moved from 2.00 to 1.80',
      });
      expect(await cash(player.id)).toEqual({ balance: 100_00n, available: 90_00n });
    } finally {
      sb.setLiveDelay(0);
    }
  });
});

describe('under concurrency', () => {
  it('forty concurrent bets, settled and then reconciled all at once, never exhaust the pool', async () => {
    const ev = await syntheticEvent(sb);
    const home = ev.sel('match_winner', 'home');
    const players = await Promise.all(Array.from({ length: 8 }, () => funded()));
    const placed = await Promise.all(
      players.flatMap((p) =>
        Array.from({ length: 5 }, () =>
          placeBet(t, p.token, {
            kind: 'single',
            selections: [{ selection_id: home.selection_id, odds: home.odds }],
            stake: '1.00',
          }),
        ),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    await sb.ingest({
      kind: 'bet_settlement',
      id: msg(),
      event_id: ev.id,
      markets: [{ key: 'match_winner', outcomes: [{ key: 'home', result: 'won' }] }],
    });
    // Reconciling all forty at once again changes nothing (and needs no more connections than the pool has).
    await Promise.all(placed.map((r) => sb.reconcile(BigInt(r.json().data.id))));
    for (const p of players)
      expect(await cash(p.id)).toEqual({ balance: 105_00n, available: 105_00n });
  });
});
