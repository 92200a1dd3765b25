import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FakeOddsApi,
  type FeedMessage,
  OddsApiFeed,
  type OddsApiFeedOptions,
  type SportsbookService,
} from '../src/modules/sportsbook/index.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { placeBet } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let sb: SportsbookService;
let fake: FakeOddsApi;
let base_url: string;
let owner: StaffMember;
let trader: StaffMember;
let n = 0;

beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  sb = t.modules.sportsbook.service;
  owner = await staffMember(t, 'owner');
  trader = await staffMember(t, 'trader');
  fake = new FakeOddsApi('test-key-12345', 10_000);
  base_url = await fake.listen();
});
afterEach(async () => {
  fake.faults.length = 0;
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

/** A fresh EPL game in the fake, priced by two bookmakers (h2h, totals 2.5, spreads −0.5). */
function newGame(
  extraMarkets: {
    key: string;
    outcomes: { name: string; price?: number; point?: number }[];
  }[] = [],
) {
  const id = `g${process.pid}x${++n}`;
  const book = (key: string, h: number, d: number, a: number) => ({
    key,
    title: key,
    markets: [
      {
        key: 'h2h',
        outcomes: [
          { name: 'Arsenal', price: h },
          { name: 'Draw', price: d },
          { name: 'Chelsea', price: a },
        ],
      },
      {
        key: 'totals',
        outcomes: [
          { name: 'Over', price: 1.9, point: 2.5 },
          { name: 'Under', price: 1.9, point: 2.5 },
        ],
      },
      {
        key: 'spreads',
        outcomes: [
          { name: 'Arsenal', price: 1.95, point: -0.5 },
          { name: 'Chelsea', price: 1.85, point: 0.5 },
        ],
      },
      ...extraMarkets,
    ],
  });
  const sport = `soccer_t${n}`;
  fake.odds.set(sport, [
    {
      id,
      sport_key: sport,
      sport_title: 'Test League',
      commence_time: new Date(Date.now() + 3_600_000).toISOString(),
      home_team: 'Arsenal',
      away_team: 'Chelsea',
      bookmakers: [book('b1', 2.1, 3.4, 3.5), book('b2', 2.0, 3.5, 3.7)],
    },
  ]);
  fake.scores.set(sport, []);
  return { id, sport, event_id: `oddsapi:${id}` };
}

function feedFor(sport: string, extra: Partial<OddsApiFeedOptions> = {}) {
  const seen: FeedMessage[] = [];
  const feed = new OddsApiFeed({
    base_url,
    api_key: fake.api_key,
    sports: [sport],
    regions: ['uk'],
    monthly_budget: 10_000,
    margin_bp: 600,
    timeout_ms: 300,
    stale_ms: 60_000,
    marketKeys: (id) => sb.eventMarketKeys(id),
    ...extra,
  });
  feed.attach(async (m) => {
    seen.push(m);
    await sb.ingest(m);
  });
  return { feed, seen };
}

const statuses = async (event_id: string) =>
  Object.fromEntries((await sb.event(event_id)).markets.map((m) => [m.key, m.status]));

describe('The Odds API adapter against the local fake', () => {
  it('polls into markets priced through the book, takes a bet, settles it once from the final score', async () => {
    const g = newGame();
    const { feed } = feedFor(g.sport);
    const t0 = Date.now();
    await feed.poll(t0);
    const event = await sb.event(g.event_id);
    expect(event.markets.map((m) => m.key).sort()).toEqual([
      'handicap:-500',
      'match_winner',
      'totals:2500',
    ]);
    const mw = event.markets.find((m) => m.key === 'match_winner')!;
    expect(mw.selections.map((s) => s.key)).toEqual(['home', 'draw', 'away']);
    // Our margin (6 %) over the bookmakers' consensus, not theirs.
    const book = mw.selections.reduce((a, s) => a + 1 / Number(s.odds), 0);
    expect(book).toBeGreaterThan(1.055);
    expect(book).toBeLessThan(1.065);
    expect(feed.health(t0)).toMatchObject({
      state: 'ok',
      requests_remaining: 10_000 - fake.used,
      requests_used: fake.used,
    });

    const player = await signedInPlayer(t);
    await deposit(t.modules.ledger.service, player.id, 100_00n);
    const home = mw.selections.find((s) => s.key === 'home')!;
    const over = event.markets
      .find((m) => m.key === 'totals:2500')!
      .selections.find((s) => s.key === 'over')!;
    for (const s of [home, over]) {
      const r = await placeBet(t, player.token, {
        kind: 'single',
        selections: [{ selection_id: s.id, odds: s.odds }],
        stake: '10.00',
      });
      expect(r.statusCode, r.body).toBe(200);
    }

    fake.odds.set(g.sport, []);
    fake.scores.set(g.sport, [
      {
        id: g.id,
        sport_key: g.sport,
        sport_title: 'Test League',
        commence_time: new Date(t0).toISOString(),
        completed: true,
        home_team: 'Arsenal',
        away_team: 'Chelsea',
        scores: [
          { name: 'Arsenal', score: '2' },
          { name: 'Chelsea', score: '0' },
        ],
        last_update: new Date(t0).toISOString(),
      },
    ]);
    await feed.poll(t0 + 7 * 3_600_000);
    // A second adapter (a restart, another leader) sees the same final score: nothing pays twice.
    await feedFor(g.sport).feed.poll(t0 + 8 * 3_600_000);
    const { rows } = await sql<{ status: string; payout_minor: string }>`
      select status, payout_minor::text from sb_bets where player_id = ${player.id} order by id`.execute(
      t.db,
    );
    // 10.00 at the home price (thousandths) pays that many cents; the over (2–0) loses.
    const homeWin = BigInt(Math.round(Number(home.odds) * 1000));
    expect(rows).toEqual([
      { status: 'settled', payout_minor: String(homeWin) },
      { status: 'settled', payout_minor: '0' },
    ]);
    const b = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    expect(b.cash.balance_minor).toBe(100_00n - 20_00n + homeWin);
    expect((await sb.event(g.event_id)).status).toBe('ended');
  });

  it('ignores unknown markets (counted), suspends a market without a complete price, no crash', async () => {
    const g = newGame([
      { key: 'alternate_totals', outcomes: [{ name: 'Over', price: 1.5, point: 1.5 }] },
    ]);
    // Both bookmakers lose the draw's price.
    for (const b of fake.odds.get(g.sport)![0]!.bookmakers!) {
      b.markets[0]!.outcomes = b.markets[0]!.outcomes.filter((o) => o.name !== 'Draw');
    }
    const { feed } = feedFor(g.sport);
    await feed.poll(Date.now());
    expect(await statuses(g.event_id)).toEqual({
      match_winner: 'suspended',
      'totals:2500': 'open',
      'handicap:-500': 'open',
    });
    expect(feed.health()).toMatchObject({ unknown_markets: 2, unpriced_markets: 1, state: 'ok' });
  });

  it('a 429 backs off by its Retry-After, a hanging request times out; stale markets suspend; the desk sees why', async () => {
    const g = newGame();
    const { feed } = feedFor(g.sport, { stale_ms: 300_000 });
    const t0 = Date.now();
    await feed.poll(t0);
    expect(Object.values(await statuses(g.event_id))).toEqual(['open', 'open', 'open']);
    const due = Date.parse(feed.health(t0).sports[0]!.next_poll_at);

    fake.faults.push({ kind: '429', retry_after_s: 120 });
    await feed.poll(due);
    expect(feed.health(due)).toMatchObject({
      state: 'failing',
      last_error: { kind: 'rate_limited' },
    });
    expect(Date.parse(feed.health(due).sports[0]!.next_poll_at)).toBe(due + 120_000);
    // Not due yet: no request is made while backing off.
    const asked = fake.requests.length;
    await feed.poll(due + 60_000);
    expect(fake.requests.length).toBe(asked);

    fake.faults.push({ kind: 'hang' });
    await feed.poll(due + 120_000);
    expect(feed.health(due + 120_000)).toMatchObject({ last_error: { kind: 'timeout' } });
    // Within the staleness limit past the missed poll: prices stay up.
    expect(Object.values(await statuses(g.event_id))).toEqual(['open', 'open', 'open']);

    // Past it, every market of the sport's events suspends, and the desk's line says so.
    fake.faults.push({ kind: '500' });
    await feed.poll(due + 300_000);
    expect(Object.values(await statuses(g.event_id))).toEqual([
      'suspended',
      'suspended',
      'suspended',
    ]);
    expect(feed.health(due + 300_000)).toMatchObject({
      state: 'stale',
      last_error: { kind: 'unavailable' },
      sports: [{ stale: true }],
    });

    // The next good answer reopens them.
    await feed.poll(due + 3_600_000);
    expect(Object.values(await statuses(g.event_id))).toEqual(['open', 'open', 'open']);
    expect(feed.health(due + 3_600_000).state).toBe('ok');
  });

  it('a wrong key is a 401: the sport waits an hour, nothing is written', async () => {
    const g = newGame();
    const { feed, seen } = feedFor(g.sport, { api_key: 'wrong-key-123' });
    await feed.poll(1_000);
    expect(seen).toEqual([]);
    expect(feed.health(1_000)).toMatchObject({
      last_error: { kind: 'unauthorized' },
      sports: [{ next_poll_at: new Date(1_000 + 3_600_000).toISOString() }],
    });
  });

  it('a failure writing what the provider sent backs off like a provider fault (no retry every second)', async () => {
    const g = newGame();
    const feed = new OddsApiFeed({
      base_url,
      api_key: fake.api_key,
      sports: [g.sport],
      regions: ['uk'],
      monthly_budget: 10_000,
      margin_bp: 600,
      marketKeys: async () => [],
    });
    feed.attach(async () => {
      throw new Error('database unavailable');
    });
    await feed.poll(5_000);
    expect(feed.health(5_000)).toMatchObject({
      state: 'failing',
      last_error: { kind: 'unavailable', message: 'database unavailable' },
      sports: [{ next_poll_at: new Date(15_000).toISOString() }],
    });
  });

  it("spreads the month's budget over the sports, a sport in play polled four times as often", async () => {
    const pre = newGame();
    const live = newGame();
    fake.odds.get(live.sport)![0]!.commence_time = new Date(Date.now() - 600_000).toISOString();
    const { feed } = feedFor(pre.sport, {
      sports: [pre.sport, live.sport],
      monthly_budget: 20_000,
    });
    await feed.poll(Date.now());
    const now = Date.UTC(2026, 10, 16); // 15 days left in the month
    const left = Math.min(20_000 - fake.used, 10_000 - fake.used);
    // (3 markets × 1 region + 2 for scores) per poll; five shares: four for the live sport, one for the other.
    const perMs = left / (15 * 86_400_000);
    expect(feed.intervalMs(pre.sport, now)).toBe(Math.round(5 / ((perMs * 1) / 5)));
    expect(feed.intervalMs(live.sport, now)).toBe(Math.round(5 / ((perMs * 4) / 5)));
    expect(feed.health().sports.map((s) => s.live)).toEqual([false, true]);
  });
});

describe('feed settings in the back office', () => {
  const put = (who: StaffMember, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/sportsbook/feed',
      headers: who.headers,
      payload: payload as never,
    });
  const body = {
    provider: 'odds_api',
    regions: ['uk', 'eu'],
    sports: ['soccer_epl', 'cricket_ipl'],
    monthly_budget: 20_000,
    margin_bp: 600,
    stale_ms: 180_000,
  };

  it('stores the choice and the key, shows only its last four characters, audits without it', async () => {
    expect((await put(owner, body)).json().message).toMatch(/API key/);
    expect((await put(trader, { ...body, api_key: 'abcdef123456' })).statusCode).toBe(403);
    expect((await put(owner, { ...body, api_key: 'short' })).statusCode).toBe(422);
    expect((await put(owner, { ...body, sports: ['Soccer EPL'] })).statusCode).toBe(422);
    const saved = await put(owner, { ...body, api_key: 'abcdef123456' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('abcdef123456');
    expect(saved.json().data).toMatchObject({
      provider: 'odds_api',
      api_key_hint: '••••3456',
      sports: body.sports,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sportsbook/feed',
      headers: trader.headers,
    });
    expect(read.json().data).toMatchObject({
      provider: 'odds_api',
      api_key_hint: '••••3456',
      health: { state: 'stopped' },
    });
    // Keeping the key: absent from the request.
    expect((await put(owner, { ...body, monthly_budget: 500 })).json().data.api_key_hint).toBe(
      '••••3456',
    );
    const { rows } = await sql<{ after: unknown }>`
      select after from audit_log where action = 'sportsbook.feed.settings' order by id`.execute(
      t.db,
    );
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows)).not.toContain('abcdef123456');
    await put(owner, { ...body, provider: 'simulator' });
  });

  it("on the feed's leader, choosing the local fake starts it at once; switching away suspends its markets", async () => {
    const control = t.modules.sportsbook.feedControl;
    await put(owner, { ...body, provider: 'disabled' });
    await control.start((m) => sb.ingest(m));
    try {
      expect(
        (await put(owner, { ...body, provider: 'odds_api_fake', sports: [] })).statusCode,
      ).toBe(200);
      // The fake answers within the poller's first pass (a second); wait for it, no fixed sleep.
      await vi.waitFor(
        async () => expect(Object.values(await statuses('oddsapi:demo-ars-che'))).toContain('open'),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
      const view = await t.app.inject({
        method: 'GET',
        url: '/api/admin/sportsbook/feed',
        headers: trader.headers,
      });
      expect(view.json().data.health).toMatchObject({
        provider: 'odds_api',
        state: 'ok',
        requests_used: 8,
      });
      await put(owner, { ...body, provider: 'disabled' });
      expect(new Set(Object.values(await statuses('oddsapi:demo-ars-che')))).toEqual(
        new Set(['suspended']),
      );
      const health = await t.app.inject({
        method: 'GET',
        url: '/api/admin/sportsbook/feed',
        headers: trader.headers,
      });
      expect(health.json().data.health).toEqual({ provider: 'disabled', state: 'disabled' });
    } finally {
      await control.stop();
      await put(owner, { ...body, provider: 'simulator' });
    }
  });
});
