import type { Dashboard } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type Period = Dashboard['period'];

export const useDashboard = (period: Period) =>
  useQuery({
    queryKey: ['dashboard', period],
    queryFn: async () => (await api<Dashboard>('/dashboard', { query: { period } })).data,
    refetchInterval: 60_000,
  });
