import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type IntegrationRow = {
  provider_id: number;
  code: string;
  secret: string;
  launch_url: string;
  enabled: boolean;
  updated_at: Date;
};

export type GameSessionRow = {
  id: bigint;
  token_hash: string;
  player_id: bigint;
  game_id: number;
  provider_id: number;
  currency: string;
  client_ip: string;
  debug_country: string | null;
  language: string | null;
  created_at: Date;
  expires_at: Date;
};

export type RoundRow = {
  id: bigint;
  provider_id: number;
  round_ref: string;
  player_id: bigint;
  game_id: number;
  session_id: bigint | null;
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
  status: 'open' | 'closed';
  created_at: Date;
  closed_at: Date | null;
  /** The bonus whose balance stakes the round (decision 0805); null: cash. */
  bonus_id: bigint | null;
  /** The bonus module was told the round is over. */
  settled: boolean;
};

export type TxnStatus = 'pending' | 'applied' | 'refused' | 'rolled_back';
export type TxnRow = {
  id: bigint;
  provider_id: number;
  txn_ref: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: bigint | null;
  round_ref: string;
  player_id: bigint;
  currency: string;
  amount_minor: bigint | null;
  reference_txn_ref: string | null;
  status: TxnStatus;
  refusal_code: string | null;
  created_at: Date;
};

type Tables = {
  casino_provider_integrations: Omit<IntegrationRow, 'updated_at' | 'enabled'> & {
    enabled: Generated<boolean>;
    updated_at: Generated<Date>;
  };
  casino_game_sessions: Omit<GameSessionRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
  provider_rounds: Omit<
    RoundRow,
    'id' | 'created_at' | 'stake_minor' | 'payout_minor' | 'status' | 'settled'
  > & {
    settled: Generated<boolean>;
    id: Generated<bigint>;
    created_at: Generated<Date>;
    stake_minor: Generated<bigint>;
    payout_minor: Generated<bigint>;
    status: Generated<RoundRow['status']>;
  };
  provider_transactions: Omit<TxnRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
};
export type ProviderTx = Transaction<Tables>;

export class ProviderRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  /**
   * A transaction serialised with every other one on the same round (an advisory lock taken
   * first): a round's bets, wins and rollbacks never interleave, so they cannot deadlock on
   * each other's rows.
   */
  transaction<T>(roundKey: string, work: (tx: ProviderTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${roundKey}, 17))`.execute(tx);
      return work(tx);
    });
  }

  integrationByCode(code: string) {
    return this.db
      .selectFrom('casino_provider_integrations')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
  }

  integrationByProvider(provider_id: number) {
    return this.db
      .selectFrom('casino_provider_integrations')
      .selectAll()
      .where('provider_id', '=', provider_id)
      .executeTakeFirst();
  }

  async upsertIntegration(row: Omit<IntegrationRow, 'enabled' | 'updated_at'>) {
    await this.db
      .insertInto('casino_provider_integrations')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('provider_id').doUpdateSet({
          secret: row.secret,
          launch_url: row.launch_url,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  insertSession(row: Omit<GameSessionRow, 'id' | 'created_at'>) {
    return this.db
      .insertInto('casino_game_sessions')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  sessionByHash(token_hash: string) {
    return this.db
      .selectFrom('casino_game_sessions')
      .selectAll()
      .where('token_hash', '=', token_hash)
      .executeTakeFirst();
  }

  sessionById(id: bigint) {
    return this.db
      .selectFrom('casino_game_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  txn(provider_id: number, txn_ref: string, tx?: ProviderTx, lock = false) {
    let query = (tx ?? this.db)
      .selectFrom('provider_transactions')
      .selectAll()
      .where('provider_id', '=', provider_id)
      .where('txn_ref', '=', txn_ref);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  round(provider_id: number, round_ref: string, tx?: ProviderTx, lock = false) {
    let query = (tx ?? this.db)
      .selectFrom('provider_rounds')
      .selectAll()
      .where('provider_id', '=', provider_id)
      .where('round_ref', '=', round_ref);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  roundById(id: bigint) {
    return this.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The round, created on its first bet (concurrent first bets meet on the unique key). */
  async ensureRound(
    tx: ProviderTx,
    row: Omit<
      RoundRow,
      'id' | 'created_at' | 'stake_minor' | 'payout_minor' | 'status' | 'closed_at' | 'settled'
    >,
  ): Promise<RoundRow> {
    await tx
      .insertInto('provider_rounds')
      .values({ ...row, closed_at: null })
      .onConflict((conflict) => conflict.columns(['provider_id', 'round_ref']).doNothing())
      .execute();
    return (await this.round(row.provider_id, row.round_ref, tx, true))!;
  }

  /** Inserts the transaction unless its id is taken; returns the row now stored under the id. */
  async claimTxn(
    tx: ProviderTx,
    row: Omit<TxnRow, 'id' | 'created_at' | 'refusal_code'>,
  ): Promise<{ row: TxnRow; inserted: boolean }> {
    const inserted = await tx
      .insertInto('provider_transactions')
      .values({ ...row, refusal_code: null })
      .onConflict((conflict) => conflict.columns(['provider_id', 'txn_ref']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, inserted: true };
    return { row: (await this.txn(row.provider_id, row.txn_ref, tx, true))!, inserted: false };
  }

  async setTxnStatus(id: bigint, status: TxnStatus, refusal_code: string | null = null) {
    await this.db
      .updateTable('provider_transactions')
      .set({ status, refusal_code })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves a transaction from `from` to `to` and adds to its round's totals, in one statement
   * pair that only the first caller wins (a retry after a crash finds it already moved).
   */
  async finishTxn(
    roundKey: string,
    id: bigint,
    from: TxnStatus[],
    to: TxnStatus,
    round: { id: bigint; stake_delta: bigint; payout_delta: bigint; close?: boolean } | null,
  ): Promise<boolean> {
    return this.transaction(roundKey, async (tx) => {
      const moved = await tx
        .updateTable('provider_transactions')
        .set({ status: to })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returning('id')
        .executeTakeFirst();
      if (!moved) return false;
      if (round) {
        await tx
          .updateTable('provider_rounds')
          .set({
            stake_minor: sql`stake_minor + ${round.stake_delta}`,
            payout_minor: sql`payout_minor + ${round.payout_delta}`,
            ...(round.close
              ? { status: 'closed', closed_at: sql`coalesce(closed_at, now())` }
              : {}),
          })
          .where('id', '=', round.id)
          .execute();
      }
      return true;
    });
  }

  /** Marks a bet rolled back (keeping why it was refused, if it was) and takes it off its round. */
  async rollBack(tx: ProviderTx, bet: TxnRow, round_id: bigint | null) {
    await tx
      .updateTable('provider_transactions')
      .set({ status: 'rolled_back' })
      .where('id', '=', bet.id)
      .execute();
    if (bet.status === 'applied' && round_id !== null && bet.amount_minor !== null) {
      await tx
        .updateTable('provider_rounds')
        .set({ stake_minor: sql`stake_minor - ${bet.amount_minor}` })
        .where('id', '=', round_id)
        .execute();
    }
  }

  /** Closed rounds not yet settled through the bet path (a crash came in between). */
  async unsettledRounds(before: Date, limit: number): Promise<RoundRow[]> {
    return (await this.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('status', '=', 'closed')
      .where('settled', '=', false)
      .where('closed_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute()) as RoundRow[];
  }

  async setSettled(id: bigint) {
    await this.db
      .updateTable('provider_rounds')
      .set({ settled: true })
      .where('id', '=', id)
      .execute();
  }

  /** Closes the round; true only for the call that closed it. */
  async closeRound(id: bigint): Promise<boolean> {
    const closed = await this.db
      .updateTable('provider_rounds')
      .set({ status: 'closed', closed_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    return closed !== undefined;
  }

  async hasWin(round_id: bigint, tx?: ProviderTx): Promise<boolean> {
    const row = await (tx ?? this.db)
      .selectFrom('provider_transactions')
      .select('id')
      .where('round_id', '=', round_id)
      .where('kind', '=', 'win')
      .where('status', 'in', ['pending', 'applied'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Makes a round a cash round when `txn` is its only bet so far (pending or applied) and it is
   * still on `bonus_id`; false otherwise.
   */
  async dropRoundBonus(round_id: bigint, bonus_id: bigint, txn_id: bigint): Promise<boolean> {
    const { numAffectedRows } = await sql`
      update provider_rounds r set bonus_id = null
       where r.id = ${round_id} and r.bonus_id = ${bonus_id}
         and not exists (select 1 from provider_transactions t
                          where t.round_id = r.id and t.kind = 'bet' and t.id <> ${txn_id}
                            and t.status in ('pending', 'applied'))`.execute(this.db);
    return numAffectedRows === 1n;
  }

  async appliedBets(round_id: bigint, tx?: ProviderTx): Promise<number> {
    const row = await (tx ?? this.db)
      .selectFrom('provider_transactions')
      .select(sql<string>`count(*)`.as('n'))
      .where('round_id', '=', round_id)
      .where('kind', '=', 'bet')
      .where('status', '=', 'applied')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
