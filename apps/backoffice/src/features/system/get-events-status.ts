import type { SystemEventsStatus } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Delivery changes by the second: the screen asks again this often. */
export const EVENTS_REFRESH_MS = 5_000;

/** Each subscriber's position and health, the delivery lease, what is kept. */
export const useEventsStatus = () =>
  useQuery({
    queryKey: ['system', 'events', 'status'],
    queryFn: async () => (await api<SystemEventsStatus>('/system/events')).data,
    refetchInterval: EVENTS_REFRESH_MS,
  });
