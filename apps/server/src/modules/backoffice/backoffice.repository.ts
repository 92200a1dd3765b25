import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type AdjustmentStatus = 'pending' | 'approved' | 'rejected' | 'executed' | 'failed';

export type AdjustmentRow = {
  id: bigint;
  player_id: bigint;
  currency_id: number;
  amount_minor: bigint;
  reason_code: string;
  comment: string;
  needs_approval: boolean;
  status: AdjustmentStatus;
  requested_by: bigint;
  requested_at: Date;
  decided_by: bigint | null;
  decided_at: Date | null;
  decision_comment: string | null;
  executed_at: Date | null;
  transfer_id: bigint | null;
  balance_after_minor: bigint | null;
  failure_code: string | null;
};

export type NoteRow = {
  id: bigint;
  player_id: bigint;
  staff_id: bigint;
  body: string;
  created_at: Date;
};

type BackofficeTables = {
  player_notes: Omit<NoteRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
  balance_adjustments: Omit<AdjustmentRow, 'id' | 'requested_at'> & {
    id: Generated<bigint>;
    requested_at: Generated<Date>;
  };
  adjustment_thresholds: {
    currency_id: number;
    approval_threshold_minor: bigint;
    updated_at: Generated<Date>;
  };
};

export class BackofficeRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<BackofficeTables>();
  }

  addNote(row: Omit<NoteRow, 'id' | 'created_at'>): Promise<NoteRow> {
    return this.db
      .insertInto('player_notes')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<NoteRow>;
  }

  notes(player_id: bigint, limit: number): Promise<NoteRow[]> {
    return this.db
      .selectFrom('player_notes')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<NoteRow[]>;
  }

  async thresholds(): Promise<Map<number, bigint>> {
    const rows = await this.db.selectFrom('adjustment_thresholds').selectAll().execute();
    return new Map(rows.map((row) => [row.currency_id, row.approval_threshold_minor]));
  }

  async setThreshold(currency_id: number, approval_threshold_minor: bigint): Promise<void> {
    await this.db
      .insertInto('adjustment_thresholds')
      .values({ currency_id, approval_threshold_minor })
      .onConflict((conflict) =>
        conflict
          .column('currency_id')
          .doUpdateSet({ approval_threshold_minor, updated_at: sql`now()` }),
      )
      .execute();
  }

  insertAdjustment(
    row: Pick<
      AdjustmentRow,
      | 'player_id'
      | 'currency_id'
      | 'amount_minor'
      | 'reason_code'
      | 'comment'
      | 'needs_approval'
      | 'requested_by'
    >,
  ): Promise<AdjustmentRow> {
    return this.db
      .insertInto('balance_adjustments')
      .values({
        ...row,
        status: row.needs_approval ? 'pending' : 'approved',
        decided_by: null,
        decided_at: null,
        decision_comment: null,
        executed_at: null,
        transfer_id: null,
        balance_after_minor: null,
        failure_code: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<AdjustmentRow>;
  }

  adjustment(id: bigint): Promise<AdjustmentRow | undefined> {
    return this.db
      .selectFrom('balance_adjustments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<AdjustmentRow | undefined>;
  }

  /**
   * Decides a pending request in one statement: only a pending row, and only by
   * someone other than its requester, so two approvers cannot both win and nobody
   * approves their own request (the table's CHECK says the same).
   */
  decide(
    id: bigint,
    decision: { status: 'approved' | 'rejected'; decided_by: bigint; comment: string | null },
  ): Promise<AdjustmentRow | undefined> {
    return this.db
      .updateTable('balance_adjustments')
      .set({
        status: decision.status,
        decided_by: decision.decided_by,
        decided_at: sql`now()`,
        decision_comment: decision.comment,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('requested_by', '<>', decision.decided_by)
      .returningAll()
      .executeTakeFirst() as Promise<AdjustmentRow | undefined>;
  }

  /** Records the wallet's answer for an approved request (once; a late retry reads it back). */
  async finish(
    id: bigint,
    outcome:
      | { status: 'executed'; transfer_id: bigint; balance_after_minor: bigint }
      | { status: 'failed'; failure_code: string },
  ): Promise<AdjustmentRow> {
    const updated = await this.db
      .updateTable('balance_adjustments')
      .set(
        outcome.status === 'executed'
          ? {
              status: 'executed',
              executed_at: sql`now()`,
              transfer_id: outcome.transfer_id,
              balance_after_minor: outcome.balance_after_minor,
            }
          : { status: 'failed', failure_code: outcome.failure_code },
      )
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .returningAll()
      .executeTakeFirst();
    return (updated ?? (await this.adjustment(id))!) as AdjustmentRow;
  }

  async adjustments(
    filter: { status?: AdjustmentStatus; player_id?: bigint },
    page: { limit: number; offset: number },
  ) {
    let base = this.db.selectFrom('balance_adjustments');
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.player_id !== undefined) base = base.where('player_id', '=', filter.player_id);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AdjustmentRow[], total: Number(total.count) };
  }

  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('balance_adjustments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
