import type { Generated, Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

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

type CryptoTables = { crypto_deposits: DepositTable; crypto_callbacks: CallbackTable };

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
}
