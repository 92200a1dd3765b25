import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type ChainRow = {
  id: bigint;
  seed: string;
  length: number;
  terminating_hash: string;
  salt: string;
  created_at: Date;
};
export type RoundStatus = 'betting' | 'running' | 'crashed' | 'cancelled';
export type RoundRow = {
  id: bigint;
  chain_id: bigint;
  chain_round: number;
  hash: string;
  crash_point_x100: number;
  edge_bp: number;
  status: RoundStatus;
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  created_at: Date;
};
export type CrashBetStatus = 'placing' | 'active' | 'cashed' | 'lost' | 'refunded' | 'refused';
export type CrashBetRow = {
  id: bigint;
  round_id: bigint;
  player_id: bigint;
  currency: string;
  stake_minor: bigint;
  auto_cashout_x100: number | null;
  limit_x100: number;
  cashout_x100: number | null;
  payout_minor: bigint;
  status: CrashBetStatus;
  paid: boolean;
  idempotency_key: string;
  /** The bonus whose balance staked it (decision 0805); null: cash. */
  bonus_id: bigint | null;
  created_at: Date;
};

type Tables = {
  crash_chains: Omit<ChainRow, 'id' | 'created_at'> & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
  };
  crash_rounds: Omit<RoundRow, 'id' | 'status' | 'created_at'> & {
    id: Generated<bigint>;
    status: Generated<RoundStatus>;
    created_at: Generated<Date>;
  };
  crash_bets: Omit<CrashBetRow, 'id' | 'status' | 'paid' | 'created_at' | 'payout_minor'> & {
    id: Generated<bigint>;
    status: Generated<CrashBetStatus>;
    paid: Generated<boolean>;
    payout_minor: Generated<bigint>;
    created_at: Generated<Date>;
  };
};
export type CrashTx = Transaction<Tables>;

export class CrashRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (tx: CrashTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async latestChain(): Promise<ChainRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_chains')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) as ChainRow | undefined) ?? null
    );
  }

  async insertChain(chain: Omit<ChainRow, 'id' | 'created_at'>): Promise<ChainRow> {
    return (await this.db
      .insertInto('crash_chains')
      .values(chain)
      .returningAll()
      .executeTakeFirstOrThrow()) as ChainRow;
  }

  async lastRound(chain_id: bigint): Promise<RoundRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_rounds')
        .selectAll()
        .where('chain_id', '=', chain_id)
        .orderBy('chain_round', 'desc')
        .limit(1)
        .executeTakeFirst()) as RoundRow | undefined) ?? null
    );
  }

  async unfinishedRounds(): Promise<RoundRow[]> {
    return (await this.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', 'in', ['betting', 'running'])
      .orderBy('id')
      .execute()) as RoundRow[];
  }

  async insertRound(
    round: Omit<RoundRow, 'id' | 'status' | 'created_at'>,
    tx: CrashTx | null = null,
  ): Promise<RoundRow> {
    return (await (tx ?? this.db)
      .insertInto('crash_rounds')
      .values(round)
      .returningAll()
      .executeTakeFirstOrThrow()) as RoundRow;
  }

  async round(id: bigint): Promise<RoundRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_rounds')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) as RoundRow | undefined) ?? null
    );
  }

  async setRound(
    tx: CrashTx | null,
    id: bigint,
    from: RoundStatus,
    change: { status: RoundStatus; started_at?: Date; ended_at?: Date },
  ): Promise<boolean> {
    const result = await (tx ?? this.db)
      .updateTable('crash_rounds')
      .set(change)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async history(limit: number): Promise<RoundRow[]> {
    return (await this.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', 'in', ['crashed', 'cancelled'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()) as RoundRow[];
  }

  async betByKey(player_id: bigint, key: string): Promise<CrashBetRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_bets')
        .selectAll()
        .where('player_id', '=', player_id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()) as CrashBetRow | undefined) ?? null
    );
  }

  /** Inserts a bet only while its round takes bets (the round row is read under a share lock). */
  async insertBet(
    bet: Omit<
      CrashBetRow,
      'id' | 'status' | 'paid' | 'created_at' | 'payout_minor' | 'cashout_x100'
    >,
    now: Date,
  ): Promise<CrashBetRow | 'closed' | 'duplicate'> {
    return this.transaction(async (tx) => {
      const round = await tx
        .selectFrom('crash_rounds')
        .select(['status', 'betting_ends_at'])
        .where('id', '=', bet.round_id)
        .forShare()
        .executeTakeFirst();
      if (round?.status !== 'betting' || round.betting_ends_at <= now) return 'closed';
      const row = await tx
        .insertInto('crash_bets')
        .values({ ...bet, cashout_x100: null })
        .onConflict((c) => c.columns(['round_id', 'player_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return (row as CrashBetRow | undefined) ?? 'duplicate';
    });
  }

  async setBet(
    id: bigint,
    from: CrashBetStatus[],
    change: Partial<CrashBetRow>,
  ): Promise<CrashBetRow | null> {
    return (
      ((await this.db
        .updateTable('crash_bets')
        .set(change)
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst()) as CrashBetRow | undefined) ?? null
    );
  }

  /** Cash-out: only an active bet of a running round (a crash committed first wins the race). */
  async cashOut(
    id: bigint,
    cashout_x100: number,
    payout_minor: bigint,
  ): Promise<CrashBetRow | null> {
    return (
      ((await this.db
        .updateTable('crash_bets')
        .set({ status: 'cashed', cashout_x100, payout_minor })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('crash_rounds')
              .select(sql`1`.as('one'))
              .whereRef('crash_rounds.id', '=', 'crash_bets.round_id')
              .where('crash_rounds.status', '=', 'running'),
          ),
        )
        .returningAll()
        .executeTakeFirst()) as CrashBetRow | undefined) ?? null
    );
  }

  /** The newest round still taking bets or running (what a standby instance shows and bets on). */
  async openRound(): Promise<RoundRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_rounds')
        .selectAll()
        .where('status', 'in', ['betting', 'running'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) as RoundRow | undefined) ?? null
    );
  }

  async bet(id: bigint): Promise<CrashBetRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_bets')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) as CrashBetRow | undefined) ?? null
    );
  }

  async activeBet(round_id: bigint, player_id: bigint): Promise<CrashBetRow | null> {
    return (
      ((await this.db
        .selectFrom('crash_bets')
        .selectAll()
        .where('round_id', '=', round_id)
        .where('player_id', '=', player_id)
        .where('status', '=', 'active')
        .executeTakeFirst()) as CrashBetRow | undefined) ?? null
    );
  }

  async roundBets(round_id: bigint): Promise<CrashBetRow[]> {
    return (await this.db
      .selectFrom('crash_bets')
      .selectAll()
      .where('round_id', '=', round_id)
      .orderBy('id')
      .execute()) as CrashBetRow[];
  }

  async playerBets(
    player_id: bigint,
    limit: number,
  ): Promise<
    (CrashBetRow & { hash: string; crash_point_x100: number; round_status: RoundStatus })[]
  > {
    return (await this.db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
      .selectAll('crash_bets')
      .select([
        'crash_rounds.hash',
        'crash_rounds.crash_point_x100',
        'crash_rounds.status as round_status',
      ])
      .where('crash_bets.player_id', '=', player_id)
      .orderBy('crash_bets.id', 'desc')
      .limit(limit)
      .execute()) as never;
  }

  /** One of the player's bets with its round's fairness data (round recall), or undefined. */
  async playerBet(player_id: bigint, id: bigint) {
    return (await this.db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.round_id')
      .innerJoin('crash_chains', 'crash_chains.id', 'crash_rounds.chain_id')
      .selectAll('crash_bets')
      .select([
        'crash_rounds.hash',
        'crash_rounds.crash_point_x100',
        'crash_rounds.status as round_status',
        'crash_rounds.edge_bp',
        'crash_rounds.ended_at',
        'crash_chains.salt',
      ])
      .where('crash_bets.player_id', '=', player_id)
      .where('crash_bets.id', '=', id)
      .executeTakeFirst()) as
      | (CrashBetRow & {
          hash: string;
          crash_point_x100: number;
          round_status: RoundStatus;
          edge_bp: number;
          ended_at: Date | null;
          salt: string;
        })
      | undefined;
  }

  /** The crash: the round ends and every bet still riding is lost, in one transaction. */
  async crash(
    round_id: bigint,
    at: Date,
    fence?: (tx: CrashTx) => Promise<boolean>,
  ): Promise<boolean> {
    return this.transaction(async (tx) => {
      if (fence && !(await fence(tx))) return false;
      if (!(await this.setRound(tx, round_id, 'running', { status: 'crashed', ended_at: at })))
        return false;
      await tx
        .updateTable('crash_bets')
        .set({ status: 'lost' })
        .where('round_id', '=', round_id)
        .where('status', '=', 'active')
        .execute();
      return true;
    });
  }

  /** Bets that are over (cashed or lost) and not yet settled through the bet path. */
  async unpaid(limit: number): Promise<CrashBetRow[]> {
    return (await this.db
      .selectFrom('crash_bets')
      .selectAll()
      .where('status', 'in', ['cashed', 'lost'])
      .where('paid', '=', false)
      .orderBy('id')
      .limit(limit)
      .execute()) as CrashBetRow[];
  }
}
