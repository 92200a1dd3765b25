import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type LevelRow = {
  rank: number;
  name: string;
  threshold_eur_minor: bigint;
  rakeback_bp: number;
  reward_kind: 'none' | 'cash' | 'bonus';
  reward_eur_minor: bigint;
  reward_promotion_id: bigint | null;
  benefits: string[];
  updated_at: Date;
};
export type SettingsRow = { sports_edge_bp: number; updated_at: Date };
export type PlayerRow = {
  player_id: bigint;
  wagered_eur_minor: bigint;
  rank: number;
  seen_rank: number;
  last_bet_at: Date | null;
};
export type RakebackRow = {
  player_id: bigint;
  currency: string;
  accrued_micro: bigint;
  claimed_minor: bigint;
};
export type RewardRow = {
  player_id: bigint;
  rank: number;
  kind: 'cash' | 'bonus';
  currency: string;
  amount_minor: bigint;
  promotion_id: bigint | null;
  status: 'pending' | 'paid' | 'refused';
  transfer_id: bigint | null;
  bonus_id: bigint | null;
  created_at: Date;
};
export type ClaimRow = {
  id: bigint;
  player_id: bigint;
  currency: string;
  amount_minor: bigint;
  transfer_id: bigint | null;
  created_at: Date;
};
/** One bet as the consumer counts it. */
export type CountedBet = {
  bet_ref: string;
  player_id: bigint;
  currency: string;
  stake_minor: bigint;
  wagered_eur_minor: bigint;
  edge_bp: number;
  rakeback_bp: number;
  rakeback_micro: bigint;
  settled_at: Date;
};

type Tx = Transaction<object> | Kysely<object>;
const strings = (values: readonly (bigint | number)[]) => values.map(String);

/** Plain SQL over loyalty's own tables (migration 0700). */
export class LoyaltyRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Transaction<object>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // --- the ladder ------------------------------------------------------------------

  async levels(executor: Tx = this.db): Promise<LevelRow[]> {
    const { rows } = await sql<LevelRow>`
      select rank, name, threshold_eur_minor, rakeback_bp, reward_kind, reward_eur_minor,
             reward_promotion_id, benefits, updated_at
        from loyalty_levels order by rank`.execute(executor);
    return rows;
  }

  async settings(): Promise<SettingsRow> {
    const { rows } = await sql<SettingsRow>`
      select sports_edge_bp, updated_at from loyalty_settings where id = 1`.execute(this.db);
    return rows[0]!;
  }

  async setSettings(sports_edge_bp: number): Promise<SettingsRow> {
    const { rows } = await sql<SettingsRow>`
      update loyalty_settings set sports_edge_bp = ${sports_edge_bp}, updated_at = now()
       where id = 1 returning sports_edge_bp, updated_at`.execute(this.db);
    return rows[0]!;
  }

  /** Replaces the ladder in one transaction (a level's rank is its place in the list). */
  async replaceLevels(
    levels: ReadonlyArray<Omit<LevelRow, 'updated_at'>>,
  ): Promise<{ before: LevelRow[]; after: LevelRow[] }> {
    return this.transaction(async (tx) => {
      await sql`lock table loyalty_levels in exclusive mode`.execute(tx);
      const before = await this.levels(tx);
      await sql`delete from loyalty_levels`.execute(tx);
      for (const level of levels) {
        await sql`
          insert into loyalty_levels (rank, name, threshold_eur_minor, rakeback_bp, reward_kind,
                                      reward_eur_minor, reward_promotion_id, benefits)
          values (${level.rank}, ${level.name}, ${level.threshold_eur_minor}, ${level.rakeback_bp},
                  ${level.reward_kind}, ${level.reward_eur_minor}, ${level.reward_promotion_id},
                  ${JSON.stringify(level.benefits)}::jsonb)`.execute(tx);
      }
      return { before, after: await this.levels(tx) };
    });
  }

  // --- counting bets ----------------------------------------------------------------

  /**
   * Creates the players' rows if missing and locks them in id order (one order for every
   * caller, so concurrent batches cannot deadlock); returns them.
   */
  async lockPlayers(tx: Tx, player_ids: readonly bigint[]): Promise<Map<bigint, PlayerRow>> {
    const ids = strings([...new Set(player_ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await sql`
      insert into loyalty_players (player_id)
      select unnest(${ids}::bigint[]) order by 1
      on conflict (player_id) do nothing`.execute(tx);
    const { rows } = await sql<PlayerRow>`
      select player_id, wagered_eur_minor, rank, seen_rank, last_bet_at from loyalty_players
       where player_id = any(${ids}::bigint[]) order by player_id for update`.execute(tx);
    return new Map(rows.map((row) => [row.player_id, row]));
  }

  /** Inserts the bets not counted before; returns those it inserted. */
  async countBets(tx: Tx, bets: readonly CountedBet[]): Promise<CountedBet[]> {
    if (bets.length === 0) return [];
    const { rows } = await sql<{ bet_ref: string }>`
      insert into loyalty_bets (bet_ref, player_id, currency, stake_minor, wagered_eur_minor,
                                edge_bp, rakeback_bp, rakeback_micro, counted_at)
      select * from unnest(${bets.map((b) => b.bet_ref)}::text[],
                           ${strings(bets.map((b) => b.player_id))}::bigint[],
                           ${bets.map((b) => b.currency)}::text[],
                           ${strings(bets.map((b) => b.stake_minor))}::bigint[],
                           ${strings(bets.map((b) => b.wagered_eur_minor))}::bigint[],
                           ${bets.map((b) => b.edge_bp)}::int[],
                           ${bets.map((b) => b.rakeback_bp)}::int[],
                           ${strings(bets.map((b) => b.rakeback_micro))}::bigint[],
                           ${bets.map((b) => b.settled_at.toISOString())}::timestamptz[])
      on conflict (bet_ref) do nothing
      returning bet_ref`.execute(tx);
    const fresh = new Set(rows.map((row) => row.bet_ref));
    return bets.filter((bet) => fresh.has(bet.bet_ref));
  }

  async addVolume(
    tx: Tx,
    player_id: bigint,
    wagered_eur_minor: bigint,
    last_bet_at: Date,
  ): Promise<void> {
    await sql`
      update loyalty_players
         set wagered_eur_minor = wagered_eur_minor + ${wagered_eur_minor},
             last_bet_at = greatest(last_bet_at, ${last_bet_at.toISOString()}::timestamptz),
             updated_at = now()
       where player_id = ${player_id}`.execute(tx);
  }

  async addRakeback(tx: Tx, player_id: bigint, currency: string, micro: bigint): Promise<void> {
    await sql`
      insert into loyalty_rakeback (player_id, currency, accrued_micro)
      values (${player_id}, ${currency}, ${micro})
      on conflict (player_id, currency)
      do update set accrued_micro = loyalty_rakeback.accrued_micro + excluded.accrued_micro`.execute(
      tx,
    );
  }

  async setRank(tx: Tx, player_id: bigint, rank: number): Promise<void> {
    await sql`update loyalty_players set rank = greatest(rank, ${rank}) where player_id = ${player_id}`.execute(
      tx,
    );
  }

  /** A reward owed for a level reached; a second one for the same level is ignored. */
  async addReward(
    tx: Tx,
    reward: Pick<
      RewardRow,
      'player_id' | 'rank' | 'kind' | 'currency' | 'amount_minor' | 'promotion_id'
    >,
  ): Promise<void> {
    await sql`
      insert into loyalty_rewards (player_id, rank, kind, currency, amount_minor, promotion_id)
      values (${reward.player_id}, ${reward.rank}, ${reward.kind}, ${reward.currency},
              ${reward.amount_minor}, ${reward.promotion_id})
      on conflict (player_id, rank) do nothing`.execute(tx);
  }

  async pendingRewards(player_ids: readonly bigint[] | null, limit: number): Promise<RewardRow[]> {
    const ids = player_ids === null ? null : strings(player_ids);
    const { rows } = await sql<RewardRow>`
      select * from loyalty_rewards
       where status = 'pending' and (${ids}::bigint[] is null or player_id = any(${ids}::bigint[]))
       order by created_at limit ${limit}`.execute(this.db);
    return rows;
  }

  async settleReward(
    player_id: bigint,
    rank: number,
    outcome: { status: 'paid' | 'refused'; transfer_id?: bigint; bonus_id?: bigint },
  ): Promise<void> {
    await sql`
      update loyalty_rewards
         set status = ${outcome.status}, transfer_id = ${outcome.transfer_id ?? null},
             bonus_id = ${outcome.bonus_id ?? null}, paid_at = now()
       where player_id = ${player_id} and rank = ${rank} and status = 'pending'`.execute(this.db);
  }

  // --- the player's figures ----------------------------------------------------------

  async player(player_id: bigint): Promise<PlayerRow | null> {
    const { rows } = await sql<PlayerRow>`
      select player_id, wagered_eur_minor, rank, seen_rank, last_bet_at from loyalty_players
       where player_id = ${player_id}`.execute(this.db);
    return rows[0] ?? null;
  }

  async rakebackOf(player_id: bigint): Promise<RakebackRow[]> {
    const { rows } = await sql<RakebackRow>`
      select player_id, currency, accrued_micro, claimed_minor from loyalty_rakeback
       where player_id = ${player_id} order by currency`.execute(this.db);
    return rows;
  }

  async markSeen(player_id: bigint, rank: number): Promise<void> {
    await sql`
      update loyalty_players set seen_rank = greatest(seen_rank, least(rank, ${rank}))
       where player_id = ${player_id}`.execute(this.db);
  }

  async rewardsOf(player_id: bigint): Promise<RewardRow[]> {
    const { rows } = await sql<RewardRow>`
      select * from loyalty_rewards where player_id = ${player_id} order by rank`.execute(this.db);
    return rows;
  }

  async claimsOf(player_id: bigint, limit: number): Promise<ClaimRow[]> {
    const { rows } = await sql<ClaimRow>`
      select * from loyalty_claims where player_id = ${player_id}
       order by id desc limit ${limit}`.execute(this.db);
    return rows;
  }

  // --- claims --------------------------------------------------------------------------

  /**
   * Under the rakeback row's lock: everything claimable becomes one claim (null: nothing is).
   * Two claims at once queue on the lock; the second finds nothing left.
   */
  async claim(player_id: bigint, currency: string): Promise<ClaimRow | null> {
    return this.transaction(async (tx) => {
      const { rows } = await sql<RakebackRow>`
        select player_id, currency, accrued_micro, claimed_minor from loyalty_rakeback
         where player_id = ${player_id} and currency = ${currency} for update`.execute(tx);
      const row = rows[0];
      if (!row) return null;
      const claimable = row.accrued_micro / 1_000_000n - row.claimed_minor;
      if (claimable <= 0n) return null;
      await sql`
        update loyalty_rakeback set claimed_minor = claimed_minor + ${claimable}
         where player_id = ${player_id} and currency = ${currency}`.execute(tx);
      const { rows: claims } = await sql<ClaimRow>`
        insert into loyalty_claims (player_id, currency, amount_minor)
        values (${player_id}, ${currency}, ${claimable}) returning *`.execute(tx);
      return claims[0]!;
    });
  }

  async setClaimTransfer(id: bigint, transfer_id: bigint): Promise<void> {
    await sql`update loyalty_claims set transfer_id = ${transfer_id} where id = ${id}`.execute(
      this.db,
    );
  }

  /** Claims whose transfer a crash left unsent, older than a moment (not one in flight). */
  async unsentClaims(before: Date, limit: number): Promise<ClaimRow[]> {
    const { rows } = await sql<ClaimRow>`
      select * from loyalty_claims where transfer_id is null and created_at < ${before.toISOString()}::timestamptz
       order by created_at limit ${limit}`.execute(this.db);
    return rows;
  }

  // --- the VIP host's view ---------------------------------------------------------------

  async playersPerLevel(): Promise<Map<number, number>> {
    const { rows } = await sql<{ rank: number; total: bigint }>`
      select rank, count(*) as total from loyalty_players where rank > 0 group by rank`.execute(
      this.db,
    );
    return new Map(rows.map((row) => [row.rank, Number(row.total)]));
  }

  /** The highest-ranked players, the most wagered first, with their last 30 days' play. */
  async topPlayers(limit: number, since: Date) {
    const { rows } = await sql<{
      player_id: bigint;
      rank: number;
      wagered_eur_minor: bigint;
      last_bet_at: Date | null;
      wagered_30d: bigint;
      bets_30d: bigint;
    }>`
      select p.player_id, p.rank, p.wagered_eur_minor, p.last_bet_at,
             coalesce(b.wagered, 0)::bigint as wagered_30d, coalesce(b.bets, 0)::bigint as bets_30d
        from (select * from loyalty_players where rank > 0
               order by rank desc, wagered_eur_minor desc limit ${limit}) p
        left join lateral (
          select sum(wagered_eur_minor) as wagered, count(*) as bets from loyalty_bets
           where player_id = p.player_id and counted_at >= ${since.toISOString()}::timestamptz
        ) b on true
       order by p.rank desc, p.wagered_eur_minor desc`.execute(this.db);
    return rows;
  }

  async claimedTotals(player_ids: readonly bigint[]) {
    if (player_ids.length === 0) return [];
    const { rows } = await sql<{ player_id: bigint; currency: string; claimed_minor: bigint }>`
      select player_id, currency, claimed_minor from loyalty_rakeback
       where player_id = any(${strings(player_ids)}::bigint[]) and claimed_minor > 0`.execute(
      this.db,
    );
    return rows;
  }
}
