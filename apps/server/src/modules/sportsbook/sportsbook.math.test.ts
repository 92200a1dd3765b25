import { describe, expect, it } from 'vitest';
import type { FeedMessage } from './feed/feed.types.ts';
import { gameWin, SimulatedFeed, setWin } from './feed/simulated-feed.ts';
import {
  betPayout,
  cashoutOffer,
  combinations,
  linePayout,
  potentialReturn,
  priceMilli,
  withMargin,
} from './sportsbook.math.ts';
import { oddsText, parseOdds } from './sportsbook.service.ts';

describe('bet arithmetic', () => {
  it('pays singles, multiples and quarter lines exactly, rounding toward zero once per line', () => {
    expect(linePayout(1000n, [{ odds_milli: 1850, result: 'won' }])).toBe(1850n);
    expect(linePayout(333n, [{ odds_milli: 1333, result: 'won' }])).toBe(443n); // 443.889 → 443
    expect(linePayout(1000n, [{ odds_milli: 1900, result: 'half_won' }])).toBe(1450n);
    expect(linePayout(1000n, [{ odds_milli: 1900, result: 'half_lost' }])).toBe(500n);
    expect(
      linePayout(1000n, [{ odds_milli: 5000, result: 'won', dead_heat_num: 1, dead_heat_den: 3 }]),
    ).toBe(1666n);
    expect(
      linePayout(1000n, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'void' },
        { odds_milli: 1500, result: 'won' },
      ]),
    ).toBe(3000n);
    expect(
      linePayout(1000n, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'open' },
      ]),
    ).toBeNull();
  });

  it('settles a multiple at its first lost leg, a system bet line by line', () => {
    const shape = { kind: 'multiple' as const, system_size: null, line_stake_minor: 100n };
    expect(
      betPayout(shape, [
        { odds_milli: 2000, result: 'lost' },
        { odds_milli: 2000, result: 'open' },
      ]),
    ).toBe(0n);
    const trixie = { kind: 'system' as const, system_size: 2, line_stake_minor: 100n };
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(combinations(4, 3)).toHaveLength(4);
    expect(potentialReturn(trixie, [2000, 3000, 4000])).toBe(600n + 800n + 1200n);
    expect(
      betPayout(trixie, [
        { odds_milli: 2000, result: 'won' },
        { odds_milli: 3000, result: 'won' },
        { odds_milli: 4000, result: 'open' },
      ]),
    ).toBeNull();
  });

  it('prices with a margin, never above the fair price, and reads odds strictly', () => {
    expect(priceMilli(0.5, 0)).toBe(2000);
    expect(priceMilli(0.5, 0.06)).toBe(1880);
    expect(withMargin(2000, 500)).toBe(1900);
    expect(parseOdds('1.85')).toBe(1850);
    expect(parseOdds('1.8555')).toBeNull();
    expect(parseOdds('1.000')).toBeNull();
    expect(parseOdds('abc')).toBeNull();
    expect(oddsText(1850)).toBe('1.85');
    expect(oddsText(2000)).toBe('2.00');
    expect(oddsText(1333)).toBe('1.333');
  });

  it('offers cash-out at placed / current odds less the margin', () => {
    const shape = { kind: 'single' as const, system_size: null, line_stake_minor: 1000n };
    expect(
      cashoutOffer(shape, [{ odds_milli: 2000, result: 'open', current_odds_milli: 1600 }], 500),
    ).toBe(1187n);
    expect(
      cashoutOffer(shape, [{ odds_milli: 2000, result: 'open', current_odds_milli: null }], 500),
    ).toBeNull();
  });
});

describe('simulated feed', () => {
  async function play(sport: 'cricket' | 'football' | 'tennis') {
    const messages: FeedMessage[] = [];
    let now = 1_700_000_000_000;
    const feed = new SimulatedFeed({
      seed: 7,
      cricket_overs: 5,
      cricket_ball_ms: 5_000,
      tennis_point_ms: 4_000,
      now: () => now,
      live_per_sport: 1,
      upcoming_per_sport: 1,
    });
    feed.attach(async (message) => {
      messages.push(message);
    });
    await feed.schedule();
    const live = feed
      .matchIds()
      .find((id) => id.includes(sport) && feed.match(id)!.status === 'live')!;
    for (let i = 0; i < 2_000 && feed.match(live); i++) {
      now += 1_000;
      await feed.tick(sport === 'cricket' ? 5_000 : sport === 'football' ? 8_000 : 4_000);
    }
    return {
      live,
      messages: messages.filter((m) =>
        'event_id' in m ? m.event_id === live : m.fixture.id === live,
      ),
    };
  }

  it('plays a cricket match ball by ball to the end and results every market it offered', async () => {
    const { messages } = await play('cricket');
    const offered = new Set(
      messages.flatMap((m) => (m.kind === 'odds_change' ? m.markets.map((x) => x.key) : [])),
    );
    const resulted = new Set(
      messages.flatMap((m) =>
        m.kind === 'bet_settlement'
          ? m.markets.map((x) => x.key)
          : m.kind === 'bet_cancel'
            ? m.market_keys
            : [],
      ),
    );
    expect(offered.has('match_winner')).toBe(true);
    expect(offered.has('top_batsman:1')).toBe(true);
    expect([...offered].some((k) => k.startsWith('next_over_runs:'))).toBe(true);
    for (const key of offered) expect(resulted, key).toContain(key);
    expect(messages.some((m) => m.kind === 'bet_stop')).toBe(true);
    const odds = messages.flatMap((m) =>
      m.kind === 'odds_change'
        ? m.markets.flatMap((x) => x.selections.map((s) => s.odds_milli))
        : [],
    );
    for (const o of odds) if (o !== null) expect(o).toBeGreaterThan(1000);
  }, 60_000); // a whole match is simulated: seconds on a loaded 2-core machine

  it('plays football to full time and results 1X2, totals, the quarter handicap and BTTS', async () => {
    const { messages } = await play('football');
    const last = messages
      .filter((m) => m.kind === 'bet_settlement')
      .flatMap((m) => (m.kind === 'bet_settlement' ? m.markets : []));
    expect(last.map((m) => m.key).sort()).toEqual([
      'btts',
      'handicap:-250',
      'match_winner',
      'totals:1500',
      'totals:2500',
      'totals:3500',
    ]);
    const winners = last
      .find((m) => m.key === 'match_winner')!
      .outcomes.filter((o) => o.result === 'won');
    expect(winners).toHaveLength(1);
  }, 60_000); // a whole match is simulated: seconds on a loaded 2-core machine

  it('plays tennis point by point to a best-of-three result, set winners settled on the way', async () => {
    expect(gameWin(0.6, 0, 0)).toBeCloseTo(0.7357, 3);
    expect(setWin([0.6, 0.6], 0, 0, 0)).toBeCloseTo(0.5, 1);
    const { messages } = await play('tennis');
    const settled = messages.flatMap((m) => (m.kind === 'bet_settlement' ? m.markets : []));
    const sets = settled.filter((m) => m.key.startsWith('set_winner:'));
    expect(sets.length).toBeGreaterThanOrEqual(2);
    expect(sets.length).toBeLessThanOrEqual(3);
    const match = settled.find((m) => m.key === 'match_winner')!;
    const winner = match.outcomes.find((o) => o.result === 'won')!.key;
    // The match winner won two sets.
    expect(
      sets.filter((m) => m.outcomes.find((o) => o.key === winner)!.result === 'won'),
    ).toHaveLength(2);
    const live = messages.filter((m) => m.kind === 'odds_change' && m.status === 'live');
    expect(live.length).toBeGreaterThan(50);
  }, 60_000); // a whole match is simulated: seconds on a loaded 2-core machine
});
