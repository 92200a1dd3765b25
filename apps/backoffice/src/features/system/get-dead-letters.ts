import type { EventDeadLettersPage } from '@casino/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { EVENTS_REFRESH_MS } from './get-events-status.ts';

export const DEAD_LETTERS_PER_PAGE = 20;

/** Open dead letters, the latest set aside first; `subscriber` empty: all of them. */
export const useDeadLetters = (subscriber: string, page: number) =>
  useQuery({
    queryKey: ['system', 'events', 'dead-letters', subscriber, page],
    queryFn: async () =>
      (
        await api<EventDeadLettersPage>('/system/events/dead-letters', {
          query: {
            subscriber,
            limit: DEAD_LETTERS_PER_PAGE,
            offset: (page - 1) * DEAD_LETTERS_PER_PAGE,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: EVENTS_REFRESH_MS,
  });
