import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkResponseLater, lazySchema, parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';
import type * as schemas from './lobby.schemas.ts';

export type Game = z.infer<typeof schemas.game>;
export type Launch = z.infer<typeof schemas.launch>['data'];

/**
 * The schemas load on first use: the home page and the lobby draw their answers at once and
 * check them once the page is idle (`checkResponseLater`), so zod is not on their critical path.
 */
const loadSchemas = () => import('./lobby.schemas.ts');
const homeGames = lazySchema(async () => (await loadSchemas()).homeGames);
const gamesPage = lazySchema(async () => (await loadSchemas()).gamesPage);
const providerSummaries = lazySchema(async () => (await loadSchemas()).providerSummaries);
const categoryCounts = lazySchema(async () => (await loadSchemas()).categoryCounts);

export const GAMES_PER_PAGE = 24;

export function useHomeGames() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['casino', 'home-games', auth.authUserToken],
    queryFn: async () =>
      checkResponseLater(homeGames, await request('/customer/casino/home-games'), 'home games')
        .data,
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
      checkResponseLater(
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
    queryFn: async () => {
      const [{ envelope }, { game }] = await Promise.all([
        import('@casino/contracts/envelope'),
        loadSchemas(),
      ]);
      return parseResponse(
        envelope(game),
        await request(`/customer/casino/games/${encodeURIComponent(slug ?? '')}`, { token: null }),
        'game',
      ).data;
    },
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
      parseResponse(
        (await loadSchemas()).jurisdiction,
        await request('/jurisdiction'),
        'jurisdiction',
      ).data,
    staleTime: 10 * 60_000,
  });
}

export async function launchGame(slug: string, mode: 'real' | 'demo', language: string) {
  const path = mode === 'real' ? '/customer/casino/games-init' : '/customer/casino/games-init-demo';
  const { launch } = await loadSchemas();
  return parseResponse(launch, await request(path, { json: { game: slug, language } }), 'launch')
    .data;
}

export function useProviderSummaries() {
  return useQuery({
    queryKey: ['casino', 'provider-summaries'],
    queryFn: async () =>
      checkResponseLater(
        providerSummaries,
        await request('/customer/casino/provider-summaries', { token: null }),
        'providers',
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** The categories that have games a player can open, with how many (empty ones left out). */
export function useCategoryCounts() {
  return useQuery({
    queryKey: ['casino', 'categories'],
    queryFn: async () =>
      checkResponseLater(
        categoryCounts,
        await request('/customer/casino/categories', { token: null }),
        'categories',
      ).data,
    staleTime: 5 * 60_000,
  });
}
