import { envelope } from '@casino/contracts/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

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
export type Game = z.infer<typeof game>;

const homeGames = envelope(
  z.object({
    featured: z.array(game),
    new: z.array(game),
    popular: z.array(game),
    continue_playing: z.array(game),
  }),
);
const gamesPage = envelope(
  z.object({
    games: z.array(game),
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    pages: z.number(),
  }),
);
const launch = envelope(
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
export type Launch = z.infer<typeof launch>['data'];
const jurisdiction = envelope(
  z.object({
    country: z.string().nullable(),
    policy: z.string(),
    real_money: z.boolean(),
    message: z.string().nullable(),
  }),
);

export const GAMES_PER_PAGE = 24;

export function useHomeGames() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['casino', 'home-games', auth.authUserToken],
    queryFn: async () =>
      parseResponse(homeGames, await request('/customer/casino/home-games'), 'home games').data,
    staleTime: 60_000,
  });
}

export function useGames(filter: {
  page: number;
  provider?: string | null;
  category?: string | null;
  q?: string;
}) {
  const query: Record<string, string> = {
    page: String(filter.page),
    per_page: String(GAMES_PER_PAGE),
  };
  if (filter.provider) query.provider = filter.provider;
  if (filter.category) query.category = filter.category;
  if (filter.q) query.q = filter.q;
  return useQuery({
    queryKey: ['casino', 'games', query],
    queryFn: async () =>
      parseResponse(
        gamesPage,
        await request('/customer/casino/games', { query, token: null }),
        'games',
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useGame(slug: string | undefined) {
  return useQuery({
    queryKey: ['casino', 'game', slug],
    queryFn: async () =>
      parseResponse(
        envelope(game),
        await request(`/customer/casino/games/${encodeURIComponent(slug ?? '')}`, { token: null }),
        'game',
      ).data,
    enabled: Boolean(slug),
  });
}

/** Same query key as the site's jurisdiction banner, so both share one request. */
export function useJurisdiction() {
  const { i18n } = useTranslation();
  const auth = useAuth();
  return useQuery({
    queryKey: ['jurisdiction', auth.authUserToken, i18n.language],
    queryFn: async () =>
      parseResponse(jurisdiction, await request('/jurisdiction'), 'jurisdiction').data,
    staleTime: 10 * 60_000,
  });
}

export async function launchGame(slug: string, mode: 'real' | 'demo', language: string) {
  const path = mode === 'real' ? '/customer/casino/games-init' : '/customer/casino/games-init-demo';
  return parseResponse(launch, await request(path, { json: { game: slug, language } }), 'launch')
    .data;
}

const providerSummaries = envelope(
  z.array(z.object({ id: z.number(), name: z.string(), games: z.number() })),
);

export function useProviderSummaries() {
  return useQuery({
    queryKey: ['casino', 'provider-summaries'],
    queryFn: async () =>
      parseResponse(
        providerSummaries,
        await request('/customer/casino/provider-summaries', { token: null }),
        'providers',
      ).data,
    staleTime: 5 * 60_000,
  });
}

const categoryCounts = envelope(z.array(z.object({ category: z.string(), games: z.number() })));

/** The categories that have games a player can open, with how many (empty ones left out). */
export function useCategoryCounts() {
  return useQuery({
    queryKey: ['casino', 'categories'],
    queryFn: async () =>
      parseResponse(
        categoryCounts,
        await request('/customer/casino/categories', { token: null }),
        'categories',
      ).data,
    staleTime: 5 * 60_000,
  });
}
