import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/** A studio round as its record holds it (the studio keeps the reels; we keep the money). */
export type StudioRoundRow = {
  id: bigint;
  round_ref: string;
  player_id: bigint;
  game_slug: string;
  game_name: string;
  category: string;
  provider_name: string;
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
  status: 'open' | 'closed';
  bonus_id: bigint | null;
  created_at: Date;
  closed_at: Date | null;
};

export type StudioTxnRow = {
  txn_ref: string;
  kind: 'bet' | 'win' | 'rollback';
  amount_minor: bigint | null;
  status: string;
  created_at: Date;
};

export type GameName = { slug: string; name: string; category: string; provider_name: string };

/** Round recall's reads of the studio rounds and the catalogue (tables of this module). */
export class RecallRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db;
  }

  private rounds() {
    return sql`
      select r.id, r.round_ref, r.player_id, g.slug as game_slug, g.name as game_name,
             g.category, p.name as provider_name, r.currency, r.stake_minor, r.payout_minor,
             r.status, r.bonus_id, r.created_at, r.closed_at
        from provider_rounds r
        join casino_games g on g.id = r.game_id
        join game_providers p on p.id = g.provider_id`;
  }

  async studioRound(player_id: bigint, id: bigint): Promise<StudioRoundRow | undefined> {
    const result = await sql<StudioRoundRow>`${this.rounds()}
       where r.player_id = ${player_id} and r.id = ${id}`.execute(this.db);
    return result.rows[0];
  }

  /** A round by the studio's own reference (the ledger's `bet:provider:<code>:<round>`). */
  async studioRoundByRef(
    player_id: bigint,
    code: string,
    round_ref: string,
  ): Promise<StudioRoundRow | undefined> {
    const result = await sql<StudioRoundRow>`${this.rounds()}
       join casino_provider_integrations i on i.provider_id = r.provider_id
       where r.player_id = ${player_id} and i.code = ${code} and r.round_ref = ${round_ref}`.execute(
      this.db,
    );
    return result.rows[0];
  }

  async studioTransactions(round_id: bigint): Promise<StudioTxnRow[]> {
    const result = await sql<StudioTxnRow>`
      select txn_ref, kind, amount_minor, status, created_at from provider_transactions
       where round_id = ${round_id} order by id`.execute(this.db);
    return result.rows;
  }

  /** The player's last `limit` rounds of each studio game they played (one index read each). */
  async studioRecall(player_id: bigint, limit: number): Promise<StudioRoundRow[]> {
    const result = await sql<StudioRoundRow>`
      select r.id, r.round_ref, r.player_id, g.slug as game_slug, g.name as game_name,
             g.category, p.name as provider_name, r.currency, r.stake_minor, r.payout_minor,
             r.status, r.bonus_id, r.created_at, r.closed_at
        from casino_games g
        join game_providers p on p.id = g.provider_id
        cross join lateral (
          select * from provider_rounds pr
           where pr.player_id = ${player_id} and pr.game_id = g.id
           order by pr.id desc limit ${limit}) r
       where not g.is_original
       order by g.slug, r.id desc`.execute(this.db);
    return result.rows;
  }

  /** The games of some of the player's original bets (one read for a page of movements). */
  async originalGames(
    player_id: bigint,
    ids: bigint[],
  ): Promise<Array<{ id: bigint; game: string }>> {
    if (ids.length === 0) return [];
    const result = await sql<{ id: bigint; game: string }>`
      select id, game from casino_bets
       where player_id = ${player_id} and id = any(${ids.map(String)}::bigint[])`.execute(this.db);
    return result.rows;
  }

  /** Which of these Crash bets are the player's. */
  async crashBetIds(player_id: bigint, ids: bigint[]): Promise<bigint[]> {
    if (ids.length === 0) return [];
    const result = await sql<{ id: bigint }>`
      select id from crash_bets
       where player_id = ${player_id} and id = any(${ids.map(String)}::bigint[])`.execute(this.db);
    return result.rows.map((row) => BigInt(row.id));
  }

  /** Game names of studio rounds named by (studio code, round ref), the player's only. */
  async studioRoundNames(
    player_id: bigint,
    refs: Array<{ code: string; round_ref: string }>,
  ): Promise<Array<{ code: string; round_ref: string; game_name: string }>> {
    if (refs.length === 0) return [];
    const result = await sql<{ code: string; round_ref: string; game_name: string }>`
      select i.code, r.round_ref, g.name as game_name
        from provider_rounds r
        join casino_games g on g.id = r.game_id
        join casino_provider_integrations i on i.provider_id = r.provider_id
        join unnest(${refs.map((ref) => ref.code)}::text[], ${refs.map((ref) => ref.round_ref)}::text[])
             as wanted (code, round_ref)
          on wanted.code = i.code and wanted.round_ref = r.round_ref
       where r.player_id = ${player_id}`.execute(this.db);
    return result.rows;
  }

  /** Names of the catalogue's games (for originals, whose bets record the slug only). */
  async gameNames(): Promise<GameName[]> {
    const result = await sql<GameName>`
      select g.slug, g.name, g.category, p.name as provider_name
        from casino_games g join game_providers p on p.id = g.provider_id`.execute(this.db);
    return result.rows;
  }
}
