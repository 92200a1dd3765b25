import type { Generated, Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/**
 * next: committed (its hash is shown), no client seed yet; active: the pair bets use; retired:
 * revealed. One next and one active per player (partial unique indexes).
 */
export type SeedStatus = 'next' | 'active' | 'retired';
export type SeedRow = {
  id: bigint;
  player_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  status: SeedStatus;
  created_at: Date;
  retired_at: Date | null;
};
/** A committed next seed: its client seed is set when it is promoted. */
export type NextSeedRow = Omit<SeedRow, 'client_seed' | 'status'> & {
  client_seed: null;
  status: 'next';
};

export type BetRow = {
  id: bigint;
  player_id: bigint;
  game: 'dice' | 'limbo' | 'mines' | 'plinko';
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
  multiplier: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  seed_id: bigint;
  nonce: number;
  status: 'placing' | 'active' | 'settled' | 'refused';
  idempotency_key: string;
  /** The bonus whose balance staked it (decision 0805); null: cash. */
  bonus_id: bigint | null;
  created_at: Date;
};

type Tables = {
  fair_seeds: Omit<
    SeedRow,
    'id' | 'nonce' | 'status' | 'created_at' | 'retired_at' | 'client_seed'
  > & {
    id: Generated<bigint>;
    client_seed: string | null;
    nonce: Generated<number>;
    status: Generated<SeedStatus>;
    created_at: Generated<Date>;
    retired_at: Date | null;
  };
  casino_bets: Omit<BetRow, 'id' | 'status' | 'created_at'> & {
    id: Generated<bigint>;
    status: Generated<BetRow['status']>;
    created_at: Generated<Date>;
  };
};
export type OriginalsTx = Transaction<Tables>;

export class OriginalsRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (tx: OriginalsTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async activeSeed(
    tx: OriginalsTx | null,
    player_id: bigint,
    lock = false,
  ): Promise<SeedRow | null> {
    const read = async () => {
      let query = (tx ?? this.db)
        .selectFrom('fair_seeds')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('status', '=', 'active');
      if (lock) query = query.forUpdate();
      return ((await query.executeTakeFirst()) as SeedRow | undefined) ?? null;
    };
    const row = await read();
    // Waiting on the lock of a pair a rotation then retired finds no row: the pair it promoted
    // was not active when this statement began. A new statement sees it.
    return row === null && lock ? read() : row;
  }

  async nextSeed(
    tx: OriginalsTx | null,
    player_id: bigint,
    lock = false,
  ): Promise<NextSeedRow | null> {
    let query = (tx ?? this.db)
      .selectFrom('fair_seeds')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('status', '=', 'next');
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as NextSeedRow | undefined) ?? null;
  }

  /** The player's active pair; nothing when one exists already (a concurrent request made it). */
  async insertSeed(
    tx: OriginalsTx | null,
    seed: { player_id: bigint; server_seed: string; server_seed_hash: string; client_seed: string },
  ) {
    return (await (tx ?? this.db)
      .insertInto('fair_seeds')
      .values({ ...seed, retired_at: null })
      .onConflict((c) => c.column('player_id').where('status', '=', 'active').doNothing())
      .returningAll()
      .executeTakeFirst()) as SeedRow | undefined;
  }

  /** Commits the player's next server seed; nothing when one is committed already. */
  async insertNextSeed(
    tx: OriginalsTx | null,
    seed: { player_id: bigint; server_seed: string; server_seed_hash: string },
  ) {
    return (await (tx ?? this.db)
      .insertInto('fair_seeds')
      .values({ ...seed, client_seed: null, status: 'next', retired_at: null })
      .onConflict((c) => c.column('player_id').where('status', '=', 'next').doNothing())
      .returningAll()
      .executeTakeFirst()) as NextSeedRow | undefined;
  }

  /** The committed next seed becomes the active pair with the player's client seed. */
  async promoteSeed(tx: OriginalsTx, id: bigint, client_seed: string): Promise<SeedRow> {
    return (await tx
      .updateTable('fair_seeds')
      .set({ status: 'active', client_seed })
      .where('id', '=', id)
      .where('status', '=', 'next')
      .returningAll()
      .executeTakeFirstOrThrow()) as SeedRow;
  }

  async retireSeed(tx: OriginalsTx, id: bigint) {
    await tx
      .updateTable('fair_seeds')
      .set({ status: 'retired', retired_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async bumpNonce(tx: OriginalsTx, id: bigint) {
    await tx
      .updateTable('fair_seeds')
      .set((eb) => ({ nonce: eb('nonce', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async seed(id: bigint): Promise<SeedRow | null> {
    return (
      ((await this.db
        .selectFrom('fair_seeds')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) as SeedRow | undefined) ?? null
    );
  }

  async betByKey(player_id: bigint, key: string): Promise<BetRow | null> {
    return (
      ((await this.db
        .selectFrom('casino_bets')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()) as BetRow | undefined) ?? null
    );
  }

  async insertBet(
    tx: OriginalsTx,
    bet: Omit<BetRow, 'id' | 'status' | 'created_at'>,
  ): Promise<BetRow> {
    return (await tx
      .insertInto('casino_bets')
      .values({
        ...bet,
        params: JSON.stringify(bet.params),
        outcome: JSON.stringify(bet.outcome),
      } as never)
      .returningAll()
      .executeTakeFirstOrThrow()) as BetRow;
  }

  async bet(id: bigint): Promise<BetRow | null> {
    return (
      ((await this.db
        .selectFrom('casino_bets')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) as BetRow | undefined) ?? null
    );
  }

  /** The player's open Mines round (stake being taken, or tiles being revealed). */
  async openMines(player_id: bigint): Promise<BetRow | null> {
    return (
      ((await this.db
        .selectFrom('casino_bets')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('game', '=', 'mines')
        .where('status', 'in', ['placing', 'active'])
        .executeTakeFirst()) as BetRow | undefined) ?? null
    );
  }

  async openMinesForUpdate(tx: OriginalsTx, player_id: bigint): Promise<BetRow | null> {
    return (
      ((await tx
        .selectFrom('casino_bets')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('game', '=', 'mines')
        .where('status', 'in', ['placing', 'active'])
        .forUpdate()
        .executeTakeFirst()) as BetRow | undefined) ?? null
    );
  }

  async updateRound(
    tx: OriginalsTx,
    id: bigint,
    change: {
      outcome: Record<string, unknown>;
      payout_minor: bigint;
      multiplier: string;
      status: BetRow['status'];
    },
  ): Promise<BetRow> {
    return (await tx
      .updateTable('casino_bets')
      .set({ ...change, outcome: JSON.stringify(change.outcome) } as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as BetRow;
  }

  /** A bet its bonus could not stake after all is staked from cash (still placing). */
  async clearBonus(id: bigint) {
    await this.db
      .updateTable('casino_bets')
      .set({ bonus_id: null })
      .where('id', '=', id)
      .where('status', '=', 'placing')
      .execute();
  }

  async setStatus(id: bigint, status: BetRow['status']) {
    await this.db
      .updateTable('casino_bets')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', 'placing')
      .execute();
  }

  bets(player_id: bigint, limit: number) {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('status', '=', 'settled')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<BetRow[]>;
  }

  placing(olderThan: Date, limit: number) {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('status', '=', 'placing')
      .where('created_at', '<', olderThan)
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<BetRow[]>;
  }
}
