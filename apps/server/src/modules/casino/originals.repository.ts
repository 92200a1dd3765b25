import { CompiledQuery, type Generated, sql, type Transaction } from 'kysely';
import { type Db, preparedStatement } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

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

/**
 * The originals whose round stays open across requests (its state in its row: a reload, or a
 * restart, resumes it). One open round per player and game (a partial unique index each).
 */
export const STATEFUL_GAMES = ['mines', 'hilo', 'blackjack'] as const;
export type StatefulGame = (typeof STATEFUL_GAMES)[number];
export const isStateful = (game: string): game is StatefulGame =>
  (STATEFUL_GAMES as readonly string[]).includes(game);

export type BetRow = {
  id: bigint;
  player_id: bigint;
  game:
    | 'dice'
    | 'limbo'
    | 'mines'
    | 'plinko'
    | 'keno'
    | 'wheel'
    | 'roulette'
    | 'baccarat'
    | 'dragon-tiger'
    | 'teen-patti'
    | 'andar-bahar'
    | StatefulGame;
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

/**
 * A bet and its nonce in one statement: the seed's nonce moves from the one the outcome was
 * computed with, only if it still is that one and the key is new; the bet is stored with it.
 * No row back: the key was used before, or the nonce (or the seed) moved meanwhile.
 */
const PLACE_BET_SQL = preparedStatement(
  'casino_place_bet',
  `with s as (
     update fair_seeds set nonce = nonce + 1
      where id = $1::bigint and status = 'active' and nonce = $2::integer
        and not exists (select 1 from casino_bets b
                         where b.player_id = $3::bigint and b.idempotency_key = $4::text)
      returning id, nonce - 1 as used
   )
   insert into casino_bets (player_id, idempotency_key, bonus_id, game, currency, stake_minor,
     payout_minor, multiplier, params, outcome, seed_id, nonce)
   select $3::bigint, $4::text, $5::bigint, $6::text, $7::text, $8::bigint, $9::bigint,
     $10::text, $11::jsonb, $12::jsonb, s.id, s.used from s
   returning id, status, created_at`,
);

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

  /** Stores a bet with the seed's next nonce (see PLACE_BET_SQL); null when not stored. */
  async placeBet(
    seed: Pick<SeedRow, 'id' | 'nonce'>,
    bet: Omit<BetRow, 'id' | 'status' | 'created_at' | 'seed_id' | 'nonce'>,
  ): Promise<BetRow | null> {
    const { rows } = await this.db.executeQuery<{
      id: bigint;
      status: BetRow['status'];
      created_at: Date;
    }>(
      CompiledQuery.raw(PLACE_BET_SQL, [
        seed.id,
        seed.nonce,
        bet.player_id,
        bet.idempotency_key,
        bet.bonus_id,
        bet.game,
        bet.currency,
        bet.stake_minor,
        bet.payout_minor,
        bet.multiplier,
        JSON.stringify(bet.params),
        JSON.stringify(bet.outcome),
      ]),
    );
    const row = rows[0];
    return row ? { ...bet, ...row, seed_id: seed.id, nonce: seed.nonce } : null;
  }

  /** Settled marks of bets whose money moved (written together; see the service). */
  async markSettled(ids: readonly bigint[]) {
    await this.db
      .updateTable('casino_bets')
      .set({ status: 'settled' })
      .where('id', 'in', ids)
      .where('status', '=', 'placing')
      .execute();
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

  /** The player's open round of a stateful game (its stake being taken, or being played). */
  async openRound(
    tx: OriginalsTx | null,
    player_id: bigint,
    game: StatefulGame,
    lock = false,
  ): Promise<BetRow | null> {
    let query = (tx ?? this.db)
      .selectFrom('casino_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('game', '=', game)
      .where('status', 'in', ['placing', 'active']);
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as BetRow | undefined) ?? null;
  }

  /** Any open round of the player's (a rotation would reveal its cards or mines). */
  async anyOpenRound(player_id: bigint): Promise<BetRow | null> {
    return (
      ((await this.db
        .selectFrom('casino_bets')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('game', 'in', STATEFUL_GAMES)
        .where('status', 'in', ['placing', 'active'])
        .executeTakeFirst()) as BetRow | undefined) ?? null
    );
  }

  /** Open rounds with an extra stake whose outcome a crash left unknown (the sweep's work). */
  pendingStakes(olderThan: Date, limit: number) {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('status', '=', 'active')
      .where('game', '=', 'blackjack')
      .where(sql<boolean>`jsonb_typeof(outcome -> 'pending') = 'object'`)
      .where('created_at', '<', olderThan)
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<BetRow[]>;
  }

  async updateRound(
    tx: OriginalsTx,
    id: bigint,
    change: {
      outcome: Record<string, unknown>;
      payout_minor: bigint;
      multiplier: string;
      status: BetRow['status'];
      /** A round that took another stake (a double, a split, insurance): the total now. */
      stake_minor?: bigint;
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

  /**
   * The player's bets, newest first: settled ones, and instant ones whose settled mark is still
   * on its way (a refused bet is marked at once; an open Mines round is not history yet).
   */
  /** One of the player's bets (round recall), or undefined when it is not theirs. */
  betOf(player_id: bigint, id: bigint): Promise<BetRow | undefined> {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('id', '=', id)
      .where('status', '<>', 'refused')
      .executeTakeFirst() as Promise<BetRow | undefined>;
  }

  /** The player's last `limit` finished bets of one game (round recall). */
  gameBets(player_id: bigint, game: string, limit: number) {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('game', '=', game as BetRow['game'])
      .where('status', '=', 'settled')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<BetRow[]>;
  }

  bets(player_id: bigint, limit: number) {
    return this.db
      .selectFrom('casino_bets')
      .selectAll()
      .where('player_id', '=', player_id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'settled'),
          eb.and([eb('status', '=', 'placing'), eb('game', 'not in', STATEFUL_GAMES)]),
        ]),
      )
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

  /** The player's bets on the originals for their data export (JSON text). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'casino_bets', player_id);
  }
}
