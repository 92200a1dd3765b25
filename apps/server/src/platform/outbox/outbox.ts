import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
  decodeEventPayload,
  encodeEventPayload,
  isDomainEventType,
} from '@casino/contracts/events';
import { CompiledQuery, type QueryExecutorProvider, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { periodic } from '../periodic.ts';
import {
  deleteDelivered,
  OUTBOX_RETENTION_HOURS_DEFAULT,
  OUTBOX_RETENTION_INTERVAL_MS,
  type RetentionRun,
} from './outbox.retention.ts';
import {
  type DeadLetterFilter,
  type DeadLetterView,
  type OutboxStatus,
  readDeadLetters,
  readStatus,
} from './outbox.status.ts';

export {
  OUTBOX_RETENTION_BATCH_ROWS,
  OUTBOX_RETENTION_HOURS_DEFAULT,
  type RetentionRun,
} from './outbox.retention.ts';
export {
  DEAD_LETTERS_PAGE_MAX,
  type DeadLetterFilter,
  type DeadLetterView,
  OUTBOX_LAG_WARN_MS,
  OUTBOX_STATUS_COUNT_MAX,
  type OutboxStatus,
  type SubscriberHealth,
  type SubscriberStatus,
} from './outbox.status.ts';

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

/**
 * Writes events on the caller's executor: inside a transaction they exist only if it commits.
 * An event whose key was written before is ignored.
 */
export async function appendEvents(
  executor: QueryExecutorProvider,
  events: readonly DomainEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const keys = events.map((event) => event.key);
  const types = events.map((event) => event.type);
  const payloads = events.map((event) => encodeEventPayload(event.payload));
  await sql`
    insert into outbox_events (key, type, payload)
    select k, t, p::jsonb from unnest(${keys}::text[], ${types}::text[], ${payloads}::text[]) e (k, t, p)
    on conflict (key) do nothing`.execute(executor);
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
type Advance = { state: State; cursor: Cursor; delivered: number };

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
  /** Delivered events are deleted after this (OUTBOX_RETENTION_HOURS). */
  retention_hours?: number;
};

/** What handing one dead letter to its subscriber again came to. */
export type RedeliverResult =
  | { code: 'OK'; type: string; key: string; redelivered_at: Date }
  | { code: 'SUBSCRIBER_NOT_FOUND' }
  | { code: 'DEAD_LETTER_NOT_FOUND' }
  | { code: 'ALREADY_REDELIVERED'; redelivered_at: Date }
  /** The letter's event is of a type the subscriber no longer takes. */
  | { code: 'TYPE_NOT_TAKEN'; type: string }
  | { code: 'HANDLER_FAILED'; type: string; key: string; error: string };

const errorMessage = (error: unknown) =>
  String((error as Error)?.message ?? error).slice(0, ERROR_TEXT_MAX);
const errorStack = (error: unknown) =>
  String((error as Error)?.stack ?? error).slice(0, ERROR_TEXT_MAX);

/**
 * The deliverer. `subscribe` before `start`; `wake` after writing events (this instance);
 * `notifyWake` sends the cross-instance wake-up; `drain` delivers until nothing is left
 * (tests, shutdown). For operators: `status`, `deadLetters`, `redeliver`; `startRetention`
 * deletes what every subscriber has handled once it is old enough.
 */
export class Outbox {
  /** Names this instance in the lease row, so an operator can tell which process delivers. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
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
  private readonly retention_hours: number;
  private readonly retention: ReturnType<typeof periodic>;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    this.poll_ms = options.poll_ms ?? OUTBOX_POLL_MS;
    this.lease_ms = options.lease_ms ?? OUTBOX_LEASE_MS;
    this.retention_hours = options.retention_hours ?? OUTBOX_RETENTION_HOURS_DEFAULT;
    this.retention = periodic('outbox retention', () => this.sweep(), options.log);
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
  append(executor: QueryExecutorProvider, events: readonly DomainEvent[]): Promise<void> {
    return appendEvents(executor, events);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.retention.stop();
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
    // This instance delivers: waking itself is enough.
    if (this.token !== null && Date.now() < this.lease_until) return;
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
   * waiting to retry a failure). Takes the lease if it is free. Events committed but not yet
   * readable — an older transaction anywhere on the server holds the xmin back — are waited for,
   * up to `wait_ms` (a minute by default: under a full test run another database's property test
   * has held a transaction open for longer than ten seconds).
   */
  async drain(rounds_max = 1_000, wait_ms = 60_000): Promise<void> {
    const { rows } = await sql<{ id: string | null }>`
      select max(id)::text as id from outbox_events`.execute(this.db);
    const last = rows[0]?.id == null ? null : BigInt(rows[0].id);
    const deadline = Date.now() + wait_ms;
    // Rounds that deliver count against rounds_max; waiting for an unreadable event is bounded
    // by wait_ms alone, so a long transaction elsewhere cannot use the rounds up.
    for (let round = 0; round < rounds_max; ) {
      const handled = await this.exclusive(() => this.deliverOnce(true));
      if (handled > 0) {
        round++;
        continue;
      }
      if (last === null || this.token === null || Date.now() > deadline) return;
      // Nothing delivered: done unless an event there was at the call is still unreadable
      // (committed under an xid an older transaction holds back) and past a cursor.
      const { rows: left } = await sql<{ n: number }>`
        select count(*)::int as n from outbox_events e
         where e.id <= ${last} and e.xid >= pg_snapshot_xmin(pg_current_snapshot())
           and exists (select 1 from outbox_cursors c
                        where c.subscriber = any (${this.subscribers}::text[])
                          and (e.xid, e.id) > (c.last_xid, c.last_id))`.execute(this.db);
      if (left[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * One delivery round at a time in this instance: two rounds at once would read the same
   * batch past the same cursors and hand it out twice.
   */
  private exclusive(round: () => Promise<number>): Promise<number> {
    const next = this.rounds.then(round, round);
    this.rounds = next.catch(() => 0);
    return next;
  }
  private rounds: Promise<number> = Promise.resolve(0);

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
    this.running = this.exclusive(() => this.deliverOnce(false));
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
    const advances: Advance[] = [];
    const handled = await Promise.all(due.map((state) => this.deliverTo(state, batch, advances)));
    // The healthy subscribers' cursors move together, in one statement.
    if (advances.length > 0) await this.advanceAll(advances);
    return handled.reduce((sum, n) => sum + n, 0);
  }

  private async advanceAll(advances: Advance[]) {
    const { numAffectedRows } = await sql`
      update outbox_cursors c
         set last_xid = a.xid, last_id = a.id, delivered = c.delivered + a.delivered,
             failures = 0, last_error = null, updated_at = now()
        from unnest(${advances.map((a) => a.state.subscriber.name)}::text[],
                    ${advances.map((a) => a.cursor.xid.toString())}::xid8[],
                    ${advances.map((a) => a.cursor.id.toString())}::bigint[],
                    ${advances.map((a) => a.delivered)}::integer[]) a (subscriber, xid, id, delivered),
             outbox_lease l
       where c.subscriber = a.subscriber
         and l.name = ${LEASE_NAME} and l.holder = ${this.holder} and l.token = ${this.token}`.execute(
      this.db,
    );
    if (numAffectedRows !== BigInt(advances.length)) {
      // The lease went to another instance meanwhile: it delivers from the stored cursors.
      this.token = null;
      this.options.log('outbox: lease lost; another instance delivers from the stored cursors');
      return;
    }
    for (const { state, cursor } of advances) {
      state.cursor = cursor;
      state.failures = 0;
      state.delay_ms = RETRY_DELAY_MS_MIN;
      state.retry_at = 0;
    }
  }

  /**
   * Hands a subscriber the events of its types past its cursor and moves the cursor. The batch
   * goes whole; after a failure, one event at a time, so that one event that keeps failing
   * (DEAD_LETTER_ATTEMPTS rounds, with the retry delay between them) is set aside in the dead
   * letters instead of holding back the events after it. Returns how many rows it got past.
   */
  private async deliverTo(state: State, batch: Batch, advances: Advance[]): Promise<number> {
    const mine = batch.filter((e) => before(state.cursor, e.cursor));
    if (mine.length === 0) return 0;
    const types = state.subscriber.types as readonly string[];
    const wanted = mine.filter((e) => types.includes(e.row.type));
    try {
      if (state.failures === 0) {
        if (wanted.length > 0) await state.subscriber.handle(wanted.map((e) => this.decode(e.row)));
        advances.push({ state, cursor: mine[mine.length - 1]!.cursor, delivered: wanted.length });
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
                      ${errorStack(error)})
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
                last_error = ${errorMessage(error)},
                updated_at = now()
              where subscriber = ${state.subscriber.name}`
      .execute(this.db)
      .catch(() => {});
  }

  /** Each subscriber's position and health, the lease, what is kept (back office, tests). */
  status(): Promise<OutboxStatus> {
    const registered = new Map(
      [...this.states].map(([name, state]) => [name, state.subscriber.types] as const),
    );
    return readStatus(this.db, registered, {
      holder: this.holder,
      lease_name: LEASE_NAME,
      retention_hours: this.retention_hours,
    });
  }

  /** Open dead letters, the latest first, with their events. */
  deadLetters(filter: DeadLetterFilter): Promise<{ items: DeadLetterView[]; total: number }> {
    return readDeadLetters(this.db, filter);
  }

  /**
   * Hands one dead-lettered event to its subscriber again, now, on the instance that serves the
   * request (lease or not): an operator's repair once the cause is fixed. The event is behind the cursor, so
   * this is its only way back; the subscriber is idempotent on the key, so a letter handed over
   * twice by two operators at once changes nothing twice. On success the letter is marked
   * redelivered; on failure it keeps the new error and counts the attempt.
   */
  async redeliver(subscriber: string, event_id: bigint): Promise<RedeliverResult> {
    const state = this.states.get(subscriber);
    if (!state) return { code: 'SUBSCRIBER_NOT_FOUND' };
    const { rows } = await sql<Row & { redelivered_at: Date | null }>`
      select e.id, e.xid::text as xid, e.key, e.type, e.payload, e.created_at, d.redelivered_at
        from outbox_dead_letters d
        join outbox_events e on e.id = d.event_id
       where d.subscriber = ${subscriber} and d.event_id = ${event_id}`.execute(this.db);
    const row = rows[0];
    if (!row) return { code: 'DEAD_LETTER_NOT_FOUND' };
    if (row.redelivered_at)
      return { code: 'ALREADY_REDELIVERED', redelivered_at: row.redelivered_at };
    if (!(state.subscriber.types as readonly string[]).includes(row.type))
      return { code: 'TYPE_NOT_TAKEN', type: row.type };
    try {
      await state.subscriber.handle([this.decode(row)]);
    } catch (error) {
      this.options.log(`outbox: redelivery of event ${row.id} to ${subscriber} failed`, error);
      await sql`update outbox_dead_letters set attempts = attempts + 1, error = ${errorStack(error)}
                 where subscriber = ${subscriber} and event_id = ${event_id}
                   and redelivered_at is null`.execute(this.db);
      return { code: 'HANDLER_FAILED', type: row.type, key: row.key, error: errorMessage(error) };
    }
    const { rows: marked } = await sql<{ redelivered_at: Date }>`
      update outbox_dead_letters set redelivered_at = now()
       where subscriber = ${subscriber} and event_id = ${event_id} and redelivered_at is null
      returning redelivered_at`.execute(this.db);
    // Another operator's redelivery marked it first: handled either way.
    return {
      code: 'OK',
      type: row.type,
      key: row.key,
      redelivered_at: marked[0]?.redelivered_at ?? new Date(),
    };
  }

  /** Runs retention on this instance every minute (every instance may; see outbox.retention.ts). */
  startRetention(): void {
    this.retention.start(OUTBOX_RETENTION_INTERVAL_MS);
  }

  /**
   * One retention run. First makes sure each subscriber of this instance has a cursor row (as
   * taking the lease does), so a subscriber whose cursor nobody wrote yet holds events back
   * instead of losing them.
   */
  async sweep(options: { batch_rows?: number; batches_max?: number } = {}): Promise<RetentionRun> {
    const names = [...this.states.keys()];
    if (names.length > 0)
      await sql`insert into outbox_cursors (subscriber) select unnest(${names}::text[])
                on conflict (subscriber) do nothing`.execute(this.db);
    return deleteDelivered(this.db, { retention_hours: this.retention_hours, ...options });
  }
}
