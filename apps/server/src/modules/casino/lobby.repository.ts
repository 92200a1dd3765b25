import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export const GAME_CATEGORIES = [
  'slots',
  'live',
  'game_shows',
  'table',
  'roulette',
  'arcade',
  'virtual_sport',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export type GameRow = {
  id: number;
  slug: string;
  name: string;
  provider_id: number;
  category: GameCategory;
  thumbnail: string;
  rtp_bp: number;
  volatility: 'low' | 'medium' | 'high';
  min_bet_eur_minor: bigint;
  max_bet_eur_minor: bigint;
  demo_allowed: boolean;
  enabled: boolean;
  featured: boolean;
  sort_order: number;
  tags: string[];
  is_original: boolean;
  provider_game_code: string | null;
  released_on: Date;
  created_at: Date;
};

/** A game with its provider's name and whether its studio is connected (or it is ours). */
export type LobbyGameRow = GameRow & { provider_name: string; connected: boolean };

export type NewGame = Omit<GameRow, 'id' | 'created_at' | 'released_on'> & { released_on: string };

type Tables = {
  casino_games: Omit<GameRow, 'id' | 'created_at' | 'released_on'> & {
    id: Generated<number>;
    created_at: Generated<Date>;
    released_on: Date | string;
  };
  game_providers: { id: number; name: string; in_menu: boolean; sort_order: number };
  casino_provider_integrations: {
    provider_id: number;
    code: string;
    secret: string;
    launch_url: string;
    enabled: boolean;
    updated_at: Generated<Date>;
  };
  casino_bets: { player_id: bigint; game: string; created_at: Date; id: bigint };
  provider_rounds: { player_id: bigint; game_id: number; created_at: Date; id: bigint };
};

/** A connected studio as the back office sees it (the secret itself never leaves the server). */
export type StudioRow = {
  provider_id: number;
  code: string;
  name: string;
  launch_url: string;
  enabled: boolean;
  secret: string;
  updated_at: Date;
  games: number;
};

export type GameFilter = {
  provider?: string;
  category?: GameCategory;
  q?: string;
  /** Back office: include disabled games. */
  includeDisabled?: boolean;
};

export class LobbyRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  async studios(): Promise<StudioRow[]> {
    return (await this.db
      .selectFrom('casino_provider_integrations as i')
      .innerJoin('game_providers as p', 'p.id', 'i.provider_id')
      .select([
        'i.provider_id',
        'i.code',
        'p.name',
        'i.launch_url',
        'i.enabled',
        'i.secret',
        'i.updated_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('casino_games as g')
          .whereRef('g.provider_id', '=', 'i.provider_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('games'),
      )
      .orderBy('p.name')
      .execute()) as StudioRow[];
  }

  async updateStudio(
    code: string,
    patch: { launch_url?: string; enabled?: boolean; secret?: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('casino_provider_integrations')
      .set({ ...patch, updated_at: sql`now()` })
      .where('code', '=', code)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private base(includeDisabled = false) {
    let query = this.db
      .selectFrom('casino_games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .leftJoin('casino_provider_integrations as i', 'i.provider_id', 'g.provider_id')
      .selectAll('g')
      .select('p.name as provider_name')
      .select(sql<boolean>`g.is_original or coalesce(i.enabled, false)`.as('connected'));
    if (!includeDisabled) query = query.where('g.enabled', '=', true);
    return query;
  }

  /**
   * What a player's lists show: enabled games that open (ours, or of a studio switched on).
   * A game of a studio switched off is still found by its slug (its page says why it will not
   * open) but never listed, so the lobby shows no tile that will not open.
   */
  private listed() {
    return this.base().where(sql<boolean>`(g.is_original or coalesce(i.enabled, false))`);
  }

  private filtered(filter: GameFilter) {
    let query = filter.includeDisabled ? this.base(true) : this.listed();
    if (filter.provider)
      query = query.where(sql`lower(p.name)`, '=', filter.provider.toLowerCase());
    if (filter.category) query = query.where('g.category', '=', filter.category);
    if (filter.q) {
      // Literal substring: LIKE's wildcards in the player's text are escaped.
      const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql`lower(g.name)`, 'like', pattern);
    }
    return query;
  }

  async page(filter: GameFilter, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.filtered(filter)
        .orderBy('g.sort_order')
        .orderBy('g.name')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.filtered(filter)
        .clearSelect()
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as LobbyGameRow[], total: Number(total.n) };
  }

  async bySlug(slug: string, includeDisabled = false): Promise<LobbyGameRow | undefined> {
    return (await this.base(includeDisabled).where('g.slug', '=', slug).executeTakeFirst()) as
      | LobbyGameRow
      | undefined;
  }

  async byId(id: number): Promise<LobbyGameRow | undefined> {
    return (await this.base(true).where('g.id', '=', id).executeTakeFirst()) as
      | LobbyGameRow
      | undefined;
  }

  async featured(limit: number) {
    return (await this.listed()
      .where('g.featured', '=', true)
      .orderBy('g.sort_order')
      .limit(limit)
      .execute()) as LobbyGameRow[];
  }

  async newest(limit: number) {
    return (await this.listed()
      .orderBy('g.released_on', 'desc')
      .orderBy('g.sort_order')
      .limit(limit)
      .execute()) as LobbyGameRow[];
  }

  /**
   * Most played over the last `days` (originals' bets and provider rounds, any player);
   * ties and games nobody played yet follow in the operator's order.
   */
  async popular(limit: number, days: number) {
    const since = new Date(Date.now() - days * 86_400_000);
    const plays = this.db
      .selectFrom('casino_bets')
      .select(['game as slug', sql<string>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy('game')
      .unionAll(
        this.db
          .selectFrom('provider_rounds as r')
          .innerJoin('casino_games as cg', 'cg.id', 'r.game_id')
          .select(['cg.slug as slug', sql<string>`count(*)`.as('n')])
          .where('r.created_at', '>=', since)
          .groupBy('cg.slug'),
      );
    return (await this.listed()
      .leftJoin(
        this.db
          .selectFrom(plays.as('u'))
          .select(['u.slug', sql<string>`sum(u.n)`.as('plays')])
          .groupBy('u.slug')
          .as('pl'),
        'pl.slug',
        'g.slug',
      )
      .orderBy(sql`coalesce(pl.plays, 0)`, 'desc')
      .orderBy('g.featured', 'desc')
      .orderBy('g.sort_order')
      .limit(limit)
      .execute()) as LobbyGameRow[];
  }

  /** The games a player played most recently, newest first (one entry per game). */
  async recentlyPlayed(player_id: bigint, limit: number) {
    const recent = await sql<{ slug: string; last: Date }>`
      select slug, max(at) as last from (
        (select game as slug, created_at as at from casino_bets
          where player_id = ${player_id} order by id desc limit 200)
        union all
        (select g.slug, r.created_at as at from provider_rounds r join casino_games g on g.id = r.game_id
          where r.player_id = ${player_id} order by r.id desc limit 200)
      ) plays group by slug order by last desc limit ${limit}`.execute(this.db);
    if (recent.rows.length === 0) return [];
    const slugs = recent.rows.map((row) => row.slug);
    const rows = (await this.listed().where('g.slug', 'in', slugs).execute()) as LobbyGameRow[];
    return slugs.flatMap((slug) => rows.filter((row) => row.slug === slug));
  }

  /**
   * Providers in the menu with their number of games a player can open (the providers page);
   * a studio with none is left out.
   */
  async providerSummaries() {
    const rows = await this.db
      .selectFrom('game_providers as p')
      .innerJoin('casino_games as g', 'g.provider_id', 'p.id')
      .leftJoin('casino_provider_integrations as i', 'i.provider_id', 'p.id')
      .select(['p.id', 'p.name', sql<string>`count(g.id)`.as('games')])
      .where('p.in_menu', '=', true)
      .where('g.enabled', '=', true)
      .where(sql<boolean>`(g.is_original or coalesce(i.enabled, false))`)
      .groupBy(['p.id', 'p.name', 'p.sort_order'])
      .orderBy('p.sort_order')
      .orderBy('p.name')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, games: Number(row.games) }));
  }

  /** How many games a player can open in each category (categories with none are left out). */
  async categoryCounts(): Promise<Array<{ category: GameCategory; games: number }>> {
    const rows = await this.listed()
      .clearSelect()
      .select(['g.category', sql<string>`count(*)`.as('n')])
      .groupBy('g.category')
      .execute();
    return rows
      .map((row) => ({ category: row.category as GameCategory, games: Number(row.n) }))
      .sort((a, b) => GAME_CATEGORIES.indexOf(a.category) - GAME_CATEGORIES.indexOf(b.category));
  }

  async update(
    id: number,
    patch: Partial<Pick<GameRow, 'enabled' | 'featured' | 'demo_allowed' | 'sort_order'>>,
  ) {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('casino_games').set(patch).where('id', '=', id).execute();
  }

  /** Rounds per game and currency in [from, to): originals' settled bets (Crash's too) and provider rounds. */
  async report(from: Date, to: Date) {
    const result = await sql<{
      game: string;
      name: string;
      provider: string;
      currency: string;
      rounds: string;
      stake: string;
      payout: string;
      rtp_bp: number;
    }>`
      with plays as (
        select game as slug, currency, stake_minor as stake, payout_minor as payout
          from casino_bets where status = 'settled' and created_at >= ${from} and created_at < ${to}
        union all
        -- Crash keeps its own bets (one round for everybody): the settled ones.
        select 'crash', currency, stake_minor, payout_minor
          from crash_bets where status in ('cashed', 'lost') and created_at >= ${from} and created_at < ${to}        union all
        select g.slug, r.currency, r.stake_minor, r.payout_minor
          from provider_rounds r join casino_games g on g.id = r.game_id
          where r.created_at >= ${from} and r.created_at < ${to} and (r.stake_minor > 0 or r.payout_minor > 0)
      )
      select p.slug as game, coalesce(g.name, p.slug) as name, coalesce(gp.name, '') as provider,
             p.currency, count(*) as rounds, sum(p.stake) as stake, sum(p.payout) as payout,
             coalesce(g.rtp_bp, 0) as rtp_bp
        from plays p
        left join casino_games g on g.slug = p.slug
        left join game_providers gp on gp.id = g.provider_id
       group by p.slug, g.name, gp.name, p.currency, g.rtp_bp
       order by sum(p.stake) - sum(p.payout) desc`.execute(this.db);
    return result.rows.map((row) => ({
      game: row.game,
      name: row.name,
      provider: row.provider,
      currency: row.currency,
      rounds: Number(row.rounds),
      stake: BigInt(row.stake),
      payout: BigInt(row.payout),
      rtp_bp: row.rtp_bp,
    }));
  }

  async insertIfMissing(game: NewGame): Promise<void> {
    await this.db
      .insertInto('casino_games')
      .values(game)
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
  }
}
