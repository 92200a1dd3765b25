import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';

/** The games whose house edge the operator sets (Crash included). */
export const ORIGINAL_GAMES = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'crash',
  'keno',
  'wheel',
  'roulette',
  'baccarat',
  'dragon-tiger',
  'teen-patti',
  'andar-bahar',
  'hilo',
  'blackjack',
] as const;
export type OriginalGame = (typeof ORIGINAL_GAMES)[number];
/**
 * Games whose edge is the game's own, not a setting: European roulette pays 35:1 … 1:1 on 37
 * pockets, 2.70 % (1/37) whatever the operator would like (decision 0540); Baccarat's Banker
 * 0.95:1 (1.06 %), Dragon Tiger's half-back tie (3.85 %), Andar Bahar's Andar 0.9:1 (2.15 %) — the
 * main bet's edge of a fixed paytable, shown to the operator and recorded with each bet; Teen
 * Patti's Ante follows the operator's edge (decision 0545); Blackjack's table rules under optimal
 * play return 99.31 % (blackjackRtp() in packages/games; decision 0550).
 */
export const FIXED_EDGES: Partial<Record<OriginalGame, number>> = {
  roulette: 270,
  baccarat: 106,
  'dragon-tiger': 385,
  'andar-bahar': 215,
  blackjack: 69,
};

/** Without an operator row, the edge the large crypto casinos use. */
export const DEFAULT_EDGE_BP = 100;
/** The most an operator may set: beyond 10 % the published paytables make no sense. */
export const EDGE_BP_MAX = 1000;
/** A currency without a row of its own: a win may be at most this many major units. */
export const DEFAULT_MAX_PAYOUT_MAJOR = 100_000n;
/** Settings are read on every bet: each instance caches them this long. */
export const SETTINGS_CACHE_MS = 5_000;

type Tables = {
  originals_settings: {
    game: string;
    edge_bp: number;
    updated_at: Date;
    updated_by: string | null;
  };
  originals_limits: {
    currency: string;
    max_bet_minor: bigint | null;
    max_payout_minor: bigint;
    updated_at: Date;
    updated_by: string | null;
  };
  originals_game_limits: {
    game: string;
    currency: string;
    min_bet_minor: bigint | null;
    max_bet_minor: bigint | null;
    max_payout_minor: bigint | null;
    updated_at: Date;
    updated_by: string | null;
  };
};

export type OriginalsLimits = { max_bet_minor: bigint | null; max_payout_minor: bigint };
/** The limits one bet of one game meets: the game's own where set, else the currency's. */
export type GameLimits = OriginalsLimits & { min_bet_minor: bigint | null };
/** What an operator sets for one game in one currency: null leaves the currency's limit. */
export type GameLimitsRow = {
  min_bet_minor: bigint | null;
  max_bet_minor: bigint | null;
  max_payout_minor: bigint | null;
};

const big = (value: bigint | string | null) => (value === null ? null : BigInt(value));

/**
 * The operator's settings of the originals: the house edge per game, the max bet and max payout
 * per currency. Read through a short cache (every bet asks); writes clear it on this instance.
 */
export class OriginalsSettings {
  private readonly db;
  private cache: {
    at: number;
    edges: Map<string, number>;
    limits: Map<string, OriginalsLimits>;
    /** Keyed `game currency`. */
    gameLimits: Map<string, GameLimitsRow>;
  } | null = null;

  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  private async load() {
    if (this.cache && Date.now() - this.cache.at < SETTINGS_CACHE_MS) return this.cache;
    const [edges, limits, gameLimits] = await Promise.all([
      this.db.selectFrom('originals_settings').select(['game', 'edge_bp']).execute(),
      this.db
        .selectFrom('originals_limits')
        .select(['currency', 'max_bet_minor', 'max_payout_minor'])
        .execute(),
      this.db
        .selectFrom('originals_game_limits')
        .select(['game', 'currency', 'min_bet_minor', 'max_bet_minor', 'max_payout_minor'])
        .execute(),
    ]);
    this.cache = {
      at: Date.now(),
      edges: new Map(edges.map((row) => [row.game, row.edge_bp])),
      limits: new Map(
        limits.map((row) => [
          row.currency,
          {
            max_bet_minor: row.max_bet_minor === null ? null : BigInt(row.max_bet_minor),
            max_payout_minor: BigInt(row.max_payout_minor),
          },
        ]),
      ),
      gameLimits: new Map(
        gameLimits.map((row) => [
          `${row.game} ${row.currency}`,
          {
            min_bet_minor: big(row.min_bet_minor),
            max_bet_minor: big(row.max_bet_minor),
            max_payout_minor: big(row.max_payout_minor),
          },
        ]),
      ),
    };
    return this.cache;
  }

  async edge(game: OriginalGame): Promise<number> {
    const fixed = FIXED_EDGES[game];
    if (fixed !== undefined) return fixed;
    return (await this.load()).edges.get(game) ?? DEFAULT_EDGE_BP;
  }

  async limits(currency: string, scale: number): Promise<OriginalsLimits> {
    return (
      (await this.load()).limits.get(currency) ?? {
        max_bet_minor: null,
        max_payout_minor: DEFAULT_MAX_PAYOUT_MAJOR * 10n ** BigInt(scale),
      }
    );
  }

  /**
   * The limits a bet of `game` meets: each of the game's own limits where the operator set one,
   * else the currency's, else the defaults (no minimum, no max bet, 100,000 units of payout).
   */
  async gameLimits(game: OriginalGame, currency: string, scale: number): Promise<GameLimits> {
    const base = await this.limits(currency, scale);
    const own = (await this.load()).gameLimits.get(`${game} ${currency}`);
    return {
      min_bet_minor: own?.min_bet_minor ?? null,
      max_bet_minor: own?.max_bet_minor ?? base.max_bet_minor,
      max_payout_minor: own?.max_payout_minor ?? base.max_payout_minor,
    };
  }

  /** Every game's effective limits in one currency, for the bet panels. */
  async gameLimitsIn(currency: string, scale: number) {
    const out: Record<string, GameLimits> = {};
    for (const game of ORIGINAL_GAMES) out[game] = await this.gameLimits(game, currency, scale);
    return out;
  }

  /** Everything, for the back office. */
  async all() {
    const [games, limits, gameLimits] = await Promise.all([
      this.db.selectFrom('originals_settings').selectAll().orderBy('game').execute(),
      this.db.selectFrom('originals_limits').selectAll().orderBy('currency').execute(),
      this.db
        .selectFrom('originals_game_limits')
        .selectAll()
        .orderBy('game')
        .orderBy('currency')
        .execute(),
    ]);
    return { games, limits, gameLimits };
  }

  /**
   * Sets one game's limits in one currency; all three null removes the row (the game follows
   * the currency's limits again).
   */
  async setGameLimits(game: OriginalGame, currency: string, limits: GameLimitsRow, by: string) {
    const before = await this.db
      .selectFrom('originals_game_limits')
      .select(['min_bet_minor', 'max_bet_minor', 'max_payout_minor'])
      .where('game', '=', game)
      .where('currency', '=', currency)
      .executeTakeFirst();
    const cleared =
      limits.min_bet_minor === null &&
      limits.max_bet_minor === null &&
      limits.max_payout_minor === null;
    if (cleared) {
      await this.db
        .deleteFrom('originals_game_limits')
        .where('game', '=', game)
        .where('currency', '=', currency)
        .execute();
    } else {
      const values = { ...limits, updated_at: new Date(), updated_by: by };
      await this.db
        .insertInto('originals_game_limits')
        .values({ game, currency, ...values })
        .onConflict((c) => c.columns(['game', 'currency']).doUpdateSet(values))
        .execute();
    }
    this.cache = null;
    const show = (row: GameLimitsRow | undefined) =>
      row
        ? {
            min_bet_minor: row.min_bet_minor === null ? null : String(row.min_bet_minor),
            max_bet_minor: row.max_bet_minor === null ? null : String(row.max_bet_minor),
            max_payout_minor: row.max_payout_minor === null ? null : String(row.max_payout_minor),
          }
        : null;
    return { before: show(before), after: cleared ? null : show(limits) };
  }

  async setEdge(game: OriginalGame, edge_bp: number, by: string) {
    if (FIXED_EDGES[game] !== undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        `edge_bp: ${game}'s edge is fixed by the game (${(FIXED_EDGES[game] / 100).toFixed(2)} %)`,
        { errors: [{ path: 'edge_bp', message: 'fixed by the game' }] },
      );
    }
    if (!Number.isInteger(edge_bp) || edge_bp < 0 || edge_bp > EDGE_BP_MAX) {
      throw new AppError(
        'VALIDATION_FAILED',
        `edge_bp: a whole number of basis points from 0 to ${EDGE_BP_MAX}`,
        { errors: [{ path: 'edge_bp', message: 'out of range' }] },
      );
    }
    const before = await this.db
      .selectFrom('originals_settings')
      .select('edge_bp')
      .where('game', '=', game)
      .executeTakeFirst();
    await this.db
      .insertInto('originals_settings')
      .values({ game, edge_bp, updated_at: new Date(), updated_by: by })
      .onConflict((c) =>
        c.column('game').doUpdateSet({ edge_bp, updated_at: new Date(), updated_by: by }),
      )
      .execute();
    this.cache = null;
    return { before: before?.edge_bp ?? DEFAULT_EDGE_BP, after: edge_bp };
  }

  async setLimits(currency: string, limits: OriginalsLimits, by: string) {
    const before = await this.db
      .selectFrom('originals_limits')
      .selectAll()
      .where('currency', '=', currency)
      .executeTakeFirst();
    const values = { ...limits, updated_at: new Date(), updated_by: by };
    await this.db
      .insertInto('originals_limits')
      .values({ currency, ...values })
      .onConflict((c) => c.column('currency').doUpdateSet(values))
      .execute();
    this.cache = null;
    return { before: before ?? null, after: { currency, ...limits } };
  }
}
