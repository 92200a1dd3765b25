import { describe, expect, it } from 'vitest';
import { bookBp } from '../../sportsbook.pricing.ts';
import { retryAfterMs } from './odds-api.client.ts';
import {
  consensus,
  lineResult,
  mapOdds,
  marginPrice,
  type OddsApiEvent,
  priceMilli,
  runsOf,
  settlementOf,
} from './odds-api.mapping.ts';

const now = new Date('2026-11-27T12:00:00Z');
const game = (bookmakers: OddsApiEvent['bookmakers'], sport_key = 'soccer_epl'): OddsApiEvent => ({
  id: 'e1',
  sport_key,
  sport_title: 'EPL',
  commence_time: '2026-11-27T15:00:00Z',
  home_team: 'Arsenal',
  away_team: 'Chelsea',
  bookmakers,
});
const h2h = (h: number | null, d: number | null, a: number) => ({
  key: 'h2h',
  outcomes: [
    { name: 'Arsenal', price: h },
    ...(d === null ? [] : [{ name: 'Draw', price: d }]),
    { name: 'Chelsea', price: a },
  ],
});

describe('The Odds API mapping', () => {
  it('reads decimal prices to the thousandth without float products, and refuses what is not a price', () => {
    expect(priceMilli(1.91)).toBe(1910);
    expect(priceMilli(2.125)).toBe(2125);
    expect(priceMilli(13)).toBe(13000);
    expect([priceMilli(1), priceMilli(null), priceMilli('2.1'), priceMilli(1.2345)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('de-margins each bookmaker, averages and normalises', () => {
    // Two books with different margins over the same 50/50 view agree on 50/50.
    expect(
      consensus([
        [1900, 1900],
        [1800, 1800],
      ]),
    ).toEqual([0.5, 0.5]);
    // An incomplete quote is left out.
    const p = consensus([
      [2000, null],
      [1500, 3000],
    ])!;
    expect(p[0]).toBeCloseTo(2 / 3, 9);
    expect(consensus([[null, 2000]])).toBeNull();
  });

  it('maps h2h (with the draw for soccer), totals and spreads to our markets at our margin; unknown markets counted', () => {
    const mapped = mapOdds(
      game([
        {
          key: 'b1',
          title: 'B1',
          markets: [
            h2h(2.1, 3.4, 3.5),
            {
              key: 'totals',
              outcomes: [
                { name: 'Over', price: 1.95, point: 2.5 },
                { name: 'Under', price: 1.85, point: 2.5 },
              ],
            },
            {
              key: 'spreads',
              outcomes: [
                { name: 'Arsenal', price: 1.9, point: -0.5 },
                { name: 'Chelsea', price: 1.9, point: 0.5 },
              ],
            },
            { key: 'h2h_lay', outcomes: [] },
            { key: 'btts', outcomes: [] },
          ],
        },
      ]),
      now,
      500,
      'm1',
    );
    expect(mapped.unknown).toBe(2);
    expect(mapped.fixture).toMatchObject({
      id: 'oddsapi:e1',
      sport: { id: 'football' },
      status: 'not_started',
    });
    const keys = mapped.message.markets.map((m) => [
      m.key,
      m.type,
      m.line_milli,
      m.selections.map((s) => s.key),
    ]);
    expect(keys).toEqual([
      ['match_winner', 'match_winner', null, ['home', 'draw', 'away']],
      ['totals:2500', 'totals', 2500, ['over', 'under']],
      ['handicap:-500', 'handicap', -500, ['home', 'away']],
    ]);
    for (const m of mapped.message.markets) {
      // Our book is about 1 + our margin whatever the bookmaker's was.
      const bp = bookBp(m.selections.map((s) => s.odds_milli))!;
      expect(bp).toBeGreaterThanOrEqual(10_490);
      expect(bp).toBeLessThanOrEqual(10_510);
    }
  });

  it('a market no bookmaker prices completely is sent suspended with no prices; tennis h2h has no draw', () => {
    const mapped = mapOdds(
      game([{ key: 'b1', title: 'B1', markets: [h2h(null, 3.4, 3.5)] }]),
      now,
      500,
      'm',
    );
    expect(mapped.unpriced).toBe(1);
    expect(mapped.message.markets[0]).toMatchObject({ status: 'suspended' });
    expect(
      mapped.message.markets[0]!.selections.every((s) => s.odds_milli === null && !s.active),
    ).toBe(true);
    const tennis = mapOdds(
      game([{ key: 'b', title: 'B', markets: [h2h(1.5, null, 2.6)] }], 'tennis_atp_paris'),
      now,
      500,
      'm',
    );
    expect(tennis.message.markets[0]!.selections.map((s) => s.key)).toEqual(['home', 'away']);
  });

  it('prices 1 / (p (1 + m)) cut down', () => {
    expect(marginPrice(0.5, 500)).toBe(1904);
    expect(marginPrice(0.999999, 500)).toBe(1001);
  });

  it('settles match result, totals and handicaps (quarter lines in halves) from a final score', () => {
    const final = {
      id: 'e1',
      sport_key: 'soccer_epl',
      commence_time: now.toISOString(),
      completed: true,
      home_team: 'Arsenal',
      away_team: 'Chelsea',
      scores: [
        { name: 'Arsenal', score: '2' },
        { name: 'Chelsea', score: '1' },
      ],
      last_update: null,
    };
    expect(
      settlementOf(final, [
        'match_winner',
        'totals:2500',
        'totals:3000',
        'handicap:-1000',
        'handicap:-1250',
        'btts',
      ]),
    ).toEqual([
      {
        key: 'match_winner',
        outcomes: [
          { key: 'home', result: 'won' },
          { key: 'away', result: 'lost' },
          { key: 'draw', result: 'lost' },
        ],
      },
      {
        key: 'totals:2500',
        outcomes: [
          { key: 'over', result: 'won' },
          { key: 'under', result: 'lost' },
        ],
      },
      {
        key: 'totals:3000',
        outcomes: [
          { key: 'over', result: 'void' },
          { key: 'under', result: 'void' },
        ],
      },
      {
        key: 'handicap:-1000',
        outcomes: [
          { key: 'home', result: 'void' },
          { key: 'away', result: 'void' },
        ],
      },
      {
        key: 'handicap:-1250',
        outcomes: [
          { key: 'home', result: 'half_lost' },
          { key: 'away', result: 'half_won' },
        ],
      },
    ]);
    expect(settlementOf({ ...final, completed: false }, ['match_winner'])).toEqual([]);
    expect(settlementOf({ ...final, scores: null }, ['match_winner'])).toEqual([]);
    expect(lineResult(250)).toBe('half_won');
    expect(lineResult(-750)).toBe('lost');
  });

  it('reads cricket scores as runs and Retry-After in seconds or as a date', () => {
    expect([runsOf('180/6'), runsOf('7'), runsOf('abc'), runsOf(undefined)]).toEqual([
      180,
      7,
      null,
      null,
    ]);
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
