import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkResponseLater, lazySchema, request } from '../../../lib/api-client.ts';
import { storeAdditionalMenus } from '../../../lib/root-store.ts';

/** Loaded on first use so zod stays out of the initial chunk. */
export const providersResponse = lazySchema(async () => {
  const [{ envelope }, { gameProvider }] = await Promise.all([
    import('@casino/contracts/envelope'),
    import('@casino/contracts/catalog'),
  ]);
  return envelope(gameProvider.array());
});

export async function getProviders() {
  const payload = await request('/casino/providers', { token: null });
  return checkResponseLater(providersResponse, payload, 'providers').data;
}

/**
 * Refreshes the stored provider menus (persisted as `additionalMenus`); the
 * menu keeps showing the stored ones while this runs or if it fails.
 */
export function useSyncProviderMenus() {
  const query = useQuery({
    queryKey: ['casino', 'providers'],
    queryFn: getProviders,
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    if (query.data) storeAdditionalMenus(query.data.map(({ id, name }) => ({ id, name })));
  }, [query.data]);
}
