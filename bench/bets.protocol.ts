/**
 * What bets.bench.ts and its load generators (bets.client.ts, child processes) share: the
 * messages between them and the latency histogram the generators record into. Nothing from
 * the server here, so a generator loads no app code.
 */

/**
 * Latency histogram, log-linear like HDR: 64 buckets per power of two of microseconds (each
 * ~1.1 % wide) up to 2^28 µs (~4.5 min). A load generator records every request in it at
 * constant memory, and the children's histograms add up bucket by bucket.
 */
export type Histogram = { counts: Uint32Array; count: number; max_ms: number };

const BUCKETS_PER_OCTAVE = 64;
const OCTAVES = 28;

export const emptyHistogram = (): Histogram => ({
  counts: new Uint32Array(BUCKETS_PER_OCTAVE * OCTAVES),
  count: 0,
  max_ms: 0,
});

export function record(histogram: Histogram, latency_ms: number): void {
  const us = Math.max(1, latency_ms * 1000);
  const bucket = Math.min(
    histogram.counts.length - 1,
    Math.floor(Math.log2(us) * BUCKETS_PER_OCTAVE),
  );
  histogram.counts[bucket]! += 1;
  histogram.count += 1;
  if (latency_ms > histogram.max_ms) histogram.max_ms = latency_ms;
}

export function merge(into: Histogram, from: Histogram): void {
  for (let i = 0; i < into.counts.length; i += 1) into.counts[i]! += from.counts[i]!;
  into.count += from.count;
  into.max_ms = Math.max(into.max_ms, from.max_ms);
}

/** The q-quantile in ms: the upper edge of its bucket (never above the largest value seen). */
export function quantile(histogram: Histogram, q: number): number {
  if (histogram.count === 0) return Number.NaN;
  const rank = Math.ceil(q * histogram.count);
  let seen = 0;
  for (let i = 0; i < histogram.counts.length; i += 1) {
    seen += histogram.counts[i]!;
    if (seen >= rank) {
      return Math.min(histogram.max_ms, 2 ** ((i + 1) / BUCKETS_PER_OCTAVE) / 1000);
    }
  }
  return histogram.max_ms;
}

/** What the load generators place: a Dice bet, or a 5-leg pre-match multiple. */
export type Workload = 'dice' | 'multiple';

/** One leg of the multiple, as the bet slip sends it. */
export type Leg = { selection_id: string; odds: string };

/** Parent → load generator. */
export type ClientCommand =
  | {
      type: 'init';
      /** http://127.0.0.1:<port>/api/v1 */
      base_url: string;
      /** This generator's own players' bearer tokens: no two generators share a player. */
      tokens: string[];
      legs: Leg[];
      /** Tells this generator's idempotency keys from the others'. */
      client: number;
      clients: number;
    }
  | {
      type: 'run';
      id: number;
      workload: Workload;
      /** Every generator starts at this wall-clock time (ms since the epoch), together. */
      start_at_ms: number;
      /** Sent but not counted: the loop's ramp-up before the measured window. */
      warm_ms: number;
      seconds: number;
      /**
       * closed: `in_flight` requests, each sent when the one before answered.
       * open: `rate_per_s` sends on a fixed schedule, whatever the answers.
       */
      loop: { kind: 'closed'; in_flight: number } | { kind: 'open'; rate_per_s: number };
    }
  | { type: 'exit' };

/** Load generator → parent: the measured window of one run. */
export type ClientReport = {
  type: 'report';
  id: number;
  /** Answered 200 within the window. */
  ok: number;
  /** Open loop: sends scheduled in the window. */
  offered: number;
  /** Anything but 200, by status ("0" when the connection failed), in the window. */
  refused: Record<string, number>;
  /** The first answer's body per refused status, shortened, to tell why. */
  refusal_bodies: Record<string, string>;
  /** Every answer in the window, 200 or not; open loop: from its scheduled send time. */
  latency: Histogram;
  /**
   * Open loop: how late each request went out against its schedule. Part of its latency, and
   * the generator's own doing (a starved process), not the server's.
   */
  send_lag: Histogram;
  /** This generator's own CPU (user + system) during the window. */
  cpu_ms: number;
  /** Open loop: requests still unanswered when the drain gave up. */
  unanswered: number;
};

export type ClientMessage = { type: 'ready' } | ClientReport;
