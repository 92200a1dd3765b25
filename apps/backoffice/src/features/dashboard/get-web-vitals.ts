import type { WebVitalsSummaryRow } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Real users' Web Vitals: p75 per page and device over the last 24 hours. */
export const useWebVitals = () =>
  useQuery({
    queryKey: ['dashboard', 'web-vitals'],
    queryFn: async () => (await api<WebVitalsSummaryRow[]>('/web-vitals')).data,
    refetchInterval: 60_000,
  });
