import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * What an operator reads about delivery (the back office's System › Events): each subscriber's
 * position and health, the lease, what is kept, and the dead letters. Reads only; every count is
 * bounded, so a subscriber stuck behind millions of events costs the screen no more than one
 * that is keeping up.
 */

/** Counts stop here: a count equal to it means "at least this many". */
export const OUTBOX_STATUS_COUNT_MAX = 100_000;
/** A subscriber whose oldest undelivered event is older than this is lagging. */
export const OUTBOX_LAG_WARN_MS = 10_000;
/** Dead letters per page at most. */
export const DEAD_LETTERS_PAGE_MAX = 100;
/** The stored error (up to 2,000 characters, a stack) as a list shows it. */
const LISTED_ERROR_CHARS = 500;

export type SubscriberHealth = 'healthy' | 'lagging' | 'failing';

export type SubscriberStatus = {
  name: string;
  /** The event types it takes; empty for a cursor no subscriber of this instance owns. */
  types: string[];
  /** False for a cursor left by a subscriber this instance does not have (removed, or newer code). */
  subscribed: boolean;
  health: SubscriberHealth;
  delivered: number;
  /** Events past its cursor (all types: the deliverer gets through them for it), at most COUNT_MAX. */
  pending: number;
  /** Age of the oldest event past its cursor; null when there is none. */
  lag_ms: number | null;
  failures: number;
  last_error: string | null;
  updated_at: Date | null;
  dead_letters: number;
};

export type OutboxStatus = {
  subscribers: SubscriberStatus[];
  /** The instance delivering now; null before any instance has delivered. */
  lease: { holder: string; expires_at: Date; live: boolean; this_instance: boolean } | null;
  /** Exact below COUNT_MAX; beyond it the planner's estimate (`events_kept_exact` false). */
  events_kept: number;
  events_kept_exact: boolean;
  oldest_event_at: Date | null;
  retention_hours: number;
  count_max: number;
};

export type DeadLetterView = {
  subscriber: string;
  event_id: bigint;
  /** Null only if the event row was removed by hand: retention keeps what an open letter names. */
  type: string | null;
  key: string | null;
  payload: unknown;
  created_at: Date | null;
  attempts: number;
  /** Cut at LISTED_ERROR_CHARS, with an ellipsis. */
  error: string;
  dead_lettered_at: Date;
};

export type DeadLetterFilter = { subscriber?: string; limit: number; offset: number };

/** Health from the numbers: failing first (it needs a person), then lagging. */
export function healthOf(row: {
  failures: number;
  dead_letters: number;
  lag_ms: number | null;
}): SubscriberHealth {
  if (row.failures > 0 || row.dead_letters > 0) return 'failing';
  if (row.lag_ms !== null && row.lag_ms > OUTBOX_LAG_WARN_MS) return 'lagging';
  return 'healthy';
}

export async function readStatus(
  db: Db,
  registered: ReadonlyMap<string, readonly string[]>,
  context: { holder: string; lease_name: string; retention_hours: number },
): Promise<OutboxStatus> {
  const names = [...registered.keys()];
  const { rows } = await sql<{
    subscriber: string;
    delivered: bigint | null;
    failures: number | null;
    last_error: string | null;
    updated_at: Date | null;
    pending: bigint;
    lag_ms: number | null;
    dead_letters: bigint;
  }>`
    select n.subscriber, c.delivered, c.failures, c.last_error, c.updated_at, p.pending,
           (extract(epoch from now() - p.oldest_at) * 1000)::float8 as lag_ms,
           (select count(*) from outbox_dead_letters d
             where d.subscriber = n.subscriber and d.redelivered_at is null) as dead_letters
      from (select unnest(${names}::text[]) union select subscriber from outbox_cursors) n (subscriber)
      left join outbox_cursors c on c.subscriber = n.subscriber
      cross join lateral (
        select count(*) as pending, min(e.created_at) as oldest_at
          from (select created_at from outbox_events
                 where (xid, id) > (coalesce(c.last_xid, '0'::xid8), coalesce(c.last_id, 0))
                 order by xid, id limit ${OUTBOX_STATUS_COUNT_MAX}) e
      ) p
     order by n.subscriber`.execute(db);
  const subscribers = rows.map((row): SubscriberStatus => {
    const numbers = {
      failures: row.failures ?? 0,
      dead_letters: Number(row.dead_letters),
      lag_ms: row.lag_ms === null ? null : Math.max(0, Math.round(row.lag_ms)),
    };
    return {
      name: row.subscriber,
      types: [...(registered.get(row.subscriber) ?? [])],
      subscribed: registered.has(row.subscriber),
      health: healthOf(numbers),
      delivered: Number(row.delivered ?? 0n),
      pending: Number(row.pending),
      last_error: row.last_error,
      updated_at: row.updated_at,
      ...numbers,
    };
  });
  const { rows: leases } = await sql<{ holder: string; expires_at: Date; live: boolean }>`
    select holder, expires_at, expires_at > now() as live from outbox_lease
     where name = ${context.lease_name}`.execute(db);
  const lease = leases[0]
    ? { ...leases[0], this_instance: leases[0].holder === context.holder }
    : null;
  const { rows: kept } = await sql<{
    counted: bigint;
    estimate: number | null;
    oldest_event_at: Date | null;
  }>`
    select (select count(*) from (select 1 from outbox_events limit ${OUTBOX_STATUS_COUNT_MAX}) e) as counted,
           (select reltuples from pg_class where oid = 'outbox_events'::regclass)::float8 as estimate,
           (select created_at from outbox_events order by xid, id limit 1) as oldest_event_at`.execute(
    db,
  );
  const counted = Number(kept[0]!.counted);
  const exact = counted < OUTBOX_STATUS_COUNT_MAX;
  return {
    subscribers,
    lease,
    events_kept: exact ? counted : Math.max(counted, Math.round(kept[0]!.estimate ?? 0)),
    events_kept_exact: exact,
    oldest_event_at: kept[0]!.oldest_event_at,
    retention_hours: context.retention_hours,
    count_max: OUTBOX_STATUS_COUNT_MAX,
  };
}

/** Open dead letters (not yet redelivered), the latest set aside first. */
export async function readDeadLetters(
  db: Db,
  filter: DeadLetterFilter,
): Promise<{ items: DeadLetterView[]; total: number }> {
  const limit = Math.min(Math.max(1, filter.limit), DEAD_LETTERS_PAGE_MAX);
  const subscriber = filter.subscriber ?? null;
  const { rows } = await sql<{
    subscriber: string;
    event_id: bigint;
    type: string | null;
    key: string | null;
    payload: unknown;
    created_at: Date | null;
    attempts: number;
    error: string;
    dead_lettered_at: Date;
  }>`
    select d.subscriber, d.event_id, e.type, e.key, e.payload, e.created_at, d.attempts,
           case when length(d.error) > ${LISTED_ERROR_CHARS}
                then left(d.error, ${LISTED_ERROR_CHARS}) || '…' else d.error end as error,
           d.created_at as dead_lettered_at
      from outbox_dead_letters d
      left join outbox_events e on e.id = d.event_id
     where d.redelivered_at is null
       and (${subscriber}::text is null or d.subscriber = ${subscriber})
     order by d.created_at desc, d.subscriber, d.event_id
     limit ${limit} offset ${Math.max(0, filter.offset)}`.execute(db);
  const { rows: counted } = await sql<{ total: bigint }>`
    select count(*) as total from outbox_dead_letters
     where redelivered_at is null and (${subscriber}::text is null or subscriber = ${subscriber})`.execute(
    db,
  );
  return { items: rows, total: Number(counted[0]!.total) };
}
