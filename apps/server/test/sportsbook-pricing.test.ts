import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXHAUSTIVE_MARKET_TYPES,
  type FeedMarket,
  type FeedMessage,
  type MarketType,
  SimulatedFeed,
  type SportsbookService,
} from '../src/modules/sportsbook/index.ts';
import {
  bookAtLeast,
  bookBp,
  PRICING_DEFAULTS,
} from '../src/modules/sportsbook/sportsbook.pricing.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent } from './ledger-support.ts';
import { msg, placeBet, syntheticEvent } from './sportsbook-support.ts';
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

const FLOOR_BP = PRICING_DEFAULTS.margin_min_bp;

const admin = (who: StaffMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/admin/sportsbook${url}`,
    headers: who.headers,
    payload: payload as never,
  });

type DeskSelection = {
  id: string;
  key: string;
  odds: string | null;
  odds_milli: number | null;
  trader_odds_milli: number | null;
  feed_odds_milli: number | null;
};
type DeskMarket = {
  id: string;
  key: string;
  status: string;
  book_bp: number | null;
  feed_book_bp: number | null;
  book_min_bp: number | null;
  book_stop: string | null;
  selections: DeskSelection[];
};
async function deskMarket(event_id: string, key: string): Promise<DeskMarket> {
  const response = await admin(trader, 'GET', `/events/${encodeURIComponent(event_id)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.markets.find((m: DeskMarket) => m.key === key);
}

/** A market as a feed sends it, with decimal prices × 1000 in selection order. */
function market(
  key: string,
  type: MarketType,
  selections: [string, number | null][],
  line_milli: number | null = null,
): FeedMarket {
  return {
    key,
    type,
    line_milli,
    name: key,
    status: 'open',
    selections: selections.map(([k, odds_milli]) => ({
      key: k,
      name: k,
      odds_milli,
      active: odds_milli !== null,
    })),
  };
}
const oddsChange = (event_id: string, ...markets: FeedMarket[]): FeedMessage => ({
  kind: 'odds_change',
  id: msg(),
  event_id,
  markets,
});

describe('the book takes prices from any feed only through its guard', () => {
  it('corrects a sure-profit book to its floor and suspends a near-certain market', async () => {
    const ev = await syntheticEvent(sb);
    // 1/2.20 + 1/3.40 + 1/4.80 = 95.69 %: backing all three wins for sure.
    await sb.ingest(
      oddsChange(
        ev.id,
        market('match_winner', 'match_winner', [
          ['home', 2_200],
          ['draw', 3_400],
          ['away', 4_800],
        ]),
      ),
    );
    const corrected = (await sb.event(ev.id)).markets.find((m) => m.key === 'match_winner')!;
    expect(corrected.status).toBe('open');
    const prices = corrected.selections.map((s) => s.odds_milli!);
    expect(bookAtLeast(prices, FLOOR_BP)).toBe(true);
    // Shortened, never lengthened.
    expect(prices.map((o, i) => o <= [2_200, 3_400, 4_800][i]!)).toEqual([true, true, true]);
    const desk = await deskMarket(ev.id, 'match_winner');
    expect(desk).toMatchObject({ feed_book_bp: 9_569, book_min_bp: 10_000 + FLOOR_BP });
    expect(desk.book_bp).toBeGreaterThanOrEqual(10_000 + FLOOR_BP);
    expect(desk.selections.map((s) => s.feed_odds_milli)).toEqual([2_200, 3_400, 4_800]);

    // The measured defect: 1.01 / 423.50 / 1000.00 (99.3 %) and a quarter line at 1.01 / 722.27.
    await sb.ingest(
      oddsChange(
        ev.id,
        market('match_winner', 'match_winner', [
          ['home', 1_010],
          ['draw', 423_500],
          ['away', 1_000_000],
        ]),
        market(
          'handicap:-250',
          'handicap',
          [
            ['home', 1_010],
            ['away', 722_270],
          ],
          -250,
        ),
      ),
    );
    const stopped = (await sb.event(ev.id)).markets;
    for (const key of ['match_winner', 'handicap:-250']) {
      const m = stopped.find((x) => x.key === key)!;
      expect(m.status, key).toBe('suspended');
      expect(m.selections.every((s) => s.odds === null)).toBe(true);
    }
    expect(await deskMarket(ev.id, 'match_winner')).toMatchObject({
      book_stop: 'near_certain',
      book_bp: null,
      feed_book_bp: 9_934,
    });
    const player = await signedInPlayer(t);
    await deposit(t.modules.ledger.service, player.id, 10_00n);
    const home = ev.sel('match_winner', 'home');
    const refused = await placeBet(t, player.token, {
      kind: 'single',
      selections: [{ selection_id: home.selection_id, odds: '1.01' }],
      stake: '1.00',
      accept_odds: 'any',
    });
    expect(refused.json()).toMatchObject({ status: 409, code: 'MARKET_SUSPENDED' });

    // The feed moves back: the market reopens at its prices.
    await sb.ingest(
      oddsChange(
        ev.id,
        market('match_winner', 'match_winner', [
          ['home', 2_000],
          ['draw', 3_400],
          ['away', 3_750],
        ]),
      ),
    );
    const reopened = (await sb.event(ev.id)).markets.find((m) => m.key === 'match_winner')!;
    expect(reopened.status).toBe('open');
    expect(reopened.selections.map((s) => s.odds)).toEqual(['2.00', '3.40', '3.75']);
  });

  it('prices a market whole even when the feed sends one of its selections', async () => {
    const ev = await syntheticEvent(sb);
    // Home alone lengthens to 2.20; with the draw at 3.40 and away at 3.75 the book is 101.6 %.
    await sb.ingest(oddsChange(ev.id, market('match_winner', 'match_winner', [['home', 2_200]])));
    const m = (await sb.event(ev.id)).markets.find((x) => x.key === 'match_winner')!;
    expect(
      bookAtLeast(
        m.selections.map((s) => s.odds_milli!),
        FLOOR_BP,
      ),
    ).toBe(true);
    expect(m.selections[0]!.odds_milli).toBeLessThan(2_200);
  });
});

describe('the trading desk and the book', () => {
  it('serves each market book; refuses a manual price that breaks it unless confirmed; audits', async () => {
    const ev = await syntheticEvent(sb);
    const before = await deskMarket(ev.id, 'match_winner');
    // 1/2.00 + 1/3.40 + 1/3.75 = 106.07 %.
    expect(before).toMatchObject({
      book_bp: 10_607,
      feed_book_bp: 10_607,
      book_min_bp: 10_500,
      book_stop: null,
    });
    const [home, draw, away] = before.selections;

    const refused = await admin(trader, 'POST', `/selections/${home!.id}/price`, { odds: '2.50' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BOOK_UNDER_MARGIN',
      errors: [
        { path: 'body.odds', message: 'book 96.07 % with this price; at most 2.04 keeps 105.00 %' },
      ],
    });
    expect(refused.json().message).toContain('96.07 %');
    expect((await deskMarket(ev.id, 'match_winner')).selections[0]!.trader_odds_milli).toBeNull();

    const highest = await admin(trader, 'POST', `/selections/${home!.id}/price`, { odds: '2.04' });
    expect(highest.statusCode, highest.body).toBe(200);
    expect(highest.json().data).toMatchObject({ trader_odds_milli: 2_040, odds_milli: 2_040 });

    const confirmed = await admin(trader, 'POST', `/selections/${home!.id}/price`, {
      odds: '2.50',
      confirm_book: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await deskMarket(ev.id, 'match_winner');
    expect(after.selections[0]).toMatchObject({ odds: '2.50', trader_odds_milli: 2_500 });
    // The book shortened the feed's prices around the trader's.
    expect(after.selections[1]!.odds_milli).toBeLessThan(draw!.odds_milli!);
    expect(after.selections[2]!.odds_milli).toBeLessThan(away!.odds_milli!);
    expect(after.book_bp).toBeGreaterThanOrEqual(10_500);

    // Out of the sport's range: 600.00 is a valid decimal but above football's 501.00.
    const far = await admin(trader, 'POST', `/selections/${draw!.id}/price`, { odds: '600' });
    expect(far.json()).toMatchObject({ status: 422, code: 'ODDS_OUT_OF_RANGE' });

    // Back to the feed: no check needed, the feed's prices return.
    expect(
      (await admin(trader, 'POST', `/selections/${home!.id}/price`, { odds: null })).statusCode,
    ).toBe(200);
    expect((await deskMarket(ev.id, 'match_winner')).book_bp).toBe(10_607);

    // Both sides of a two-way market fixed: nothing is left to carry the margin.
    const hc = await deskMarket(ev.id, 'handicap:-250');
    expect(
      (await admin(trader, 'POST', `/selections/${hc.selections[0]!.id}/price`, { odds: '1.90' }))
        .statusCode,
    ).toBe(200);
    const unbalanced = await admin(trader, 'POST', `/selections/${hc.selections[1]!.id}/price`, {
      odds: '2.00',
      confirm_book: true,
    });
    expect(unbalanced.json()).toMatchObject({ status: 409, code: 'BOOK_UNBALANCED' });

    const audit = await t.modules.audit.service.search(
      { actor_type: 'staff', actor_id: String(trader.id) },
      { limit: 50, offset: 0 },
    );
    const prices = audit.rows.filter((e) => e.action === 'sportsbook.selection.price');
    expect(prices.map((e) => e.metadata)).toContainEqual({ confirm_book: true });
  });

  it('a margin that lengthens prices under the floor is refused unless confirmed; the book holds', async () => {
    const ev = await syntheticEvent(sb);
    const path = `/events/${encodeURIComponent(ev.id)}/margin`;
    expect((await admin(trader, 'POST', path, { margin_bp: 300 })).statusCode).toBe(200);
    const refused = await admin(trader, 'POST', path, { margin_bp: -300 });
    expect(refused.json()).toMatchObject({ status: 409, code: 'BOOK_UNDER_MARGIN' });
    expect(refused.json().message).toContain('2 markets');
    const confirmed = await admin(trader, 'POST', path, { margin_bp: -300, confirm_book: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const m of confirmed.json().data.markets as DeskMarket[]) {
      expect(m.feed_book_bp!, m.key).toBeLessThan(10_500);
      expect(m.book_bp!, m.key).toBeGreaterThanOrEqual(10_500);
    }
  });
});

describe("a sport's pricing is an operator setting", () => {
  it('is served, validated and audited, and reprices every market of the sport still offered', async () => {
    const ev = await syntheticEvent(sb);
    const list = await admin(trader, 'GET', '/sports');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((s: { id: string }) => s.id === 'football')).toMatchObject(
      PRICING_DEFAULTS,
    );
    const bad: [unknown, number, string][] = [
      [{ ...PRICING_DEFAULTS, margin_min_bp: 5_000 }, 422, 'VALIDATION_FAILED'],
      [{ ...PRICING_DEFAULTS, odds_min_milli: 1_015 }, 422, 'PRICING_INVALID'],
      [
        { ...PRICING_DEFAULTS, odds_min_milli: 2_000, odds_max_milli: 2_000 },
        422,
        'PRICING_INVALID',
      ],
    ];
    for (const [body, status, code] of bad) {
      const response = await admin(trader, 'PUT', '/sports/football/pricing', body);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ status, code });
    }
    expect(
      (await admin(trader, 'PUT', '/sports/curling/pricing', PRICING_DEFAULTS)).statusCode,
    ).toBe(404);
    expect(
      (await admin(support, 'PUT', '/sports/football/pricing', PRICING_DEFAULTS)).statusCode,
    ).toBe(403);

    // An 8 % floor: the synthetic 106.07 % book is shortened at once.
    const tighter = { ...PRICING_DEFAULTS, margin_min_bp: 800, odds_max_milli: 3_600 };
    const set = await admin(trader, 'PUT', '/sports/football/pricing', tighter);
    expect(set.statusCode, set.body).toBe(200);
    try {
      const m = await deskMarket(ev.id, 'match_winner');
      expect(m.book_min_bp).toBe(10_800);
      expect(m.book_bp).toBeGreaterThanOrEqual(10_800);
      expect(Math.max(...m.selections.map((s) => s.odds_milli!))).toBeLessThanOrEqual(3_600);
      const audit = await t.modules.audit.service.search(
        { actor_type: 'staff', actor_id: String(trader.id) },
        { limit: 50, offset: 0 },
      );
      expect(audit.rows.find((e) => e.action === 'sportsbook.sport.pricing')).toMatchObject({
        before: PRICING_DEFAULTS,
        after: tighter,
      });
    } finally {
      await admin(trader, 'PUT', '/sports/football/pricing', PRICING_DEFAULTS);
    }
    expect((await deskMarket(ev.id, 'match_winner')).book_bp).toBe(10_607);
  });
});

describe('sampled the way the defect was measured', () => {
  it('whole simulated matches: no offered market ever books under its floor or prices out of range', async () => {
    // A feed of the test's own whose clock stands still: only the live matches play, each
    // replaced by a new one at its end.
    const feed = new SimulatedFeed({
      seed: 27,
      now: () => 1_000_000_000_000,
      cricket_ball_ms: 5_000,
      tennis_point_ms: 4_000,
      // Shorter innings and one upcoming match per sport: the live matches carry the test, and
      // every tick reads each listed event back through the book.
      cricket_overs: 10,
      upcoming_per_sport: 1,
    });
    const ended = { cricket: 0, football: 0, tennis: 0 };
    let feedSureProfit = 0;
    let checked = 0;
    const problems: string[] = [];
    feed.attach(async (message) => {
      if (message.kind === 'odds_change') {
        for (const m of message.markets) {
          const prices = m.selections.map((s) => s.odds_milli);
          if (
            EXHAUSTIVE_MARKET_TYPES.has(m.type) &&
            prices.every((o) => o !== null) &&
            bookBp(prices)! < 10_000
          )
            feedSureProfit += 1;
        }
      }
      if (message.kind === 'bet_settlement') {
        for (const m of message.markets) {
          if (m.key !== 'match_winner') continue;
          const sport = message.event_id.split(':')[1] as keyof typeof ended;
          ended[sport] += 1;
        }
      }
      await sb.ingest(message);
    });
    const inspect = (
      where: string,
      m: { key: string; type: string; status: string; selections: { odds_milli: number | null }[] },
    ) => {
      if (m.status !== 'open' && m.status !== 'suspended') return;
      const prices = m.selections.map((s) => s.odds_milli).filter((o): o is number => o !== null);
      checked += 1;
      for (const o of prices) {
        if (o < PRICING_DEFAULTS.odds_min_milli || o > PRICING_DEFAULTS.odds_max_milli)
          problems.push(`${where} ${m.key}: price ${o} out of range`);
      }
      if (!EXHAUSTIVE_MARKET_TYPES.has(m.type as MarketType)) return;
      if (m.status === 'open' && prices.length === 1)
        problems.push(`${where} ${m.key}: one outcome offered`);
      if (prices.length >= 2 && !bookAtLeast(prices, FLOOR_BP))
        problems.push(`${where} ${m.key}: book ${bookBp(prices)} (${prices.join(' / ')})`);
    };
    const stop = sb.onPush((push) => {
      if (push.type === 'market') inspect('push', push.data);
    });
    try {
      await feed.schedule();
      for (let step = 0; step < 120; step++) {
        if (ended.cricket >= 2 && ended.football >= 2 && ended.tennis >= 2) break;
        await feed.tick(60_000);
        for (const id of feed.matchIds()) {
          const e = await sb.event(id).catch(() => null);
          for (const m of e?.markets ?? []) inspect('sample', m);
        }
      }
    } finally {
      stop();
    }
    expect(ended.cricket).toBeGreaterThanOrEqual(2);
    expect(ended.football).toBeGreaterThanOrEqual(2);
    expect(ended.tennis).toBeGreaterThanOrEqual(2);
    expect(problems.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(1_000);
    // The simulator still sends sure-profit books (the test exercises the guard) …
    expect(feedSureProfit, 'the feed sent no sure-profit book').toBeGreaterThan(0);
    // … and the book stopped the near-certain ones rather than offer them.
    const stops = await sql<{ n: number }>`
      select count(*)::int as n from sb_markets
      where book_stop is not null and event_id like 'sim:%'`.execute(t.db);
    expect(stops.rows[0]!.n).toBeGreaterThan(0);
  }, 300_000);
});
