import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/sql.ts';

export type AuditRow = {
  id: bigint;
  occurred_at: Date;
  actor_type: 'player' | 'staff' | 'system';
  actor_id: string | null;
  actor_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before: unknown;
  after: unknown;
  metadata: unknown;
  prev_hash: string;
  hash: string;
};

export type AuditTables = {
  audit_log: Omit<AuditRow, 'id'> & { id: import('kysely').Generated<bigint> };
  audit_chain_head: { id: number; last_id: bigint; last_hash: string; entries: bigint };
};

export type AuditFilter = {
  actor_type?: string;
  actor_id?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: Date;
  to?: Date;
  q?: string;
};

const CHAIN_LOCK_KEY = 7_321_002;
export const VERIFY_BATCH_SIZE = 1000;

export class AuditRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<AuditTables>();
  }

  transaction<T>(work: (trx: Transaction<AuditTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Serialises appends: the chain needs the previous hash, and only one writer may read it. */
  async lockChain(trx: Transaction<AuditTables>) {
    await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`.execute(trx);
    return trx.selectFrom('audit_chain_head').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async append(trx: Transaction<AuditTables>, row: Omit<AuditRow, 'id'>, entries: bigint) {
    const inserted = await trx
      .insertInto('audit_log')
      .values({
        ...row,
        before: jsonb(row.before),
        after: jsonb(row.after),
        metadata: jsonb(row.metadata),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('audit_chain_head')
      .values({ id: 1, last_id: inserted.id, last_hash: row.hash, entries })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          last_id: inserted.id,
          last_hash: row.hash,
          entries,
        }),
      )
      .execute();
    return inserted.id;
  }

  async *scan(): AsyncGenerator<AuditRow[]> {
    let after = 0n;
    for (;;) {
      const rows = (await this.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(VERIFY_BATCH_SIZE)
        .execute()) as AuditRow[];
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.id;
    }
  }

  head() {
    return this.db
      .selectFrom('audit_chain_head')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  async search(filter: AuditFilter, page: { limit: number; offset: number }) {
    let query = this.db.selectFrom('audit_log');
    if (filter.actor_type)
      query = query.where('actor_type', '=', filter.actor_type as AuditRow['actor_type']);
    if (filter.actor_id) query = query.where('actor_id', '=', filter.actor_id);
    if (filter.action) query = query.where('action', 'like', `${escapeLike(filter.action)}%`);
    if (filter.target_type) query = query.where('target_type', '=', filter.target_type);
    if (filter.target_id) query = query.where('target_id', '=', filter.target_id);
    if (filter.from) query = query.where('occurred_at', '>=', filter.from);
    if (filter.to) query = query.where('occurred_at', '<', filter.to);
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('action', 'ilike', like),
          eb('actor_id', 'ilike', like),
          eb('target_id', 'ilike', like),
          eb('ip', 'ilike', like),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AuditRow[], total: Number(total.count) };
  }
}

function jsonb(value: unknown) {
  return value === null || value === undefined ? null : sql`${JSON.stringify(value)}::jsonb`;
}
