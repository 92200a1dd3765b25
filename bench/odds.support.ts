import type { SportsbookService } from '../apps/server/src/modules/sportsbook/index.ts';

/**
 * What both modes of `npm run bench:odds` share (odds.bench.ts, odds-cluster.ts): the live
 * events, the feed that moves their prices, and the delivery-latency histogram.
 */

/** Latency is kept in 0.1 ms buckets up to this; the last bucket holds everything slower. */
export const LATENCY_MAX_MS = 10_000;
export const LATENCY_BUCKETS = LATENCY_MAX_MS * 10 + 1;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const wallMs = () => performance.timeOrigin + performance.now();

export const latencyHistogram = () => new Uint32Array(LATENCY_BUCKETS);

export function recordLatency(hist: Uint32Array, ms: number): void {
  hist[Math.min(Math.max(0, Math.round(ms * 10)), LATENCY_BUCKETS - 1)]! += 1;
}

/** The latency (ms) under which a share `p` of `total` deliveries fell. */
export function percentile(hist: ArrayLike<number>, total: number, p: number): number {
  let seen = 0;
  const goal = Math.ceil(total * p);
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    if (seen >= goal) return i / 10;
  }
  return LATENCY_MAX_MS;
}

/**
 * A message's sending time rides in its market's name (`t:<wallMs>`): the latency of a push
 * as received now, or null for a message that carries none.
 */
export function latencyOf(text: string): number | null {
  const at = text.indexOf('"name":"t:');
  if (at < 0) return null;
  return wallMs() - Number(text.slice(at + 10, text.indexOf('"', at + 10)));
}

/** `count` live football events (`bench:<i>`), their ids. */
export async function liveEvents(sb: SportsbookService, count: number): Promise<string[]> {
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `bench:${i}`;
    await sb.ingest({
      kind: 'fixture_change',
      id: `f${i}`,
      fixture: {
        id,
        sport: { id: 'football', name: 'Football' },
        competition: { id: 'bench', name: 'Bench', country: '' },
        home: `Home ${i}`,
        away: `Away ${i}`,
        starts_at: new Date(),
        status: 'live',
      },
    });
    events.push(id);
  }
  return events;
}

/** Messages in flight past which the feed drops instead of queueing without bound. */
const IN_FLIGHT_MAX = 500;

/**
 * The feed: call `send` every 10 ms; each call hands the sportsbook `rate`/200 odds changes of
 * one two-price market, round-robin over `events`, the sending time in the market's name.
 * Nothing is sent (the message counts as dropped) while `mayPublish` says no.
 */
export function oddsFeed(
  sb: SportsbookService,
  events: readonly string[],
  rate: number,
  mayPublish: () => boolean = () => true,
) {
  const state = { sequence: 0, inFlight: 0, dropped: 0 };
  const perTick = rate / 2 / 100;
  let carry = 0;
  const send = () => {
    carry += perTick;
    while (carry >= 1) {
      carry -= 1;
      state.sequence += 1;
      if (state.inFlight > IN_FLIGHT_MAX || !mayPublish()) {
        state.dropped += 1;
        continue;
      }
      const sequence = state.sequence;
      const home = 1_500 + (sequence % 997);
      state.inFlight += 1;
      void sb
        .ingest({
          kind: 'odds_change',
          id: `o${sequence}`,
          event_id: events[sequence % events.length]!,
          markets: [
            {
              key: 'match_winner',
              type: 'match_winner',
              line_milli: null,
              name: `t:${wallMs()}`,
              status: 'open',
              selections: [
                { key: 'home', name: 'Home', odds_milli: home, active: true },
                { key: 'away', name: 'Away', odds_milli: 4_000 - (home - 1_500), active: true },
              ],
            },
          ],
        })
        .catch(() => {})
        .finally(() => {
          state.inFlight -= 1;
        });
    }
  };
  return { state, send };
}
