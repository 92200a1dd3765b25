import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

export const RULE_CODES = [
  'large_amount',
  'structuring',
  'deposit_withdraw_little_play',
  'shared_device',
  'shared_address',
  'shared_instrument',
  'payout_changes',
  'anonymiser',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];
export const ALERT_STATUSES = ['open', 'investigating', 'cleared', 'reported'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export type RuleRow = {
  code: RuleCode;
  enabled: boolean;
  window_minutes: number;
  min_count: number;
  percent: number;
  /** Currency code → minor units (text). */
  thresholds: Record<string, string>;
  updated_at: Date;
};

export type AlertRow = {
  id: bigint;
  rule_code: RuleCode;
  player_id: bigint;
  fingerprint: string;
  summary: string;
  evidence: Record<string, unknown>;
  status: AlertStatus;
  assigned_to: bigint | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  closed_by: bigint | null;
};

export type NoteRow = {
  id: bigint;
  alert_id: bigint;
  staff_id: bigint | null;
  body: string;
  status_from: string | null;
  status_to: string | null;
  created_at: Date;
};

export type SourceOfFundsRow = {
  id: bigint;
  player_id: bigint;
  message: string;
  status: 'requested' | 'answered' | 'closed';
  response: string | null;
  requested_by: bigint | null;
  created_at: Date;
  answered_at: Date | null;
  closed_at: Date | null;
};

type Tables = {
  aml_rules: Omit<RuleRow, 'updated_at'> & { updated_at: Generated<Date> };
  aml_alerts: Omit<AlertRow, 'id' | 'status' | 'created_at' | 'updated_at' | 'closed_at'> & {
    id: Generated<bigint>;
    status: Generated<AlertStatus>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    closed_at: Date | null;
  };
  aml_alert_notes: Omit<NoteRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
  source_of_funds_requests: Omit<SourceOfFundsRow, 'id' | 'status' | 'created_at'> & {
    id: Generated<bigint>;
    status: Generated<SourceOfFundsRow['status']>;
    created_at: Generated<Date>;
  };
};
export type ComplianceTx = Transaction<Tables>;

/** The compliance module's tables. What other modules recorded comes through their services. */
export class ComplianceRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (tx: ComplianceTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // --- rules ----------------------------------------------------------------------

  async rules(): Promise<RuleRow[]> {
    return (await this.db
      .selectFrom('aml_rules')
      .selectAll()
      .orderBy('code')
      .execute()) as RuleRow[];
  }

  async rule(code: string): Promise<RuleRow | null> {
    return (
      ((await this.db
        .selectFrom('aml_rules')
        .selectAll()
        .where('code', '=', code as RuleCode)
        .executeTakeFirst()) as RuleRow | undefined) ?? null
    );
  }

  async updateRule(code: RuleCode, patch: Partial<Omit<RuleRow, 'code' | 'updated_at'>>) {
    const values: Record<string, unknown> = { ...patch, updated_at: new Date() };
    if (patch.thresholds) values.thresholds = JSON.stringify(patch.thresholds);
    return (await this.db
      .updateTable('aml_rules')
      .set(values as never)
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow()) as RuleRow;
  }

  // --- alerts -----------------------------------------------------------------------

  /**
   * Raises an alert unless the same evidence raised one before. While the rule's case for the
   * player is still open, the new evidence replaces its evidence instead (one case per rule
   * and player). Returns the alert's id and whether it is new.
   */
  async raise(alert: {
    rule_code: RuleCode;
    player_id: bigint;
    fingerprint: string;
    summary: string;
    evidence: Record<string, unknown>;
  }): Promise<{ id: bigint; created: boolean } | null> {
    const inserted = await this.db
      .insertInto('aml_alerts')
      .values({ ...alert, evidence: JSON.stringify(alert.evidence) as never } as never)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const updated = await sql<{ id: string }>`
      update aml_alerts
         set evidence = ${JSON.stringify(alert.evidence)}::jsonb, summary = ${alert.summary},
             fingerprint = ${alert.fingerprint}, updated_at = now()
       where rule_code = ${alert.rule_code} and player_id = ${alert.player_id}
         and status in ('open', 'investigating')
         and not exists (select 1 from aml_alerts seen where seen.fingerprint = ${alert.fingerprint})
      returning id::text`.execute(this.db);
    const row = updated.rows[0];
    return row ? { id: BigInt(row.id), created: false } : null;
  }

  async alerts(filter: {
    status?: AlertStatus | 'active';
    player_id?: bigint;
    rule_code?: RuleCode;
    limit: number;
    before_id?: bigint;
  }) {
    let query = this.db
      .selectFrom('aml_alerts')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.limit);
    if (filter.status === 'active') query = query.where('status', 'in', ['open', 'investigating']);
    else if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.player_id) query = query.where('player_id', '=', filter.player_id);
    if (filter.rule_code) query = query.where('rule_code', '=', filter.rule_code);
    if (filter.before_id) query = query.where('id', '<', filter.before_id);
    return (await query.execute()) as AlertRow[];
  }

  async alert(tx: ComplianceTx | null, id: bigint, lock = false) {
    let query = (tx ?? this.db).selectFrom('aml_alerts').selectAll().where('id', '=', id);
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as AlertRow | undefined) ?? null;
  }

  async counts() {
    const rows = await this.db
      .selectFrom('aml_alerts')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Partial<
      Record<AlertStatus, number>
    >;
  }

  async setStatus(
    tx: ComplianceTx,
    id: bigint,
    status: AlertStatus,
    staff_id: bigint,
  ): Promise<void> {
    const closing = status === 'cleared' || status === 'reported';
    await tx
      .updateTable('aml_alerts')
      .set({
        status,
        updated_at: new Date(),
        ...(status === 'investigating' ? { assigned_to: staff_id } : {}),
        ...(closing ? { closed_at: new Date(), closed_by: staff_id } : {}),
      } as never)
      .where('id', '=', id)
      .execute();
  }

  async addNote(tx: ComplianceTx | null, note: Omit<NoteRow, 'id' | 'created_at'>) {
    await (tx ?? this.db).insertInto('aml_alert_notes').values(note).execute();
  }

  notes(alert_id: bigint) {
    return this.db
      .selectFrom('aml_alert_notes')
      .selectAll()
      .where('alert_id', '=', alert_id)
      .orderBy('id')
      .limit(500)
      .execute();
  }

  // --- the player's own data (export) --------------------------------------------------

  /** The player's source-of-funds requests for their data export (JSON text; who asked left out). */
  sourceOfFundsExport(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'source_of_funds_requests', player_id, ['requested_by']);
  }

  /**
   * The export document: each section (JSON text from the module that holds it) under its
   * name, and when it was made. PostgreSQL writes it, so bigints stay exact and keys come in
   * its order.
   */
  async exportDocument(sections: Readonly<Record<string, string>>): Promise<string> {
    const body = Object.entries(sections)
      .map(([name, json]) => `${JSON.stringify(name)}: ${json}`)
      .join(', ');
    const result = await sql<{ export: string }>`
      select (jsonb_build_object('exported_at', now()) || ${`{${body}}`}::jsonb)::text as export`.execute(
      this.db,
    );
    return result.rows[0]!.export;
  }

  // --- source of funds ---------------------------------------------------------------

  async openSourceOfFunds(player_id: bigint): Promise<SourceOfFundsRow | null> {
    return (
      ((await this.db
        .selectFrom('source_of_funds_requests')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('status', '<>', 'closed')
        .executeTakeFirst()) as SourceOfFundsRow | undefined) ?? null
    );
  }

  sourceOfFundsHistory(player_id: bigint) {
    return this.db
      .selectFrom('source_of_funds_requests')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute() as Promise<SourceOfFundsRow[]>;
  }

  /** Null when the player already has an open request. */
  async requestSourceOfFunds(player_id: bigint, message: string, staff_id: bigint) {
    return (
      ((await this.db
        .insertInto('source_of_funds_requests')
        .values({ player_id, message, requested_by: staff_id } as never)
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst()) as SourceOfFundsRow | undefined) ?? null
    );
  }

  async answerSourceOfFunds(player_id: bigint, response: string) {
    return (
      ((await this.db
        .updateTable('source_of_funds_requests')
        .set({ status: 'answered', response, answered_at: new Date() })
        .where('player_id', '=', player_id)
        .where('status', '<>', 'closed')
        .returningAll()
        .executeTakeFirst()) as SourceOfFundsRow | undefined) ?? null
    );
  }

  async closeSourceOfFunds(player_id: bigint) {
    return (
      ((await this.db
        .updateTable('source_of_funds_requests')
        .set({ status: 'closed', closed_at: new Date() })
        .where('player_id', '=', player_id)
        .where('status', '<>', 'closed')
        .returningAll()
        .executeTakeFirst()) as SourceOfFundsRow | undefined) ?? null
    );
  }
}
