import type { Generated } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type OutboxRow = {
  id: bigint;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  transport: 'outbox' | 'smtp';
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
};

type MailTables = {
  mail_outbox: Omit<OutboxRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
};

export const OUTBOX_PAGE_SIZE_MAX = 100;

export class MailRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<MailTables>();
  }

  async insert(row: Omit<OutboxRow, 'id' | 'created_at'>): Promise<bigint> {
    const { id } = await this.db
      .insertInto('mail_outbox')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async markSent(id: bigint, error: string | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set(error ? { error } : { sent_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  list(to: string | undefined, limit: number): Promise<OutboxRow[]> {
    let query = this.db.selectFrom('mail_outbox').selectAll();
    if (to) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
    return query
      .orderBy('id', 'desc')
      .limit(Math.min(limit, OUTBOX_PAGE_SIZE_MAX))
      .execute() as Promise<OutboxRow[]>;
  }
}
