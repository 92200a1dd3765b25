import { randomUUID } from 'node:crypto';
import {
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
  decodeEventPayload,
  encodeEventPayload,
  isDomainEventType,
} from '@casino/contracts/events';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The transactional outbox (migration 0109). A module writes its domain events in the
 * transaction of the change that caused them (`appendEvents`, or a ledger command's `events`,
 * which ride in the ledger batch's own statement); after commit one instance at a time (a lease)
 * reads them in commit order and hands each subscriber the events of the types it named, at
 * least once, in order. A subscriber's cursor moves only when it has handled a batch, so a crash
 * between commit and delivery, or in the middle of a delivery, delivers those events again:
 * subscribers are idempotent on the event's key. NOTIFY only wakes the deliverer early; a poll
 * finds everything anyway.
 */

/** Events read per round. */
export const OUTBOX_BATCH_MAX = 500;
/** How long a lease lasts unless renewed; another instance takes over after it runs out. */
export const OUTBOX_LEASE_MS = 10_000;
/** The deliverer looks for events at least this often when nothing woke it. */
export const OUTBOX_POLL_MS = 250;
/** An instance without the lease asks for it this often. */
export const OUTBOX_STANDBY_POLL_MS = 2_000;
/** A subscriber's failing batch is retried after this, doubling up to the maximum. */
const RETRY_DELAY_MS_MIN = 100;
const RETRY_DELAY_MS_MAX = 30_000;
/** An event that fails this many rounds alone (about 25 s with the delays) goes to the dead letters. */
export const DEAD_LETTER_ATTEMPTS = 8;
const ERROR_TEXT_MAX = 2_000;
const WAKE_CHANNEL = 'outbox';
/** At most one cross-instance wake-up per this many ms per instance. */
const WAKE_NOTIFY_MS = 20;
const LEASE_NAME = 'dispatcher';

/** An event as a subscriber receives it. */
export type DeliveredEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    id: bigint;
    key: string;
    type: K;
    payload: DomainEventPayload<K>;
    created_at: Date;
  };
}[T];

export type Subscriber<T extends DomainEventType = DomainEventType> = {
  /** Unique and stable: the cursor is kept under this name (`bonus.wagering`). */
  name: string;
  types: readonly T[];
  /** Handles a batch in order; throws to have it delivered again. Must be idempotent. */
  handle(events: DeliveredEvent<T>[]): Promise<void>;
};

type Executor = Db | Kysely<never>;

/**
 * Writes events on the caller's executor: inside a transaction they exist only if it commits.
 * An event whose key was written before is ignored.
 */
export async function appendEvents(
  executor: Executor,
  events: readonly DomainEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const keys = events.map((event) => event.key);
  const types = events.map((event) => event.type);
  const payloads = events.map((event) => encodeEventPayload(event.payload));
  await sql`
    insert into outbox_events (key, type, payload)
    select k, t, p::jsonb from unnest(${keys}::text[], ${types}::text[], ${payloads}::text[]) e (k, t, p)
    on conflict (key) do nothing`.execute(executor as Db);
}

/**
 * The events of a ledger batch, as the ledger's statement inserts them (see
 * `ledgerEventsInsert`): each names the index of the command it rides with.
 */
export type IndexedEvent = { i: number; key: string; type: string; payload: string };

/** JSON for `ledgerEventsInsert`'s parameter (payloads already encoded). */
export const indexedEventsJson = (events: readonly IndexedEvent[]) =>
  `[${events.map((e) => `{"i":${e.i},"key":${JSON.stringify(e.key)},"type":${JSON.stringify(e.type)},"payload":${e.payload}}`).join(',')}]`;

/**
 * The data-modifying CTE the ledger adds to its batch statement when commands carry events:
 * inserts the events of the commands the batch applied now (code OK, not a replay), in the
 * batch's transaction. `results` is the CTE of the batch's answers; `$param` the events' JSON.
 */
export const ledgerEventsInsert = (results: string, param: string) => `
  insert into outbox_events (key, type, payload)
  select e.key, e.type, e.payload
    from jsonb_to_recordset(${param}::jsonb) e (i integer, key text, type text, payload jsonb)
    join ${results} r on r.i = e.i and r.code = 'OK' and not r.replayed
  on conflict (key) do nothing`;

type Row = {
  id: bigint;
  xid: string;
  key: string;
  type: string;
  payload: unknown;
  created_at: Date;
};
type Cursor = { xid: bigint; id: bigint };
const before = (a: Cursor, b: Cursor) => a.xid < b.xid || (a.xid === b.xid && a.id < b.id);

type Batch = { row: Row; cursor: Cursor }[];

type State = {
  subscriber: Subscriber;
  cursor: Cursor;
  retry_at: number;
  delay_ms: number;
  /** Rounds failed in a row (0: deliver whole batches). */
  failures: number;
  /** Failed attempts of single events, while delivering one at a time. */
  attempts: Map<bigint, number>;
};

export type OutboxOptions = {
  log: (message: string, error?: unknown) => void;
  /** Tests shorten the poll. */
  poll_ms?: number;
  lease_ms?: number;
};

/**
 * The deliverer. `subscribe` before `start`; `wake` after writing events (this instance);
 * `notifyWake` sends the cross-instance wake-up; `drain` delivers until nothing is left
 * (tests, shutdown).
 */
export class Outbox {
  private readonly holder = randomUUID();
  private readonly states = new Map<string, State>();
  private token: bigint | null = null;
  private lease_until = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private woken = false;
  private notify_due = false;
  private notify_timer: NodeJS.Timeout | null = null;
  private readonly poll_ms: number;
  private readonly lease_ms: number;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    this.poll_ms = options.poll_ms ?? OUTBOX_POLL_MS;
    this.lease_ms = options.lease_ms ?? OUTBOX_LEASE_MS;
  }

  subscribe<T extends DomainEventType>(subscriber: Subscriber<T>): void {
    if (!/^[a-z][a-z0-9_.-]{0,63}$/.test(subscriber.name))
      throw new Error(`outbox: bad subscriber name ${subscriber.name}`);
    if (this.states.has(subscriber.name))
      throw new Error(`outbox: ${subscriber.name} subscribed twice`);
    for (const type of subscriber.types)
      if (!isDomainEventType(type)) throw new Error(`outbox: unknown event type ${type}`);
    this.states.set(subscriber.name, {
      subscriber: subscriber as unknown as Subscriber,
      cursor: { xid: 0n, id: 0n },
      retry_at: 0,
      delay_ms: RETRY_DELAY_MS_MIN,
      failures: 0,
      attempts: new Map(),
    });
  }

  get subscribers(): string[] {
    return [...this.states.keys()];
  }

  /** Appends on the caller's executor (see `appendEvents`). */
  append(executor: Executor, events: readonly DomainEvent[]): Promise<void> {
    return appendEvents(executor, events);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.notify_timer) clearTimeout(this.notify_timer);
    this.notify_timer = null;
    await this.running?.catch(() => {});
    if (this.token !== null) {
      // Hands the lease over at once instead of letting it run out.
      await sql`update outbox_lease set expires_at = now() - interval '1 second'
                 where name = ${LEASE_NAME} and holder = ${this.holder}`
        .execute(this.db)
        .catch(() => {});
      this.token = null;
    }
  }

  /** Something was written here: deliver soon (no-op unless started). */
  wake(): void {
    this.woken = true;
    if (!this.stopped && this.running === null) this.schedule(0);
  }

  /**
   * Another instance may hold the lease: tell it there is something to deliver, at most once
   * per WAKE_NOTIFY_MS (a NOTIFY inside the writing transaction would serialise commits).
   */
  notifyWake(): void {
    this.wake();
    if (this.notify_timer) {
      this.notify_due = true;
      return;
    }
    this.sendWake();
  }

  private sendWake() {
    this.notify_due = false;
    sql`select pg_notify(${WAKE_CHANNEL}, '')`
      .execute(this.db)
      .catch((error) => this.options.log('outbox wake-up', error));
    this.notify_timer = setTimeout(() => {
      this.notify_timer = null;
      if (this.notify_due) this.sendWake();
    }, WAKE_NOTIFY_MS);
    this.notify_timer.unref();
  }

  /** The channel another instance's `notifyWake` uses (the event bus subscribes this). */
  static readonly WAKE_CHANNEL = WAKE_CHANNEL;

  /**
   * Delivers until every subscriber has handled everything committed before the call (or is
   * waiting to retry a failure). Takes the lease if it is free.
   */
  async drain(rounds_max = 1_000): Promise<void> {
    try {
      for (let round = 0; round < rounds_max; round++) {
        // One round at a time per instance: a round of the dispatcher's or of another drain
        // running beside this one would hand out the same events again.
        while (this.running) await this.running.catch(() => {});
        const delivering = this.deliverOnce(true);
        this.running = delivering;
        const handled = await delivering.finally(() => {
          if (this.running === delivering) this.running = null;
        });
        if (handled === 0) return;
      }
    } finally {
      // A tick that found a drain's round running gave up its turn: the dispatcher polls on.
      if (this.timer === null) this.schedule(this.poll_ms);
    }
  }

  private schedule(delay_ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick();
    }, delay_ms);
    this.timer.unref();
  }

  private tick() {
    if (this.running || this.stopped) return;
    this.woken = false;
    this.running = this.deliverOnce(false);
    this.running
      .catch((error) => {
        this.options.log('outbox delivery', error);
        return 0;
      })
      .then((handled) => {
        this.running = null;
        if (this.stopped) return;
        const leader = this.token !== null;
        // More may be waiting: go on at once; otherwise poll (a standby polls the lease).
        this.schedule(
          handled > 0 || this.woken ? 0 : leader ? this.poll_ms : OUTBOX_STANDBY_POLL_MS,
        );
      });
  }

  /** Takes or renews the lease; false when another live instance holds it. */
  private async lease(): Promise<boolean> {
    const now = Date.now();
    if (this.token !== null && now < this.lease_until - this.lease_ms / 2) return true;
    const { rows } = await sql<{ token: string }>`
      insert into outbox_lease (name, holder, token, expires_at)
      values (${LEASE_NAME}, ${this.holder}, 1, now() + ${`${this.lease_ms} milliseconds`}::interval)
      on conflict (name) do update
        set token = outbox_lease.token + (outbox_lease.holder <> excluded.holder)::int,
            holder = excluded.holder, expires_at = excluded.expires_at
        where outbox_lease.holder = excluded.holder or outbox_lease.expires_at < now()
      returning token::text`.execute(this.db);
    if (rows.length === 0) {
      this.token = null;
      return false;
    }
    const token = BigInt(rows[0]!.token);
    if (this.token !== token) await this.loadCursors();
    this.token = token;
    this.lease_until = now + this.lease_ms;
    return true;
  }

  private async loadCursors() {
    const names = [...this.states.keys()];
    if (names.length === 0) return;
    await sql`insert into outbox_cursors (subscriber) select unnest(${names}::text[])
              on conflict (subscriber) do nothing`.execute(this.db);
    const { rows } = await sql<{ subscriber: string; last_xid: string; last_id: bigint }>`
      select subscriber, last_xid::text, last_id from outbox_cursors
       where subscriber = any (${names}::text[])`.execute(this.db);
    for (const row of rows) {
      const state = this.states.get(row.subscriber);
      if (state) state.cursor = { xid: BigInt(row.last_xid), id: row.last_id };
    }
  }

  /** One round: reads a batch past the slowest cursor, hands it out, moves the cursors. */
  private async deliverOnce(force: boolean): Promise<number> {
    if (this.states.size === 0) return 0;
    if (!(await this.lease())) return 0;
    const now = Date.now();
    const due = [...this.states.values()].filter((s) => force || s.retry_at <= now);
    if (due.length === 0) return 0;
    const from = due.reduce((min, s) => (before(s.cursor, min) ? s.cursor : min), due[0]!.cursor);
    const { rows } = await this.db.executeQuery<Row>(
      CompiledQuery.raw(
        `select id, xid::text as xid, key, type, payload, created_at from outbox_events
          where (xid, id) > ($1::xid8, $2::bigint)
            and xid < pg_snapshot_xmin(pg_current_snapshot())
          order by xid, id limit ${OUTBOX_BATCH_MAX}`,
        [from.xid.toString(), from.id.toString()],
      ),
    );
    if (rows.length === 0) return 0;
    const batch = rows.map((row) => ({ row, cursor: { xid: BigInt(row.xid), id: row.id } }));
    const handled = await Promise.all(due.map((state) => this.deliverTo(state, batch)));
    return handled.reduce((sum, n) => sum + n, 0);
  }

  /**
   * Hands a subscriber the events of its types past its cursor and moves the cursor. The batch
   * goes whole; after a failure, one event at a time, so that one event that keeps failing
   * (DEAD_LETTER_ATTEMPTS rounds, with the retry delay between them) is set aside in the dead
   * letters instead of holding back the events after it. Returns how many rows it got past.
   */
  private async deliverTo(state: State, batch: Batch): Promise<number> {
    const mine = batch.filter((e) => before(state.cursor, e.cursor));
    if (mine.length === 0) return 0;
    const types = state.subscriber.types as readonly string[];
    const wanted = mine.filter((e) => types.includes(e.row.type));
    try {
      if (state.failures === 0) {
        if (wanted.length > 0) await state.subscriber.handle(wanted.map((e) => this.decode(e.row)));
        await this.advance(state, mine[mine.length - 1]!.cursor, wanted.length);
        return mine.length;
      }
      let passed = 0;
      let delivered = 0;
      for (const e of mine) {
        if (types.includes(e.row.type)) {
          try {
            await state.subscriber.handle([this.decode(e.row)]);
            delivered += 1;
          } catch (error) {
            const attempts = (state.attempts.get(e.row.id) ?? 0) + 1;
            if (attempts < DEAD_LETTER_ATTEMPTS) {
              state.attempts.set(e.row.id, attempts);
              if (passed > 0) await this.advance(state, mine[passed - 1]!.cursor, delivered, true);
              throw error;
            }
            state.attempts.delete(e.row.id);
            await this.deadLetter(state, e.row, attempts, error);
          }
        }
        passed += 1;
      }
      await this.advance(state, mine[mine.length - 1]!.cursor, delivered);
      return mine.length;
    } catch (error) {
      await this.failed(state, error);
      return 0;
    }
  }

  private async deadLetter(state: State, row: Row, attempts: number, error: unknown) {
    this.options.log(
      `outbox: ${state.subscriber.name} set event ${row.id} (${row.type}) aside`,
      error,
    );
    await sql`insert into outbox_dead_letters (subscriber, event_id, attempts, error)
              values (${state.subscriber.name}, ${row.id}, ${attempts},
                      ${String((error as Error)?.stack ?? error).slice(0, ERROR_TEXT_MAX)})
              on conflict (subscriber, event_id) do update
                set attempts = excluded.attempts, error = excluded.error,
                    created_at = now(), redelivered_at = null`.execute(this.db);
  }

  private decode(row: Row): DeliveredEvent {
    if (!isDomainEventType(row.type)) throw new Error(`outbox: unknown event type ${row.type}`);
    return {
      id: row.id,
      key: row.key,
      type: row.type,
      payload: decodeEventPayload(row.type, row.payload),
      created_at: row.created_at,
    } as DeliveredEvent;
  }

  private async advance(state: State, cursor: Cursor, delivered: number, partial = false) {
    const { numAffectedRows } = await sql`
      update outbox_cursors c
         set last_xid = ${cursor.xid.toString()}::xid8, last_id = ${cursor.id},
             delivered = c.delivered + ${delivered},
             failures = case when ${partial} then c.failures else 0 end,
             last_error = case when ${partial} then c.last_error end, updated_at = now()
        from outbox_lease l
       where c.subscriber = ${state.subscriber.name}
         and l.name = ${LEASE_NAME} and l.holder = ${this.holder} and l.token = ${this.token}`.execute(
      this.db,
    );
    if (numAffectedRows === 0n) {
      // The lease went to another instance meanwhile: it delivers from the stored cursor.
      this.token = null;
      throw new Error('outbox: lease lost');
    }
    state.cursor = cursor;
    if (partial) return;
    state.failures = 0;
    state.delay_ms = RETRY_DELAY_MS_MIN;
    state.retry_at = 0;
  }

  private async failed(state: State, error: unknown) {
    state.failures += 1;
    this.options.log(`outbox: ${state.subscriber.name} failed; retrying`, error);
    state.retry_at = Date.now() + state.delay_ms;
    state.delay_ms = Math.min(state.delay_ms * 2, RETRY_DELAY_MS_MAX);
    await sql`update outbox_cursors set failures = failures + 1,
                last_error = ${String((error as Error)?.message ?? error).slice(0, ERROR_TEXT_MAX)},
                updated_at = now()
              where subscriber = ${state.subscriber.name}`
      .execute(this.db)
      .catch(() => {});
  }

  /** Each subscriber's position and health (back office, tests). */
  async status() {
    const { rows } = await sql<{
      subscriber: string;
      delivered: bigint;
      failures: number;
      last_error: string | null;
      updated_at: Date;
      pending: bigint;
      dead_letters: bigint;
    }>`
      select c.subscriber, c.delivered, c.failures, c.last_error, c.updated_at,
             (select count(*) from outbox_events e where (e.xid, e.id) > (c.last_xid, c.last_id)) as pending,
             (select count(*) from outbox_dead_letters d where d.subscriber = c.subscriber
                and d.redelivered_at is null) as dead_letters
        from outbox_cursors c order by c.subscriber`.execute(this.db);
    return rows;
  }
}
