import type { SbBet, SbBuilderQuote } from '@casino/contracts/sportsbook';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, request } from '../../lib/api-client.ts';
import type { NamedLeg } from './lib/market-names.ts';

type Envelope<T> = { status: number; message: string; data: T };

/** Sports and market types the book's bet builder combines (sportsbook.builder.ts). */
export const BUILDER_SPORTS = ['cricket', 'football'];
export const BUILDER_MARKETS = [
  'match_winner',
  'totals',
  'btts',
  'innings_runs',
  'top_batsman',
  'next_over_runs',
];

/** A pick of a bet builder: one selection of the event the builder is open on. */
export type BuilderPick = NamedLeg & {
  selection_id: string;
  market_id: string;
  market_name: string;
  selection_name: string;
  odds_milli: number;
};

/** The bet builder's picks, for one event at a time (opening another event starts afresh). */
let state: { event_id: string | null; picks: BuilderPick[] } = { event_id: null, picks: [] };
const listeners = new Set<() => void>();
const set = (next: typeof state) => {
  state = next;
  for (const l of listeners) l();
};

export const builderStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(event_id: string, pick: BuilderPick) {
    const picks = state.event_id === event_id ? state.picks : [];
    const exists = picks.some((p) => p.selection_id === pick.selection_id);
    set({
      event_id,
      picks: exists
        ? picks.filter((p) => p.selection_id !== pick.selection_id)
        : [...picks, pick].slice(0, 12),
    });
  },
  clear() {
    set({ event_id: null, picks: [] });
  },
};

export function useBuilder(event_id: string) {
  const s = useSyncExternalStore(builderStore.subscribe, builderStore.get, builderStore.get);
  return s.event_id === event_id ? s.picks : [];
}

/**
 * The joint price of the picks, asked again when they change and every few seconds (prices
 * move in play). A refusal comes back as its reason, not an error.
 */
export function useBuilderQuote(event_id: string, picks: BuilderPick[]) {
  const ids = picks.map((p) => p.selection_id);
  return useQuery({
    queryKey: ['sports', 'builder', event_id, ids],
    queryFn: async (): Promise<
      { ok: true; quote: SbBuilderQuote } | { ok: false; code: string; message: string }
    > => {
      try {
        const r = (await request('/sports/builder/quote', {
          json: { event_id, selections: ids },
        })) as Envelope<SbBuilderQuote>;
        return { ok: true, quote: r.data };
      } catch (error) {
        if (error instanceof ApiError && error.status < 500)
          return { ok: false, code: error.code ?? 'REFUSED', message: error.message };
        throw error;
      }
    },
    enabled: ids.length >= 2,
    refetchInterval: 5_000,
    placeholderData: (previous) => previous,
  });
}

export async function placeBuilder(body: {
  selections: { selection_id: string; odds: string }[];
  builder_odds: string;
  stake: string;
  accept_odds: 'none' | 'higher' | 'any';
}): Promise<SbBet> {
  return (
    (await request('/customer/sportsbook/bets', {
      json: { kind: 'builder', idempotency_key: crypto.randomUUID(), ...body },
    })) as Envelope<SbBet>
  ).data;
}
