import { formatAmount } from '@casino/money';
import { AppError } from '../../platform/http/errors.ts';
import { casinoError } from './casino.errors.ts';
import {
  GAME_CATEGORIES,
  type GameCategory,
  type LobbyGameRow,
  type LobbyRepository,
} from './lobby.repository.ts';
import { THUMB_HEIGHT, THUMB_WIDTH, thumbnailSvg } from './thumbnails.ts';

export const GAMES_PAGE_SIZE_MAX = 60;
export const GAMES_PAGE_SIZE_DEFAULT = 24;
/** Each home row is short: the lobby scrolls it sideways. */
export const HOME_ROW_SIZE = 12;
export const POPULAR_WINDOW_DAYS = 30;

export type GameView = ReturnType<typeof gameView>;

/** The public shape of a game (the lobby, the game page). */
export function gameView(row: LobbyGameRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    provider: { id: row.provider_id, name: row.provider_name },
    category: row.category,
    thumbnail: row.thumbnail,
    thumbnail_width: THUMB_WIDTH,
    thumbnail_height: THUMB_HEIGHT,
    rtp: formatAmount(BigInt(row.rtp_bp), 2),
    volatility: row.volatility,
    min_bet: formatAmount(row.min_bet_eur_minor, 2),
    max_bet: formatAmount(row.max_bet_eur_minor, 2),
    bet_currency: 'EUR',
    demo_allowed: row.demo_allowed,
    is_original: row.is_original,
    featured: row.featured,
    tags: row.tags,
    /** Ours, or from a studio whose integration is switched on: it can be launched. */
    playable: row.connected,
    /** Where the player site opens it. */
    url: row.is_original ? `/casino/originals/${row.slug}` : `/casino/game/${row.slug}`,
  };
}

export class LobbyService {
  constructor(private readonly repository: LobbyRepository) {}

  async games(input: {
    page: number;
    per_page: number;
    provider?: string;
    category?: string;
    q?: string;
  }) {
    if (input.category !== undefined && !GAME_CATEGORIES.includes(input.category as GameCategory)) {
      throw new AppError('VALIDATION_FAILED', `category: one of ${GAME_CATEGORIES.join(', ')}`, {
        errors: [{ path: 'category', message: 'unknown category' }],
      });
    }
    const offset = (input.page - 1) * input.per_page;
    const { rows, total } = await this.repository.page(
      {
        provider: input.provider?.trim() || undefined,
        category: input.category as GameCategory | undefined,
        q: input.q?.trim() || undefined,
      },
      offset,
      input.per_page,
    );
    return {
      games: rows.map(gameView),
      page: input.page,
      per_page: input.per_page,
      total,
      pages: Math.max(1, Math.ceil(total / input.per_page)),
    };
  }

  async home(player_id: bigint | null) {
    const [featured, newest, popular, recent] = await Promise.all([
      this.repository.featured(HOME_ROW_SIZE),
      this.repository.newest(HOME_ROW_SIZE),
      this.repository.popular(HOME_ROW_SIZE, POPULAR_WINDOW_DAYS),
      player_id === null ? [] : this.repository.recentlyPlayed(player_id, HOME_ROW_SIZE),
    ]);
    return {
      featured: featured.map(gameView),
      new: newest.map(gameView),
      popular: popular.map(gameView),
      continue_playing: recent.map(gameView),
    };
  }

  async game(slug: string) {
    const row = await this.repository.bySlug(slug);
    if (!row) throw casinoError('GAME_NOT_FOUND', `No game "${slug}"`);
    return row;
  }

  /** A studio game's house edge (100 % − its stated RTP), basis points; null when unknown. */
  async houseEdge(slug: string): Promise<number | null> {
    const row = await this.repository.bySlug(slug);
    return row ? 10_000 - row.rtp_bp : null;
  }

  providerSummaries() {
    return this.repository.providerSummaries();
  }

  categories() {
    return this.repository.categoryCounts();
  }

  async thumbnail(slug: string): Promise<string | null> {
    const row = await this.repository.bySlug(slug, true);
    return row ? thumbnailSvg(row) : null;
  }
}
