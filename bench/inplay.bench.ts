/**
 * `npm run bench:inplay`: the share of live bets the book accepts in the simulated feed's
 * steady play (decision 0626). The simulator at its default pace, driven by a clock in steps of
 * 1 s (the feed's own tick); every 3 s of live play a fresh slip takes a price shown on the next
 * open market of a live match, with "accept higher" (the slip's default). The bet's fate is
 * read at the end of the default delay with the default tolerance: refused if its market is
 * stopped then (a danger moment) or its price moved beyond what the rule takes. Prices are the
 * feed's (the book's guard moves only a few). Prints the rate overall and per sport. Not a test.
 * Environment: BENCH_HOURS (simulated hours of play, 2), BENCH_SEED (11).
 */
import type { FeedMessage } from '../apps/server/src/modules/sportsbook/index.ts';
import {
  LIVE_DELAY_MS_DEFAULT,
  SimulatedFeed,
} from '../apps/server/src/modules/sportsbook/index.ts';
import {
  acceptedAfterDelay,
  LIVE_TOLERANCE_BP_DEFAULT,
} from '../apps/server/src/modules/sportsbook/sportsbook.live.ts';

const HOURS = Number(process.env.BENCH_HOURS ?? 2);
const SEED = Number(process.env.BENCH_SEED ?? 11);

async function main() {
  let now = 1_800_000_000_000;
  const feed = new SimulatedFeed({ seed: SEED, now: () => now, upcoming_per_sport: 1 });
  type Book = { open: boolean; prices: Map<string, number | null> };
  // Per live event, its markets as the feed last left them.
  const events = new Map<string, Map<string, Book>>();
  const sportOf = (event_id: string) => event_id.split(':')[1]!;
  feed.attach(async (m: FeedMessage) => {
    if (m.kind === 'bet_stop') {
      for (const [key, book] of events.get(m.event_id) ?? [])
        if (!m.market_keys || m.market_keys.includes(key)) book.open = false;
    }
    if (m.kind === 'odds_change') {
      if (m.status !== 'live') {
        events.delete(m.event_id);
        return;
      }
      const books = new Map<string, Book>();
      for (const market of m.markets) {
        books.set(market.key, {
          open: market.status === 'open',
          prices: new Map(market.selections.map((s) => [s.key, s.active ? s.odds_milli : null])),
        });
      }
      events.set(m.event_id, books);
    }
  });
  await feed.schedule();
  type Bet = { key: string; selection: string; asked: number; due: number; sport: string };
  const waiting: Bet[] = [];
  const tally: Record<string, { placed: number; accepted: number }> = {};
  // The feed's own cadence: it ticks once a second.
  const STEP = 1_000;
  let n = 0;
  for (let t = 0; t < HOURS * 3_600_000; t += STEP) {
    now += STEP;
    await feed.tick(STEP);
    while (waiting.length && waiting[0]!.due <= now) {
      const bet = waiting.shift()!;
      const [event_id, market] = bet.key.split('|') as [string, string];
      const book = events.get(event_id)?.get(market);
      const current = book?.prices.get(bet.selection) ?? null;
      const ok =
        !!book?.open &&
        current !== null &&
        acceptedAfterDelay(bet.asked, current, 'higher', LIVE_TOLERANCE_BP_DEFAULT);
      tally[bet.sport]!.accepted += ok ? 1 : 0;
    }
    // A fresh slip every 3 s, on the next open priced market of a live match.
    if (t % 3_000 !== 0) continue;
    const open = [...events].flatMap(([event_id, books]) =>
      [...books]
        .filter(([, b]) => b.open && [...b.prices.values()].some((p) => p !== null))
        .map(([key, b]) => [`${event_id}|${key}`, b] as const),
    );
    if (!open.length) continue;
    const [key, book] = open[n++ % open.length]!;
    const [selection, asked] = [...book.prices].find(([, p]) => p !== null)! as [string, number];
    const sport = sportOf(key);
    tally[sport] ??= { placed: 0, accepted: 0 };
    tally[sport].placed += 1;
    waiting.push({ key, selection, asked, due: now + LIVE_DELAY_MS_DEFAULT, sport });
  }
  const all = Object.values(tally).reduce(
    (a, b) => ({ placed: a.placed + b.placed, accepted: a.accepted + b.accepted }),
    { placed: 0, accepted: 0 },
  );
  const rate = (x: { placed: number; accepted: number }) =>
    `${((100 * x.accepted) / x.placed).toFixed(1)} % of ${x.placed}`;
  console.log(
    `in-play acceptance (${HOURS} h, seed ${SEED}, delay ${LIVE_DELAY_MS_DEFAULT} ms, tolerance ${LIVE_TOLERANCE_BP_DEFAULT} bp): ${rate(all)}; ${Object.entries(
      tally,
    )
      .map(([s, x]) => `${s} ${rate(x)}`)
      .join(', ')}`,
  );
}

await main();
