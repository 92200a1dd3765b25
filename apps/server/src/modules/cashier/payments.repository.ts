import { type Generated, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

export type PaymentDirection = 'deposit' | 'withdrawal';
export type DepositStatus =
  | 'pending'
  | 'crediting'
  | 'credited'
  | 'declined'
  | 'abandoned'
  | 'expired';
export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';
export type PaymentStatus = DepositStatus | WithdrawalStatus;
export type PaymentMode = 'upi' | 'netbanking';

type PaymentsTable = {
  id: Generated<bigint>;
  public_id: string;
  direction: PaymentDirection;
  player_id: bigint;
  currency: string;
  gateway_id: number;
  payment_mode: PaymentMode | null;
  amount_minor: bigint;
  fee_percent: string;
  fee_minor: bigint;
  coupon: string | null;
  details: Record<string, string>;
  status: PaymentStatus;
  provider: string;
  provider_reference: string | null;
  utr: string | null;
  hold_id: bigint | null;
  transfer_id: bigint | null;
  reason: string | null;
  first_approved_by: bigint | null;
  first_approved_at: Date | null;
  approved_by: bigint | null;
  approved_at: Date | null;
  decided_by: bigint | null;
  paid_by: bigint | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
};

type WebhooksTable = {
  id: Generated<bigint>;
  provider: string;
  event_id: string;
  provider_reference: string;
  event: string;
  body_digest: string;
  outcome: string;
  received_at: Generated<Date>;
};

/** A step a withdrawal reached, for the player's tracker. */
export type WithdrawalStep =
  | 'requested'
  | 'first_approved'
  | 'approved'
  | 'sent'
  | 'paid'
  | 'rejected'
  | 'cancelled';

type StatusHistoryTable = {
  id: Generated<bigint>;
  payment_id: bigint;
  player_id: bigint;
  step: WithdrawalStep;
  at: Date;
};

export type PaymentTables = {
  payments: PaymentsTable;
  payment_webhooks: WebhooksTable;
  payment_status_history: StatusHistoryTable;
};
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Omit<
  PaymentsTable,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'transfer_id'
  | 'reason'
  | 'first_approved_by'
  | 'first_approved_at'
  | 'approved_by'
  | 'approved_at'
  | 'decided_by'
  | 'paid_by'
  | 'completed_at'
  | 'utr'
> & { utr?: string | null };
export type PaymentPatch = Partial<
  Pick<
    PaymentsTable,
    | 'status'
    | 'utr'
    | 'transfer_id'
    | 'reason'
    | 'first_approved_by'
    | 'first_approved_at'
    | 'approved_by'
    | 'approved_at'
    | 'decided_by'
    | 'paid_by'
    | 'completed_at'
    | 'provider_reference'
    | 'expires_at'
  >
>;

export type PaymentQuery = {
  direction: PaymentDirection;
  player_id?: bigint;
  status?: PaymentStatus[];
  currency?: string;
  gateway_id?: number;
  q?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

export type PaymentTx = Transaction<PaymentTables>;

/** A deposit credited (or being credited) or a withdrawal requested, as evidence lists it. */
export type PaymentMovement = {
  kind: 'deposit' | 'withdrawal';
  /** `payment:<public id>`. */
  ref: string;
  amount_minor: bigint;
  currency: string;
  at: Date;
  /** A withdrawal's payout account or UPI id; a deposit's paying account if known. */
  destination: string | null;
};

/** The account number or UPI id a payment names; UPI ids are case-insensitive (lower case). */
const INSTRUMENT = sql<
  string | null
>`coalesce(details ->> 'acc_number', details ->> 'account_number', lower(details ->> 'upi_id'))`;
const NAMES_INSTRUMENT = sql<boolean>`details ?| array['acc_number', 'account_number', 'upi_id']`;

export class PaymentsRepository {
  readonly db;
  constructor(db: Db) {
    this.db = db.withTables<PaymentTables>();
  }

  insert(row: NewPayment): Promise<PaymentRow> {
    return this.db
      .insertInto('payments')
      .values({ ...row, details: JSON.stringify(row.details) as never })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byPublicId(public_id: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', public_id)
      .executeTakeFirst();
  }

  /** Whether the player had a credited deposit before this one (their first deposit?). */
  async creditedBefore(player_id: bigint, payment_id: bigint): Promise<boolean> {
    const row = await this.db
      .selectFrom('payments')
      .select('id')
      .where('player_id', '=', player_id)
      .where('direction', '=', 'deposit')
      .where('status', '=', 'credited')
      .where('id', '<>', payment_id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  byId(id: bigint): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byReference(provider: string, provider_reference: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_reference', '=', provider_reference)
      .executeTakeFirst();
  }

  /** Runs `work` in a transaction holding the payment's row lock. */
  locked<T>(
    where: { provider: string; provider_reference: string } | { public_id: string },
    work: (row: PaymentRow | undefined, tx: PaymentTx) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      let query = tx.selectFrom('payments').selectAll();
      query =
        'public_id' in where
          ? query.where('public_id', '=', where.public_id)
          : query
              .where('provider', '=', where.provider)
              .where('provider_reference', '=', where.provider_reference);
      const row = await query.forUpdate().executeTakeFirst();
      return work(row, tx);
    });
  }

  async update(
    executor: PaymentTx | null,
    id: bigint,
    patch: PaymentPatch,
    onlyIf?: PaymentStatus[],
  ): Promise<PaymentRow | undefined> {
    let query = (executor ?? this.db)
      .updateTable('payments')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id);
    if (onlyIf) query = query.where('status', 'in', onlyIf);
    return query.returningAll().executeTakeFirst();
  }

  /**
   * Writes the steps a withdrawal's row shows it has reached, each once (a replay after a crash
   * adds nothing). Called in the transaction that moved it, so history and row agree.
   */
  async recordSteps(tx: PaymentTx, row: PaymentRow): Promise<void> {
    if (row.direction !== 'withdrawal') return;
    const steps: Array<{ step: WithdrawalStep; at: Date }> = [
      { step: 'requested', at: row.created_at },
    ];
    if (row.first_approved_at) steps.push({ step: 'first_approved', at: row.first_approved_at });
    if (row.approved_at) steps.push({ step: 'approved', at: row.approved_at });
    const ended = row.completed_at ?? row.updated_at;
    // The desk marks a payout paid when the money has left with the bank's reference; no
    // separate arrival notice exists, so sent and paid share that moment (decision 0970).
    if (row.status === 'paid') steps.push({ step: 'sent', at: ended }, { step: 'paid', at: ended });
    if (row.status === 'rejected' || row.status === 'cancelled')
      steps.push({ step: row.status, at: ended });
    await tx
      .insertInto('payment_status_history')
      .values(steps.map((s) => ({ payment_id: row.id, player_id: row.player_id, ...s })))
      .onConflict((conflict) => conflict.columns(['payment_id', 'step']).doNothing())
      .execute();
  }

  /** The steps of the given withdrawals, oldest first. */
  async stepsOf(payment_ids: readonly bigint[]) {
    if (payment_ids.length === 0) return [];
    return this.db
      .selectFrom('payment_status_history')
      .select(['payment_id', 'step', 'at'])
      .where('payment_id', 'in', payment_ids)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /** Records a webhook delivery; false when this provider event was seen before. */
  async recordWebhook(
    tx: PaymentTx,
    row: Omit<WebhooksTable, 'id' | 'received_at'>,
  ): Promise<boolean> {
    const inserted = await tx
      .insertInto('payment_webhooks')
      .values(row)
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  webhooksOf(provider: string, provider_reference: string) {
    return this.db
      .selectFrom('payment_webhooks')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_reference', '=', provider_reference)
      .orderBy('id')
      .execute();
  }

  crediting(limit: number): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('status', '=', 'crediting')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Pending deposits whose hosted page has expired: marked expired, returned. */
  expireDue(now: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .updateTable('payments')
      .set({ status: 'expired', updated_at: now, completed_at: now })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('payments')
          .select('id')
          .where('direction', '=', 'deposit')
          .where('status', '=', 'pending')
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(limit),
      )
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
  }

  async list(query: PaymentQuery): Promise<{ rows: PaymentRow[]; total: number }> {
    let base = this.db.selectFrom('payments').where('direction', '=', query.direction);
    if (query.player_id !== undefined) base = base.where('player_id', '=', query.player_id);
    if (query.status?.length) base = base.where('status', 'in', query.status);
    if (query.currency) base = base.where('currency', '=', query.currency);
    if (query.gateway_id !== undefined) base = base.where('gateway_id', '=', query.gateway_id);
    if (query.from) base = base.where('created_at', '>=', query.from);
    if (query.to) base = base.where('created_at', '<', query.to);
    if (query.q) {
      const q = query.q;
      base = base.where((eb) =>
        eb.or([
          eb('public_id', '=', q),
          eb('provider_reference', '=', q),
          eb('utr', '=', q),
          ...(/^\d{1,18}$/.test(q) ? [eb('player_id', '=', BigInt(q))] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The player's deposits credited (or being credited) and withdrawals requested since `since`,
   * by time then reference, at most `limit`.
   */
  async movementsOf(player_id: bigint, since: Date, limit: number): Promise<PaymentMovement[]> {
    const result = await sql<Omit<PaymentMovement, 'amount_minor'> & { amount_minor: string }>`
      select * from (
        select 'deposit' as kind, 'payment:' || public_id as ref, amount_minor::text, currency,
               coalesce(completed_at, updated_at) as at, ${INSTRUMENT} as destination
          from payments
         where player_id = ${player_id} and direction = 'deposit'
           and status in ('crediting', 'credited') and updated_at >= ${since}
        union all
        select 'withdrawal', 'payment:' || public_id, amount_minor::text, currency, created_at,
               ${INSTRUMENT}
          from payments
         where player_id = ${player_id} and direction = 'withdrawal' and created_at >= ${since}
      ) movements
      order by at, ref
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      amount_minor: BigInt(row.amount_minor),
      at: new Date(row.at),
    }));
  }

  /** Whether the player ever asked to withdraw to this account number or UPI id. */
  async withdrewTo(player_id: bigint, instrument: string): Promise<boolean> {
    const result = await sql`
      select 1 from payments
       where player_id = ${player_id} and direction = 'withdrawal' and ${NAMES_INSTRUMENT}
         and ${INSTRUMENT} = ${instrument}
       limit 1`.execute(this.db);
    return result.rows.length > 0;
  }

  /** The instruments (account numbers, UPI ids) of the player's payments made since `since`. */
  async instrumentsOf(player_id: bigint, since: Date): Promise<string[]> {
    const result = await sql<{ instrument: string }>`
      select distinct instrument from (
        select ${INSTRUMENT} as instrument from payments
         where player_id = ${player_id} and created_at >= ${since} and ${NAMES_INSTRUMENT}
      ) used
      where instrument is not null`.execute(this.db);
    return result.rows.map((row) => row.instrument);
  }

  /**
   * Who paid with one of these instruments since `since`: `(instrument, player)` pairs in byte
   * order of the instrument, then player id as text, at most `limit`.
   */
  async instrumentUsers(instruments: readonly string[], since: Date, limit: number) {
    if (instruments.length === 0) return [];
    const result = await sql<{ instrument: string; player_id: string }>`
      select instrument, player_id from (
        select distinct ${INSTRUMENT} as instrument, player_id::text from payments
         where created_at >= ${since} and ${NAMES_INSTRUMENT}
           and ${INSTRUMENT} = any(${instruments}::text[])
      ) users
      order by instrument collate "C", player_id collate "C"
      limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Players with a payment created or changed since `since`, by id as text, at most `limit`. */
  async playersActiveSince(since: Date, limit: number): Promise<bigint[]> {
    const result = await sql<{ player_id: string }>`
      select distinct player_id::text from payments where updated_at >= ${since}
       order by 1 limit ${limit}`.execute(this.db);
    return result.rows.map((row) => BigInt(row.player_id));
  }

  /** The player's payments for their data export (JSON text). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'payments', player_id);
  }

  /** Counts for the desk's queue badges. */
  async queueCounts(): Promise<{ deposits_pending: number; withdrawals_pending: number }> {
    const rows = await this.db
      .selectFrom('payments')
      .select(['direction', sql<string>`count(*)`.as('n')])
      .where('status', '=', 'pending')
      .groupBy('direction')
      .execute();
    const of = (direction: PaymentDirection) =>
      Number(rows.find((row) => row.direction === direction)?.n ?? 0);
    return { deposits_pending: of('deposit'), withdrawals_pending: of('withdrawal') };
  }
}
