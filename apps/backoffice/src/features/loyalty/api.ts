import type { LoyaltyAdminLevels, LoyaltyHostView } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type { LoyaltyAdminLevels, LoyaltyHostView };
export type AdminLevel = LoyaltyAdminLevels['levels'][number];

export function useLoyaltyLevels() {
  return useQuery({
    queryKey: ['loyalty', 'levels'],
    queryFn: async () => (await api<LoyaltyAdminLevels>('/loyalty/levels')).data,
  });
}

export function useHostView(enabled: boolean) {
  return useQuery({
    queryKey: ['loyalty', 'host'],
    queryFn: async () => (await api<LoyaltyHostView>('/loyalty/host')).data,
    enabled,
  });
}
