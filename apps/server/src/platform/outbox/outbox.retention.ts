import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Retention: events are deleted once they are older than the retention, every subscriber's
 * cursor has passed them and no open dead letter names them. Every instance runs it; it is safe
 * because one statement decides and deletes on one snapshot (a cursor moves past an event only
 * after a dead letter for it is written, so the snapshot that sees the cursor past it sees the
 * letter too), and concurrent runs lock disjoint rows (`skip locked`) instead of waiting or
 * deadlocking on each other.
 */

export const OUTBOX_RETENTION_HOURS_DEFAULT = 24;
/** Rows one statement looks at, and so deletes, at most. */
export const OUTBOX_RETENTION_BATCH_ROWS = 5_000;
/** Statements per run; what is left waits for the next run. */
export const OUTBOX_RETENTION_BATCHES_MAX = 100;
/** How often each instance runs it. */
export const OUTBOX_RETENTION_INTERVAL_MS = 60_000;

export type RetentionRun = { deleted: number; batches: number };

/**
 * Deletes in batches from the head of the commit order. A batch looks only at the oldest
 * `batch_rows` events every cursor has passed (an index range, however many events are kept);
 * the run stops at the first batch that could not delete all it looked at, since past a young
 * event the rest are younger (commit order follows time, give or take a long transaction, whose
 * event then waits for a later run). An event an open dead letter names is skipped, not looked
 * at, so letters never stall the head. A cursor row absent counts as not passed: without any,
 * nothing is deleted. Dead letters already redelivered go with their event.
 */
export async function deleteDelivered(
  db: Db,
  options: { retention_hours: number; batch_rows?: number; batches_max?: number },
): Promise<RetentionRun> {
  const batch_rows = options.batch_rows ?? OUTBOX_RETENTION_BATCH_ROWS;
  const batches_max = options.batches_max ?? OUTBOX_RETENTION_BATCHES_MAX;
  if (!(Number.isInteger(batch_rows) && batch_rows > 0))
    throw new Error(`outbox retention: bad batch size ${batch_rows}`);
  if (!(options.retention_hours > 0))
    throw new Error(`outbox retention: bad retention ${options.retention_hours} h`);
  const retention = `${options.retention_hours} hours`;
  let deleted = 0;
  let batches = 0;
  while (batches < batches_max) {
    const { rows } = await sql<{ deleted: number }>`
      with head as (
        select e.id, e.created_at from outbox_events e
         where (e.xid, e.id) <= (select c.last_xid, c.last_id from outbox_cursors c
                                  order by c.last_xid, c.last_id limit 1)
           and not exists (select 1 from outbox_dead_letters d
                            where d.event_id = e.id and d.redelivered_at is null)
         order by e.xid, e.id
         limit ${batch_rows}
         for update of e skip locked
      ), gone as (
        delete from outbox_events e using head h
         where e.id = h.id and h.created_at < now() - ${retention}::interval
        returning e.id
      ), letters as (
        delete from outbox_dead_letters d using gone g where d.event_id = g.id
      )
      select count(*)::int as deleted from gone`.execute(db);
    batches += 1;
    deleted += rows[0]!.deleted;
    if (rows[0]!.deleted < batch_rows) break;
  }
  return { deleted, batches };
}
