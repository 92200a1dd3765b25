import { envelope, gameProvider } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { storeAdditionalMenus } from '../../../lib/root-store.ts';

export const providersResponse = envelope(z.array(gameProvider));

export async function getProviders() {
  const payload = await request('/casino/providers', { token: null });
  return parseResponse(providersResponse, payload, 'providers').data;
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
