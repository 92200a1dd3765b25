import {
  type DomainEventPayload,
  type DomainEventType,
  decodeEventPayload,
} from '@casino/contracts/events';
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database.ts';

/** The domain events of a type written so far (the outbox), oldest first, payloads decoded. */
export async function domainEvents<T extends DomainEventType>(
  db: Db,
  type: T,
): Promise<Array<{ key: string; payload: DomainEventPayload<T> }>> {
  const { rows } = await sql<{ key: string; payload: unknown }>`
    select key, payload from outbox_events where type = ${type} order by id`.execute(db);
  return rows.map((row) => ({ key: row.key, payload: decodeEventPayload(type, row.payload) }));
}
