import { envelope } from '@casino/contracts/envelope';
import { z } from 'zod';

/**
 * The lobby's response schemas, apart from lobby.ts so zod stays out of the first screen's
 * chunks: the home page and the casino lobby check their answers after the first paint.
 */
export const game = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  provider: z.object({ id: z.number(), name: z.string() }),
  category: z.string(),
  thumbnail: z.string(),
  thumbnail_width: z.number(),
  thumbnail_height: z.number(),
  rtp: z.string(),
  volatility: z.enum(['low', 'medium', 'high']),
  min_bet: z.string(),
  max_bet: z.string(),
  bet_currency: z.string(),
  demo_allowed: z.boolean(),
  is_original: z.boolean(),
  featured: z.boolean(),
  tags: z.array(z.string()),
  playable: z.boolean(),
  url: z.string(),
});
export const homeGames = envelope(
  z.object({
    featured: z.array(game),
    new: z.array(game),
    popular: z.array(game),
    continue_playing: z.array(game),
  }),
);
export const gamesPage = envelope(
  z.object({
    games: z.array(game),
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    pages: z.number(),
  }),
);
export const launch = envelope(
  z.object({
    mode: z.enum(['real', 'demo']),
    game: z.string(),
    token: z.string().nullable(),
    launch_url: z.string(),
    embed: z.boolean(),
    currency: z.string(),
    expires_at: z.string().nullable(),
  }),
);
export const jurisdiction = envelope(
  z.object({
    country: z.string().nullable(),
    policy: z.string(),
    real_money: z.boolean(),
    message: z.string().nullable(),
  }),
);

export const providerSummaries = envelope(
  z.array(z.object({ id: z.number(), name: z.string(), games: z.number() })),
);

export const categoryCounts = envelope(
  z.array(z.object({ category: z.string(), games: z.number() })),
);
