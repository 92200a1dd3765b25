/**
 * Group commit in the application: commands that arrive while earlier batches are in
 * flight wait in a queue and leave together, in one database transaction, as soon as a
 * slot frees up. An idle ledger sends each command alone at once, so batching adds no
 * latency; a busy one sends fewer, larger commits. Each caller's promise settles only
 * after the batch holding its command has committed.
 *
 * When a batch finishes, the next one does not leave at once but after the current turn of
 * the event loop (`setImmediate`; or `linger_ms` later when set): the callers it just
 * answered usually submit their next command in that same turn (a bet's win after its
 * stake), and now join the batch instead of waiting for the one after it. Measured in
 * docs/performance.md. A command submitted while every slot is free still leaves at once.
 *
 * `slot` identifies the in-flight batch (0 … in_flight_max − 1); the ledger uses it to pick
 * a house-account shard, so concurrent batches do not wait on each other's house rows.
 *
 * Lanes keep concurrent batches off each other's player rows too: a command with a lane
 * (the ledger gives the player's id) never leaves while a batch in flight holds a command
 * of the same lane; it waits, first in line, for that batch to finish. Two batches in
 * flight therefore never lock the same player's account and never wait on each other (with
 * 256 bettors over 10,000 players, two batches of ~100 shared a player almost every time
 * and ran one after the other; docs/performance.md, round 6). Otherwise the queue is one
 * queue served by every slot: binding lanes to slots instead (lane mod slots) gave two
 * queues of one server each, which wait longer than one queue of two at the same load.
 * Commands without a lane (a hold's post or void, whose accounts only the database knows)
 * never wait for one.
 */
export type BatcherLimits = {
  /** Commands per database transaction: bounds lock time and statement size. */
  batch_size_max: number;
  /** Concurrent batches, i.e. connections the ledger may hold at once. */
  in_flight_max: number;
  /** Waiting commands; beyond this the ledger sheds load instead of queueing forever. */
  queue_length_max: number;
  /**
   * How long a freed slot waits for more commands before sending the next batch: 0 (the
   * default) waits for the end of the current event-loop turn only, which costs no
   * measurable latency; more trades latency for larger batches.
   */
  linger_ms?: number;
};

type Job<C, R> = {
  command: C;
  lane: number | undefined;
  /** Commands submitted together (`submitAll`) leave in the same batch. */
  group: number | undefined;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};

/** A command's lane: a non-negative integer, or undefined for "any slot". */
export type LaneOf<C> = (command: C) => number | undefined;

/** Counters since creation: how large batches actually were (benchmarks, tuning). */
export type BatcherStats = {
  batches: number;
  commands: number;
  /** Batches by size: `sizes[n]` is how many batches carried n commands. */
  sizes: number[];
  /** Milliseconds batches spent in `run` (the database), summed over slots. */
  busy_ms: number;
};

export class CommitBatcher<C, R> {
  private readonly queue: Job<C, R>[] = [];
  private groups = 0;
  /** Lanes of the commands in flight, with how many of each (see lanes in the header). */
  private readonly busy_lanes = new Map<number, number>();
  private readonly free_slots: number[];
  private idle_waiters: Array<() => void> = [];
  /** A freed slot is waiting for the callers just answered (see the header). */
  private lingering = false;
  private readonly counters: BatcherStats = { batches: 0, commands: 0, sizes: [], busy_ms: 0 };
  /**
   * Told each batch's size and time from leaving the queue to its last answer (the metrics,
   * issue 20). One call per batch, not per command; unset, the hot path pays nothing.
   */
  observer: ((size: number, ms: number) => void) | undefined;

  constructor(
    private readonly run: (commands: C[], slot: number) => Promise<R[]>,
    private readonly limits: BatcherLimits,
    private readonly overloaded: () => Error,
    private readonly laneOf: LaneOf<C> = () => undefined,
  ) {
    if (limits.batch_size_max < 1 || limits.in_flight_max < 1 || limits.queue_length_max < 1) {
      throw new Error('CommitBatcher: every limit must be at least 1');
    }
    this.free_slots = Array.from({ length: limits.in_flight_max }, (_, slot) => slot).reverse();
  }

  get in_flight_max(): number {
    return this.limits.in_flight_max;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** A copy of the batch-size counters (first attempts only, not one-by-one retries). */
  stats(): BatcherStats {
    return { ...this.counters, sizes: Array.from(this.counters.sizes, (count) => count ?? 0) };
  }

  submit(command: C): Promise<R> {
    if (this.queue.length >= this.limits.queue_length_max) {
      return Promise.reject(this.overloaded());
    }
    const lane = this.laneOf(command);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ command, lane, group: undefined, resolve, reject });
      this.pump();
    });
  }

  /**
   * Several commands queued together before the next batch leaves, so that an idle ledger
   * sends them in one batch (an instant bet's stake and payout) instead of the first alone.
   */
  submitAll(commands: readonly C[]): Promise<R>[] {
    if (this.queue.length + commands.length > this.limits.queue_length_max) {
      return commands.map(() => Promise.reject(this.overloaded()));
    }
    const group = commands.length > 1 ? ++this.groups : undefined;
    const answers = commands.map(
      (command) =>
        new Promise<R>((resolve, reject) => {
          this.queue.push({ command, lane: this.laneOf(command), group, resolve, reject });
        }),
    );
    this.pump();
    return answers;
  }

  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.free_slots.length === this.limits.in_flight_max) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idle_waiters.push(resolve));
  }

  private pump(): void {
    // While lingering, only a full batch leaves early (or any batch when the ledger is idle).
    if (
      this.lingering &&
      this.queue.length < this.limits.batch_size_max &&
      this.free_slots.length < this.limits.in_flight_max
    ) {
      return;
    }
    while (this.queue.length > 0 && this.free_slots.length > 0) {
      // Share the queue evenly between the free slots: one batch of 64 and one of 2 would
      // pay the per-call cost twice for the work of one.
      const share = Math.min(
        this.limits.batch_size_max,
        Math.ceil(this.queue.length / this.free_slots.length),
      );
      const jobs = this.take(share);
      // Everything waiting is held back by a lane in flight: its batch's end pumps again.
      if (jobs.length === 0) return;
      const slot = this.free_slots.pop()!;
      this.counters.batches += 1;
      this.counters.commands += jobs.length;
      this.counters.sizes[jobs.length] = (this.counters.sizes[jobs.length] ?? 0) + 1;
      const started = this.observer ? performance.now() : 0;
      void this.flush(jobs, slot).finally(() => {
        if (this.observer) this.observeBatch(jobs.length, performance.now() - started);
        for (const job of jobs) if (job.lane !== undefined) this.release(job.lane);
        this.free_slots.push(slot);
        this.linger();
        this.notifyIdle();
      });
    }
  }

  /** A failing observer never disturbs the ledger. */
  private observeBatch(size: number, ms: number): void {
    try {
      this.observer?.(size, ms);
    } catch {
      // Metrics are best effort.
    }
  }

  /**
   * Up to `count` queued jobs in order, skipping those whose lane is in flight; a job submitted
   * with others (`submitAll`) brings the rest of its group along, past `count` if need be.
   */
  private take(count: number): Job<C, R>[] {
    const taken: Job<C, R>[] = [];
    const kept: Job<C, R>[] = [];
    let index = 0;
    let group: number | undefined;
    for (; index < this.queue.length; index += 1) {
      const job = this.queue[index]!;
      const joins = group !== undefined && job.group === group;
      if (!joins && taken.length >= count) break;
      if (!joins && job.lane !== undefined && this.busy_lanes.has(job.lane)) {
        kept.push(job);
      } else {
        taken.push(job);
        group = job.group;
      }
    }
    // Claim this batch's lanes only now: commands of one lane may share a batch.
    for (const job of taken) {
      if (job.lane !== undefined) {
        this.busy_lanes.set(job.lane, (this.busy_lanes.get(job.lane) ?? 0) + 1);
      }
    }
    if (taken.length > 0) this.queue.splice(0, index, ...kept);
    return taken;
  }

  private release(lane: number): void {
    const count = this.busy_lanes.get(lane)! - 1;
    if (count === 0) this.busy_lanes.delete(lane);
    else this.busy_lanes.set(lane, count);
  }

  private notifyIdle(): void {
    if (this.queue.length === 0 && this.free_slots.length === this.limits.in_flight_max) {
      const waiters = this.idle_waiters;
      this.idle_waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** Sends the next batch once the callers just answered have had their turn. */
  private linger(): void {
    if (this.lingering) return;
    this.lingering = true;
    const go = () => {
      this.lingering = false;
      this.pump();
      this.notifyIdle();
    };
    const linger_ms = this.limits.linger_ms ?? 0;
    if (linger_ms > 0) setTimeout(go, linger_ms);
    else setImmediate(go);
  }

  private async flush(jobs: Job<C, R>[], slot: number): Promise<void> {
    try {
      const started = performance.now();
      const results = await this.run(
        jobs.map((job) => job.command),
        slot,
      );
      this.counters.busy_ms += performance.now() - started;
      if (results.length !== jobs.length) throw new Error('CommitBatcher: result count mismatch');
      for (const [index, job] of jobs.entries()) job.resolve(results[index]!);
    } catch (error) {
      if (jobs.length === 1) {
        jobs[0]!.reject(error);
        return;
      }
      // One command broke the whole transaction (nothing of it committed): retry each
      // alone so the others still go through. Commands are idempotent, so a batch whose
      // commit succeeded but whose answer was lost is replayed, not applied twice.
      for (const job of jobs) await this.flush([job], slot);
    }
  }
}
