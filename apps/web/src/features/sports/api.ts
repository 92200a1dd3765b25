import type { PlayerFreeBet } from '@casino/contracts/promotions';
import type {
  OddsFormat,
  SbBet,
  SbEventDetail,
  SbEventState,
  SbEventSummary,
  SbMarket,
  SbTree,
} from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/root-store.ts';
import { slipStore } from './slip-store.ts';

type Envelope<T> = { status: number; message: string; data: T };

export const sportsKeys = {
  tree: ['sports', 'tree'] as const,
  events: (sport: string | undefined, when: string, competition?: string) =>
    ['sports', 'events', sport ?? 'all', when, competition ?? 'all'] as const,
  event: (id: string) => ['sports', 'event', id] as const,
  bets: (status: string, token: string | null) => ['sports', 'bets', status, token] as const,
};

export function useSportsTree() {
  return useQuery({
    queryKey: sportsKeys.tree,
    queryFn: async () => ((await request('/sports')) as Envelope<SbTree>).data,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

export function useEvents(
  sport: string | undefined,
  when: 'live' | 'upcoming',
  competition?: string,
) {
  return useQuery({
    queryKey: sportsKeys.events(sport, when, competition),
    queryFn: async () =>
      (
        (await request('/sports/events', { query: { sport, when, competition } })) as Envelope<
          SbEventSummary[]
        >
      ).data,
    refetchInterval: 20_000,
  });
}

export function useEvent(id: string | null) {
  return useQuery({
    queryKey: sportsKeys.event(id ?? ''),
    queryFn: async () =>
      ((await request(`/sports/events/${encodeURIComponent(id!)}`)) as Envelope<SbEventDetail>)
        .data,
    enabled: Boolean(id),
  });
}

export function useMyBets(status: 'open' | 'settled') {
  const auth = useAuth();
  return useQuery({
    queryKey: sportsKeys.bets(status, auth.authUserToken),
    queryFn: async () =>
      (
        (await request('/customer/sportsbook', { query: { status, per_page: 30 } })) as Envelope<
          SbBet[]
        >
      ).data,
    enabled: auth.isAuthenticated,
    // Bets settle and cash-out offers move on their own: always re-read on display.
    staleTime: 0,
    refetchInterval: status === 'open' ? 5_000 : 15_000,
  });
}

/** The player's available free-bet tokens (a slip can stake one). */
export function useFreeBets() {
  const auth = useAuth();
  return useQuery({
    queryKey: ['sports', 'free-bets', auth.authUserToken],
    queryFn: async () =>
      ((await request('/customer/free-bets')) as Envelope<PlayerFreeBet[]>).data.filter(
        (f) => f.status === 'available',
      ),
    enabled: auth.isAuthenticated,
    staleTime: 10_000,
  });
}

export type PlaceBody = {
  kind: 'single' | 'multiple' | 'system';
  system_size?: number;
  selections: { selection_id: string; odds: string }[];
  stake: string;
  accept_odds: 'none' | 'higher' | 'any';
  idempotency_key: string;
  free_bet_id?: string;
};

export async function placeBet(body: PlaceBody): Promise<SbBet> {
  return ((await request('/customer/sportsbook/bets', { json: body })) as Envelope<SbBet>).data;
}

export function useCashout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...json
    }: {
      id: string;
      amount_minor: string;
      stake_minor?: string;
    }) =>
      (
        (await request(`/customer/sportsbook/bets/${id}/cashout`, {
          json,
        })) as Envelope<SbBet>
      ).data,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['sports', 'bets'] });
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** Applies a pushed market or event state to every cached list and event page. */
export function applyPush(
  client: ReturnType<typeof useQueryClient>,
  push:
    | { type: 'market'; event_id: string; data: SbMarket }
    | { type: 'event'; event_id: string; data: SbEventState },
) {
  client.setQueriesData<SbEventSummary[]>({ queryKey: ['sports', 'events'] }, (list) =>
    list?.map((e) => {
      if (e.id !== push.event_id) return e;
      if (push.type === 'event') return { ...e, ...push.data };
      return e.main_market?.id === push.data.id ? { ...e, main_market: push.data } : e;
    }),
  );
  client.setQueryData<SbEventDetail>(sportsKeys.event(push.event_id), (event) => {
    if (!event) return event;
    if (push.type === 'event') return { ...event, ...push.data };
    const exists = event.markets.some((m) => m.id === push.data.id);
    const visible = push.data.status === 'open' || push.data.status === 'suspended';
    const markets = exists
      ? event.markets.flatMap((m) => (m.id === push.data.id ? (visible ? [push.data] : []) : [m]))
      : visible
        ? [...event.markets, push.data]
        : event.markets;
    return { ...event, markets };
  });
}

/**
 * A signed-in player's odds format follows them across devices: read once from the server into
 * the slip's state; a guest's stays in this browser only.
 */
export function useOddsFormat() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const key = ['sports', 'preferences', auth.authUserToken] as const;
  const { data } = useQuery({
    queryKey: key,
    queryFn: async () =>
      ((await request('/customer/sportsbook/preferences')) as Envelope<{ odds_format: OddsFormat }>)
        .data,
    enabled: auth.isAuthenticated,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) slipStore.setFormat(data.odds_format);
  }, [data]);
  return (format: OddsFormat) => {
    slipStore.setFormat(format);
    if (!auth.isAuthenticated) return;
    queryClient.setQueryData(key, { odds_format: format });
    // A preference: if saving fails the choice still holds in this browser.
    request('/customer/sportsbook/preferences', { json: { odds_format: format } }).catch(() => {});
  };
}
