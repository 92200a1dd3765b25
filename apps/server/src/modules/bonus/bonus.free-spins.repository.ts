import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/** A player's free spins from one promotion (migration 0804). */
export type FreeSpinGrantRow = {
  id: bigint;
  player_id: bigint;
  promotion_id: bigint;
  currency: string;
  games: string[];
  bet_minor: bigint;
  spins_total: number;
  spins_used: number;
  win_minor: bigint;
  status: 'active' | 'completed' | 'expired';
  bonus_id: bigint | null;
  source_ref: string;
  expires_at: Date;
  created_at: Date;
  ended_at: Date | null;
};

export type FreeSpinRoundRow = {
  grant_id: bigint;
  provider: string;
  transaction_id: string;
  round_id: string;
  game: string;
  win_minor: bigint;
  created_at: Date;
};

type Tables = {
  free_spin_grants: Omit<
    FreeSpinGrantRow,
    'id' | 'spins_used' | 'win_minor' | 'status' | 'bonus_id' | 'created_at' | 'ended_at'
  > & {
    id: Generated<bigint>;
    spins_used: Generated<number>;
    win_minor: Generated<bigint>;
    status: Generated<FreeSpinGrantRow['status']>;
    bonus_id: bigint | null;
    created_at: Generated<Date>;
    ended_at: Date | null;
  };
  free_spin_rounds: Omit<FreeSpinRoundRow, 'created_at'> & { created_at: Generated<Date> };
};
export type FreeSpinTx = Transaction<Tables>;

const GRANT_COLUMNS = [
  'id',
  'player_id',
  'promotion_id',
  'currency',
  'games',
  'bet_minor',
  'spins_total',
  'spins_used',
  'win_minor',
  'status',
  'bonus_id',
  'source_ref',
  'expires_at',
  'created_at',
  'ended_at',
] as const;

export class FreeSpinRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (tx: FreeSpinTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async lockPromotion(tx: FreeSpinTx, promotion_id: bigint) {
    await sql`select id from promotions where id = ${promotion_id} for update`.execute(tx);
  }

  async counts(tx: FreeSpinTx, promotion_id: bigint, player_id: bigint) {
    const result = await sql<{ total: string; player: string }>`
      select count(*)::text as total, count(*) filter (where player_id = ${player_id})::text as player
        from free_spin_grants where promotion_id = ${promotion_id}`.execute(tx);
    return { total: Number(result.rows[0]!.total), player: Number(result.rows[0]!.player) };
  }

  bySource(tx: FreeSpinTx, promotion_id: bigint, source_ref: string) {
    return tx
      .selectFrom('free_spin_grants')
      .select(GRANT_COLUMNS)
      .where('promotion_id', '=', promotion_id)
      .where('source_ref', '=', source_ref)
      .executeTakeFirst() as Promise<FreeSpinGrantRow | undefined>;
  }

  insert(
    tx: FreeSpinTx,
    row: Pick<
      FreeSpinGrantRow,
      | 'player_id'
      | 'promotion_id'
      | 'currency'
      | 'games'
      | 'bet_minor'
      | 'spins_total'
      | 'source_ref'
      | 'expires_at'
    >,
  ) {
    return tx
      .insertInto('free_spin_grants')
      .values({ ...row, bonus_id: null, ended_at: null })
      .returning(GRANT_COLUMNS)
      .executeTakeFirstOrThrow() as Promise<FreeSpinGrantRow>;
  }

  grant(id: bigint) {
    return this.db
      .selectFrom('free_spin_grants')
      .select(GRANT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst() as Promise<FreeSpinGrantRow | undefined>;
  }

  lock(tx: FreeSpinTx, id: bigint) {
    return tx
      .selectFrom('free_spin_grants')
      .select(GRANT_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst() as Promise<FreeSpinGrantRow | undefined>;
  }

  /** The player's grants, newest first. */
  ofPlayer(player_id: bigint, limit = 50) {
    return this.db
      .selectFrom('free_spin_grants')
      .select(GRANT_COLUMNS)
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<FreeSpinGrantRow[]>;
  }

  round(tx: FreeSpinTx, provider: string, transaction_id: string) {
    return tx
      .selectFrom('free_spin_rounds')
      .selectAll()
      .where('provider', '=', provider)
      .where('transaction_id', '=', transaction_id)
      .executeTakeFirst() as Promise<FreeSpinRoundRow | undefined>;
  }

  async recordSpin(
    tx: FreeSpinTx,
    round: Omit<FreeSpinRoundRow, 'created_at'>,
    grant: FreeSpinGrantRow,
  ) {
    await tx.insertInto('free_spin_rounds').values(round).execute();
    const used = grant.spins_used + 1;
    const finished = used >= grant.spins_total;
    return tx
      .updateTable('free_spin_grants')
      .set({
        spins_used: used,
        win_minor: grant.win_minor + round.win_minor,
        ...(finished ? { status: 'completed' as const, ended_at: new Date() } : {}),
      })
      .where('id', '=', grant.id)
      .returning(GRANT_COLUMNS)
      .executeTakeFirstOrThrow() as Promise<FreeSpinGrantRow>;
  }

  setBonus(grant_id: bigint, bonus_id: bigint) {
    return this.db
      .updateTable('free_spin_grants')
      .set({ bonus_id })
      .where('id', '=', grant_id)
      .where('bonus_id', 'is', null)
      .execute();
  }

  /** Active grants past their expiry: ended as expired (their winnings so far are kept). */
  expire(now: Date, limit = 500) {
    return this.db
      .updateTable('free_spin_grants')
      .set({ status: 'expired', ended_at: now })
      .where('status', '=', 'active')
      .where('expires_at', '<=', now)
      .where(
        'id',
        'in',
        this.db
          .selectFrom('free_spin_grants')
          .select('id')
          .where('status', '=', 'active')
          .where('expires_at', '<=', now)
          .limit(limit),
      )
      .returning(GRANT_COLUMNS)
      .execute() as Promise<FreeSpinGrantRow[]>;
  }

  /** Ended grants with winnings that have not become a bonus (a crash in between). */
  unpaid(limit = 500) {
    return this.db
      .selectFrom('free_spin_grants')
      .select(GRANT_COLUMNS)
      .where('status', '<>', 'active')
      .where('bonus_id', 'is', null)
      .where('win_minor', '>', 0n)
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<FreeSpinGrantRow[]>;
  }
}
