import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

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

/** A deposit or withdrawal, from whichever table recorded it (fiat, INR, crypto). */
export type MoneyEvent = {
  kind: 'deposit' | 'withdrawal';
  ref: string;
  amount_minor: bigint;
  currency: string;
  at: Date;
  /** A withdrawal's payout account, UPI id or address; a deposit's paying account if known. */
  destination: string | null;
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
  players: { id: bigint; username: string; email: string; currency_id: number | null };
  staff: { id: bigint; email: string; name: string };
};
export type ComplianceTx = Transaction<Tables>;

/** Loopback and private ranges say nothing about a device (every local test shares them). */
const PUBLIC_ADDRESS = sql`not (s.ip << '127.0.0.0/8'::inet or s.ip << '10.0.0.0/8'::inet
  or s.ip << '172.16.0.0/12'::inet or s.ip << '192.168.0.0/16'::inet
  or s.ip << '169.254.0.0/16'::inet or family(s.ip) = 6 and (s.ip << '::1/128'::inet
  or s.ip << 'fc00::/7'::inet or s.ip << 'fe80::/10'::inet or s.ip << '::ffff:0:0/96'::inet))`;

// UPI ids are case-insensitive (name@bank): compared in lower case.
const DESTINATION = sql`coalesce(details ->> 'acc_number', details ->> 'account_number', lower(details ->> 'upi_id'))`;

/**
 * The compliance module's tables, and read-only evidence queries over the payments, crypto,
 * session and ledger tables (the rules look at what those modules recorded; they never write).
 */
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

  // --- evidence (read-only over other modules' tables) -----------------------------

  async player(id: bigint) {
    const row = await sql<{
      id: string;
      username: string;
      email: string;
      currency: string | null;
    }>`select p.id::text, p.username, p.email, c.code as currency
       from players p left join currencies c on c.id = p.currency_id where p.id = ${id}`.execute(
      this.db,
    );
    const found = row.rows[0];
    return found ? { ...found, id: BigInt(found.id) } : null;
  }

  /** Deposits credited and withdrawals requested since `since`, oldest first (at most 500). */
  async moneyEvents(player_id: bigint, since: Date): Promise<MoneyEvent[]> {
    const result = await sql<{
      kind: 'deposit' | 'withdrawal';
      ref: string;
      amount_minor: string;
      currency: string;
      at: Date;
      destination: string | null;
    }>`
      select * from (
        select 'deposit' as kind, 'payment:' || public_id as ref, amount_minor::text, currency,
               coalesce(completed_at, updated_at) as at, ${DESTINATION} as destination
          from payments
         where player_id = ${player_id} and direction = 'deposit'
           and status in ('crediting', 'credited') and updated_at >= ${since}
        union all
        select 'withdrawal', 'payment:' || public_id, amount_minor::text, currency, created_at,
               ${DESTINATION}
          from payments
         where player_id = ${player_id} and direction = 'withdrawal' and created_at >= ${since}
        union all
        select 'deposit', 'crypto-deposit:' || tracking_id, credit_minor::text, currency,
               coalesce(credited_at, updated_at), null
          from crypto_deposits
         where player_id = ${player_id} and status in ('crediting', 'deposited')
           and updated_at >= ${since}
        union all
        select 'withdrawal', 'crypto-withdrawal:' || tracking_id, amount_minor::text, currency,
               created_at, address
          from crypto_withdrawals
         where player_id = ${player_id} and created_at >= ${since}
      ) events
      order by at, ref
      limit 500`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      amount_minor: BigInt(row.amount_minor),
      at: new Date(row.at),
    }));
  }

  /** Real-money stakes the player placed in `currency` since `since` (ledger `bet` transfers). */
  async wagered(player_id: bigint, currency: string, since: Date): Promise<bigint> {
    const result = await sql<{ total: string }>`
      select coalesce(sum(amount_minor), 0)::text as total
        from ledger_transfers
       where player_id = ${player_id} and reason_code = 'bet' and kind in ('single', 'pending')
         and currency = ${currency} and created_at >= ${since}`.execute(this.db);
    return BigInt(result.rows[0]!.total);
  }

  /** Other accounts signed in from the player's public addresses since `since`. */
  async sharedAddresses(player_id: bigint, since: Date) {
    const result = await sql<{ ip: string; player_id: string; username: string }>`
      with mine as (
        select distinct s.ip from player_sessions s
         where s.player_id = ${player_id} and s.ip is not null and s.created_at >= ${since}
           and ${PUBLIC_ADDRESS}
      )
      select host(s.ip) as ip, s.player_id::text, p.username
        from player_sessions s join mine on mine.ip = s.ip join players p on p.id = s.player_id
       where s.created_at >= ${since}
       group by s.ip, s.player_id, p.username
       order by 1, 2
       limit 500`.execute(this.db);
    return result.rows;
  }

  /** Other accounts signed in on one of the player's devices (the device cookie) since `since`. */
  async sharedDevices(player_id: bigint, since: Date) {
    const result = await sql<{ device: string; player_id: string; username: string }>`
      with mine as (
        select distinct s.device_id from player_sessions s
         where s.player_id = ${player_id} and s.device_id is not null and s.created_at >= ${since}
      )
      select s.device_id as device, s.player_id::text, p.username
        from player_sessions s join mine on mine.device_id = s.device_id
        join players p on p.id = s.player_id
       where s.created_at >= ${since}
       group by s.device_id, s.player_id, p.username
       order by 1, 2
       limit 500`.execute(this.db);
    return result.rows;
  }

  /** The player's sign-ins through an anonymising network since `since` (newest first). */
  async anonymisedSignIns(player_id: bigint, since: Date) {
    const result = await sql<{ id: string; ip: string | null; at: Date }>`
      select id::text, host(ip) as ip, created_at as at from player_sessions
       where player_id = ${player_id} and anonymiser and created_at >= ${since}
       order by created_at desc
       limit 50`.execute(this.db);
    return result.rows;
  }

  /**
   * Other accounts that look like the same person, for one-per-person offers (issue 19): those
   * sharing a payment instrument or a device (strong), or a public address (weak). 90 days for
   * devices and addresses, two years for instruments; at most 50 of each.
   */
  async linkedAccounts(player_id: bigint) {
    const day = 86_400_000;
    const ids = (rows: Array<{ player_id: string }>) =>
      [...new Set(rows.map((row) => BigInt(row.player_id)).filter((id) => id !== player_id))].slice(
        0,
        50,
      );
    const now = Date.now();
    return {
      instrument: ids(await this.sharedInstruments(player_id, new Date(now - 730 * day))),
      device: ids(await this.sharedDevices(player_id, new Date(now - 90 * day))),
      address: ids(await this.sharedAddresses(player_id, new Date(now - 90 * day))),
    };
  }

  /** Accounts that used one of the player's payment instruments (any time since `since`). */
  async sharedInstruments(player_id: bigint, since: Date) {
    const result = await sql<{ instrument: string; player_id: string; username: string }>`
      with used as (
        select ${DESTINATION} as instrument, player_id from payments
         where created_at >= ${since} and details ?| array['acc_number', 'account_number', 'upi_id']
        union
        select address, player_id from crypto_withdrawals where created_at >= ${since}
      ), mine as (select distinct instrument from used where player_id = ${player_id})
      select u.instrument, u.player_id::text, p.username
        from used u join mine on mine.instrument = u.instrument join players p on p.id = u.player_id
       group by u.instrument, u.player_id, p.username
       order by 1, 2
       limit 500`.execute(this.db);
    return result.rows;
  }

  /** Players with something new since `since` (the sweep's work list). */
  async activePlayers(since: Date, limit: number): Promise<bigint[]> {
    const result = await sql<{ player_id: string }>`
      select player_id::text from (
        select player_id from payments where updated_at >= ${since}
        union select player_id from crypto_deposits where updated_at >= ${since}
        union select player_id from crypto_withdrawals where created_at >= ${since}
        union select player_id from player_sessions s where s.created_at >= ${since}
          and s.ip is not null and ${PUBLIC_ADDRESS}
      ) active order by 1 limit ${limit}`.execute(this.db);
    return result.rows.map((row) => BigInt(row.player_id));
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
      .selectFrom('aml_alerts as a')
      .innerJoin('players as p', 'p.id', 'a.player_id')
      .leftJoin('staff as s', 's.id', 'a.assigned_to')
      .selectAll('a')
      .select(['p.username', 's.name as assignee'])
      .orderBy('a.id', 'desc')
      .limit(filter.limit);
    if (filter.status === 'active')
      query = query.where('a.status', 'in', ['open', 'investigating']);
    else if (filter.status) query = query.where('a.status', '=', filter.status);
    if (filter.player_id) query = query.where('a.player_id', '=', filter.player_id);
    if (filter.rule_code) query = query.where('a.rule_code', '=', filter.rule_code);
    if (filter.before_id) query = query.where('a.id', '<', filter.before_id);
    return (await query.execute()) as Array<
      AlertRow & { username: string; assignee: string | null }
    >;
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
      .selectFrom('aml_alert_notes as n')
      .leftJoin('staff as s', 's.id', 'n.staff_id')
      .selectAll('n')
      .select(['s.name as author'])
      .where('n.alert_id', '=', alert_id)
      .orderBy('n.id')
      .limit(500)
      .execute();
  }

  // --- the player's own data (export) --------------------------------------------------

  /**
   * Everything stored about the player, as JSON text (bigints stay exact: PostgreSQL writes the
   * JSON). Secrets (password hash, session token digests) are left out, and so are AML alerts
   * and case notes: telling a player about a suspicion is prohibited (tipping off).
   */
  async exportOf(player_id: bigint): Promise<string> {
    // Table and column names are constants of this method, never input.
    const list = (table: string, order: string, drop: string[] = []) =>
      sql`(select coalesce(jsonb_agg(to_jsonb(t)${sql.raw(drop.map((c) => ` - '${c}'`).join(''))} order by t.${sql.raw(order)} desc), '[]'::jsonb)
           from (select * from ${sql.table(table)} where player_id = ${player_id}
                  order by ${sql.raw(order)} desc limit 5000) t)`;
    const result = await sql<{ export: string }>`
      select jsonb_build_object(
        'exported_at', now(),
        'profile', (select to_jsonb(p) - 'password_hash' from players p where p.id = ${player_id}),
        'sessions', ${list('player_sessions', 'id', ['token_hash'])},
        'payments', ${list('payments', 'id')},
        'crypto_deposits', ${list('crypto_deposits', 'id')},
        'crypto_withdrawals', ${list('crypto_withdrawals', 'id')},
        'ledger_transfers', ${list('ledger_transfers', 'id', ['input_hash'])},
        'casino_bets', ${list('casino_bets', 'id')},
        'sports_bets', ${list('sb_bets', 'id')},
        'bonuses', ${list('bonuses', 'id')},
        'responsible_gaming', (select to_jsonb(r) from player_protection r where r.player_id = ${player_id}),
        'responsible_gaming_history', ${list('protection_history', 'id')},
        'source_of_funds_requests', ${list('source_of_funds_requests', 'id', ['requested_by'])}
      )::text as export`.execute(this.db);
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
