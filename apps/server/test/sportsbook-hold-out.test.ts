import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXHAUSTIVE_MARKET_TYPES,
  type MarketType,
  SimulatedFeed,
  type SportsbookService,
} from '../src/modules/sportsbook/index.ts';
import {
  bookAtLeast,
  bookBp,
  PRICING_DEFAULTS,
} from '../src/modules/sportsbook/sportsbook.pricing.ts';
import { type TestApp, testApp } from './harness.ts';

let t: TestApp;
let sb: SportsbookService;

beforeAll(async () => {
  t = await testApp();
  sb = t.modules.sportsbook.service;
});
afterAll(async () => {
  await t.close();
});

/** The simulated feed's default and the seeds the pricing and simulator tests play. */
const SEEDS_IN_OTHER_TESTS = new Set([7, 27, 20260101]);

/**
 * The hold-out sampler (decision 0630): whole simulated matches on seeds the pricing tests
 * never use, drawn afresh on each run and named in every failure so a run can be replayed
 * (HOLDOUT_SEED=n). Every exhaustive market the book publishes, pushed or read, at every feed
 * tick, must book at least 100 % plus the sport's floor.
 */
describe('hold-out sampler', () => {
  it('no exhaustive market is offered under 100 % plus its floor, on fresh seeds', async () => {
    let seed = Number(process.env.HOLDOUT_SEED ?? randomInt(1_000, 2 ** 31 - 1));
    while (!process.env.HOLDOUT_SEED && SEEDS_IN_OTHER_TESTS.has(seed)) seed += 1;
    const clock = 1_000_000_000_000 + seed;
    const feed = new SimulatedFeed({
      seed,
      now: () => clock,
      live_per_sport: 1,
      upcoming_per_sport: 1,
      cricket_overs: 2,
    });
    const ended = new Set<string>();
    const problems: string[] = [];
    let sampled = 0;
    let sampledExhaustive = 0;
    let tick = 0;
    feed.attach(async (message) => {
      if (
        message.kind === 'bet_settlement' &&
        message.markets.some((m) => m.key === 'match_winner')
      )
        ended.add(message.event_id.split(':')[1]!);
      await sb.ingest(message);
    });
    const inspect = (
      where: string,
      m: { key: string; type: string; status: string; selections: { odds_milli: number | null }[] },
    ) => {
      if (m.status !== 'open') return;
      const prices = m.selections.map((s) => s.odds_milli).filter((o): o is number => o !== null);
      if (prices.length < 2) return;
      sampled += 1;
      // A market that lists some outcomes only (top batsman: six of eleven) may book under
      // 100 % without a sure profit, since an unlisted outcome can win (decision 0630).
      if (!EXHAUSTIVE_MARKET_TYPES.has(m.type as MarketType)) return;
      sampledExhaustive += 1;
      if (!bookAtLeast(prices, PRICING_DEFAULTS.margin_min_bp))
        problems.push(
          `seed ${seed} tick ${tick} ${where} ${m.key}: book ${bookBp(prices)} bp (${prices.join(' / ')})`,
        );
    };
    const stop = sb.onPush((push) => {
      if (push.type === 'market') inspect('push', push.data);
    });
    try {
      await feed.schedule();
      for (; tick < 400 && ended.size < 3; tick++) {
        await feed.tick(60_000);
        for (const id of feed.matchIds()) {
          const e = await sb.event(id).catch(() => null);
          for (const m of e?.markets ?? []) inspect('event', m);
        }
      }
    } finally {
      stop();
    }
    expect([...ended].sort(), `seed ${seed}: every sport plays a whole match`).toEqual([
      'cricket',
      'football',
      'tennis',
    ]);
    expect(sampled, `seed ${seed}`).toBeGreaterThan(200);
    expect(sampledExhaustive, `seed ${seed}`).toBeGreaterThan(200);
    expect(problems.slice(0, 10), `seed ${seed}`).toEqual([]);
  }, 300_000);
});
