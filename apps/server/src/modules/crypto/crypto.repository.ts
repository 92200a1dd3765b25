import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

export const DEPOSIT_STATUSES = [
  'waiting',
  'confirming',
  'partially_paid',
  'crediting',
  'deposited',
  'expired',
  'failed',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** numeric(78,0) columns travel as decimal strings; the repository hands out bigint. */
type Numeric = string;

type DepositTable = {
  id: Generated<bigint>;
  tracking_id: string;
  player_id: bigint;
  currency: string;
  price_amount_minor: bigint;
  coin: string;
  network: string;
  pay_code: string;
  quote_amount_base: Numeric;
  pay_amount_base: Numeric;
  pay_address: string;
  pay_extra_id: string | null;
  provider: string;
  provider_payment_id: string;
  provider_status: Generated<string>;
  status: Generated<DepositStatus>;
  actually_paid_base: Generated<Numeric>;
  credit_minor: bigint | null;
  ledger_transfer_id: bigint | null;
  tx_hash: string | null;
  expires_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  credited_at: Date | null;
};

type CallbackTable = {
  id: Generated<bigint>;
  provider: string;
  provider_payment_id: string;
  provider_status: string;
  actually_paid_base: Numeric;
  body_digest: string;
  outcome: string;
  received_at: Generated<Date>;
};

type CryptoTables = {
  crypto_deposits: DepositTable;
  crypto_callbacks: CallbackTable;
  /** Read here for other modules (evidence, the data export); written by crypto.withdrawals.ts. */
  crypto_withdrawals: { player_id: bigint; address: string; created_at: Date };
};

/** A deposit credited (or being credited) or a withdrawal requested, as evidence lists it. */
export type CryptoMovement = {
  kind: 'deposit' | 'withdrawal';
  /** `crypto-deposit:<tracking id>` or `crypto-withdrawal:<tracking id>`. */
  ref: string;
  /** In the wallet currency: a deposit's credit, a withdrawal's amount. */
  amount_minor: bigint;
  currency: string;
  at: Date;
  /** A withdrawal's payout address (deposits have none). */
  destination: string | null;
};

export type DepositRow = {
  id: bigint;
  tracking_id: string;
  player_id: bigint;
  currency: string;
  price_amount_minor: bigint;
  coin: string;
  network: string;
  pay_code: string;
  quote_amount_base: bigint;
  pay_amount_base: bigint;
  pay_address: string;
  pay_extra_id: string | null;
  provider: string;
  provider_payment_id: string;
  provider_status: string;
  status: DepositStatus;
  actually_paid_base: bigint;
  credit_minor: bigint | null;
  ledger_transfer_id: bigint | null;
  tx_hash: string | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  credited_at: Date | null;
};

export type NewDeposit = Omit<
  DepositRow,
  | 'id'
  | 'provider_status'
  | 'status'
  | 'actually_paid_base'
  | 'credit_minor'
  | 'ledger_transfer_id'
  | 'tx_hash'
  | 'created_at'
  | 'updated_at'
  | 'credited_at'
>;

export type DepositChange = Partial<
  Pick<DepositRow, 'status' | 'provider_status' | 'actually_paid_base' | 'credit_minor' | 'tx_hash'>
>;

function toRow(row: Record<string, unknown>): DepositRow {
  const raw = row as unknown as Omit<
    DepositRow,
    'quote_amount_base' | 'pay_amount_base' | 'actually_paid_base'
  > & {
    quote_amount_base: Numeric;
    pay_amount_base: Numeric;
    actually_paid_base: Numeric;
  };
  return {
    ...raw,
    quote_amount_base: BigInt(raw.quote_amount_base),
    pay_amount_base: BigInt(raw.pay_amount_base),
    actually_paid_base: BigInt(raw.actually_paid_base),
  };
}

type Tx = Transaction<CryptoTables>;

export class CryptoRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<CryptoTables>();
  }

  async insert(deposit: NewDeposit): Promise<DepositRow> {
    const row = await this.db
      .insertInto('crypto_deposits')
      .values({
        ...deposit,
        quote_amount_base: deposit.quote_amount_base.toString(),
        pay_amount_base: deposit.pay_amount_base.toString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRow(row);
  }

  async byTracking(tracking_id: string): Promise<DepositRow | null> {
    const row = await this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('tracking_id', '=', tracking_id)
      .executeTakeFirst();
    return row ? toRow(row) : null;
  }

  async byId(id: bigint): Promise<DepositRow | null> {
    const row = await this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRow(row) : null;
  }

  async forPlayer(player_id: bigint, limit: number): Promise<DepositRow[]> {
    const rows = await this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  /**
   * Records an authenticated callback once. False when the same body was recorded
   * before (a redelivery), so the caller applies nothing twice.
   */
  async recordCallback(
    entry: Omit<CallbackTable, 'id' | 'received_at' | 'actually_paid_base'> & {
      actually_paid_base: bigint;
    },
  ) {
    const inserted = await this.db
      .insertInto('crypto_callbacks')
      .values({ ...entry, actually_paid_base: entry.actually_paid_base.toString() })
      .onConflict((conflict) => conflict.columns(['provider', 'body_digest']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Runs `work` with the provider's payment locked (FOR UPDATE), so updates apply one at a time. */
  lockedByProviderPayment<T>(
    provider: string,
    provider_payment_id: string,
    work: (row: DepositRow | null, change: (patch: DepositChange) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (tx: Tx) => {
      const found = await tx
        .selectFrom('crypto_deposits')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_payment_id', '=', provider_payment_id)
        .forUpdate()
        .executeTakeFirst();
      const row = found ? toRow(found) : null;
      return work(row, async (patch) => {
        if (!row) return;
        const { actually_paid_base, ...rest } = patch;
        await tx
          .updateTable('crypto_deposits')
          .set({
            ...rest,
            ...(actually_paid_base !== undefined
              ? { actually_paid_base: actually_paid_base.toString() }
              : {}),
            updated_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute();
      });
    });
  }

  /** The deposit a chain transaction was matched to before. */
  async byProviderTx(
    provider: string,
    tx_hash: string,
    pay_code: string,
  ): Promise<DepositRow | null> {
    const row = await this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('provider', '=', provider)
      .where('tx_hash', '=', tx_hash)
      .where('pay_code', '=', pay_code)
      .executeTakeFirst();
    return row ? toRow(row) : null;
  }

  /**
   * Claims the oldest open invoice on an address for a transaction: one statement, so two
   * transactions never claim the same invoice.
   */
  async claimOpenAtAddress(
    provider: string,
    pay_address: string,
    pay_code: string,
    pay_extra_id: string | null,
    tx_hash: string,
  ): Promise<DepositRow | null> {
    let open = this.db
      .selectFrom('crypto_deposits')
      .select('id')
      .where('provider', '=', provider)
      .where('pay_address', '=', pay_address)
      .where('pay_code', '=', pay_code)
      .where('status', 'in', ['waiting', 'expired'])
      .where('tx_hash', 'is', null)
      .orderBy('created_at')
      .limit(1);
    if (pay_extra_id !== null) open = open.where('pay_extra_id', '=', pay_extra_id);
    const row = await this.db
      .updateTable('crypto_deposits')
      .set({ tx_hash, updated_at: new Date() })
      .where('id', '=', (eb) => eb.selectFrom(open.as('o')).select('o.id'))
      .where('tx_hash', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ? toRow(row) : null;
  }

  /** Any earlier deposit on the address: whose address it is. */
  async latestAtAddress(
    provider: string,
    pay_address: string,
    pay_code: string,
    pay_extra_id: string | null,
  ) {
    let query = this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('provider', '=', provider)
      .where('pay_address', '=', pay_address)
      .where('pay_code', '=', pay_code);
    if (pay_extra_id !== null) query = query.where('pay_extra_id', '=', pay_extra_id);
    const row = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    return row ? toRow(row) : null;
  }

  /** Inserts unless the provider's payment id exists already (a concurrent first report). */
  async insertIfAbsent(deposit: NewDeposit & { tx_hash: string }): Promise<void> {
    await this.db
      .insertInto('crypto_deposits')
      .values({
        ...deposit,
        quote_amount_base: deposit.quote_amount_base.toString(),
        pay_amount_base: deposit.pay_amount_base.toString(),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'provider_payment_id']).doNothing())
      .execute();
  }

  /** Marks a decided credit as booked; only from `crediting`, so it happens once. */
  async markDeposited(id: bigint, ledger_transfer_id: bigint): Promise<boolean> {
    const result = await this.db
      .updateTable('crypto_deposits')
      .set({
        status: 'deposited',
        ledger_transfer_id,
        credited_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'crediting')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async crediting(limit: number): Promise<DepositRow[]> {
    const rows = await this.db
      .selectFrom('crypto_deposits')
      .selectAll()
      .where('status', '=', 'crediting')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  /** Invoices nobody paid before they expired (a late payment still credits: see the service). */
  async expireUnpaid(now: Date, limit: number): Promise<DepositRow[]> {
    const rows = await this.db
      .updateTable('crypto_deposits')
      .set({ status: 'expired', updated_at: now })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('crypto_deposits')
          .select('id')
          .where('status', '=', 'waiting')
          .where('expires_at', '<', now)
          .orderBy('expires_at')
          .limit(limit),
      )
      .where('status', '=', 'waiting')
      .returningAll()
      .execute();
    return rows.map(toRow);
  }

  /**
   * The player's deposits credited (or being credited) and withdrawals requested since `since`,
   * by time then reference, at most `limit`.
   */
  async movementsOf(player_id: bigint, since: Date, limit: number): Promise<CryptoMovement[]> {
    const result = await sql<Omit<CryptoMovement, 'amount_minor'> & { amount_minor: string }>`
      select * from (
        select 'deposit' as kind, 'crypto-deposit:' || tracking_id as ref,
               credit_minor::text as amount_minor, currency,
               coalesce(credited_at, updated_at) as at, null as destination
          from crypto_deposits
         where player_id = ${player_id} and status in ('crediting', 'deposited')
           and updated_at >= ${since}
        union all
        select 'withdrawal', 'crypto-withdrawal:' || tracking_id, amount_minor::text, currency,
               created_at, address
          from crypto_withdrawals
         where player_id = ${player_id} and created_at >= ${since}
      ) movements
      order by at, ref
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      amount_minor: BigInt(row.amount_minor),
      at: new Date(row.at),
    }));
  }

  /** The addresses the player asked withdrawals to since `since`. */
  async payoutAddressesOf(player_id: bigint, since: Date): Promise<string[]> {
    const result = await sql<{ address: string }>`
      select distinct address from crypto_withdrawals
       where player_id = ${player_id} and created_at >= ${since}`.execute(this.db);
    return result.rows.map((row) => row.address);
  }

  /**
   * Who asked withdrawals to one of these addresses since `since`: `(address, player)` pairs in
   * byte order of the address, then player id as text, at most `limit`.
   */
  async payoutAddressUsers(addresses: readonly string[], since: Date, limit: number) {
    if (addresses.length === 0) return [];
    const result = await sql<{ address: string; player_id: string }>`
      select address, player_id from (
        select distinct address, player_id::text from crypto_withdrawals
         where created_at >= ${since} and address = any(${addresses}::text[])
      ) users
      order by address collate "C", player_id collate "C"
      limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Players with a deposit changed or a withdrawal asked since `since`, by id as text. */
  async playersActiveSince(since: Date, limit: number): Promise<bigint[]> {
    const result = await sql<{ player_id: string }>`
      select player_id::text from (
        select player_id from crypto_deposits where updated_at >= ${since}
        union select player_id from crypto_withdrawals where created_at >= ${since}
      ) active order by 1 limit ${limit}`.execute(this.db);
    return result.rows.map((row) => BigInt(row.player_id));
  }

  /** One of the player's withdrawals with the times of its steps (another player's: undefined). */
  async withdrawalOf(player_id: bigint, tracking_id: string) {
    const { rows } = await sql<{
      tracking_id: string;
      status: 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';
      amount_minor: string;
      currency: string;
      coin: string;
      network: string;
      tx_hash: string | null;
      reason: string | null;
      created_at: Date;
      decided_at: Date | null;
      paid_at: Date | null;
      updated_at: Date;
    }>`
      select tracking_id, status, amount_minor::text, currency, coin, network, tx_hash, reason,
             created_at, decided_at, paid_at, updated_at
        from crypto_withdrawals
       where player_id = ${player_id} and tracking_id = ${tracking_id}
    `.execute(this.db);
    const row = rows[0];
    return row ? { ...row, amount_minor: BigInt(row.amount_minor) } : undefined;
  }

  /** The player's crypto deposits and withdrawals for their data export (JSON text). */
  async exportOf(player_id: bigint) {
    return {
      crypto_deposits: await playerRowsJson(this.db, 'crypto_deposits', player_id),
      crypto_withdrawals: await playerRowsJson(this.db, 'crypto_withdrawals', player_id),
    };
  }
}
