import type { SystemJobsStatus } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { EVENTS_REFRESH_MS } from './get-events-status.ts';

/** The leader leases, the scheduled jobs and their failed runs; refreshed with the events. */
export const useJobsStatus = () =>
  useQuery({
    queryKey: ['system', 'jobs'],
    queryFn: async () => (await api<SystemJobsStatus>('/system/jobs')).data,
    refetchInterval: EVENTS_REFRESH_MS,
  });
