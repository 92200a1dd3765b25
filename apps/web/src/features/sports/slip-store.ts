import type { SbMarket } from '@casino/contracts/sportsbook';
import { useSyncExternalStore } from 'react';
import type { NamedLeg } from './lib/market-names.ts';
import type { OddsFormat } from './lib/odds-format.ts';

/** A selection on the slip; its market's key, type and line name it in the player's language. */
export type SlipItem = NamedLeg & {
  selection_id: string;
  event_id: string;
  event_name: string;
  market_id: string;
  market_name: string;
  selection_name: string;
  /** The price the player saw when adding (or last accepted). */
  odds_milli: number;
  /** The price now offered; null = suspended or no price. */
  current_milli: number | null;
  live: boolean;
  /** For the in-play delay's countdown (each sport has its own). */
  sport_id?: string;
};

export type SlipState = {
  items: SlipItem[];
  format: OddsFormat;
  acceptOdds: 'none' | 'higher' | 'any';
};

const KEY = 'sports-slip';
const MAX_ITEMS = 20;

function load(): SlipState {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SlipState> | null;
    if (raw && Array.isArray(raw.items)) {
      return {
        items: raw.items.slice(0, MAX_ITEMS),
        format: raw.format ?? 'decimal',
        acceptOdds: raw.acceptOdds ?? 'higher',
      };
    }
  } catch {
    // A broken stored slip starts empty.
  }
  return { items: [], format: 'decimal', acceptOdds: 'higher' };
}

let state: SlipState =
  typeof localStorage === 'undefined'
    ? { items: [], format: 'decimal', acceptOdds: 'higher' }
    : load();
const listeners = new Set<() => void>();

function set(next: SlipState) {
  state = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Preference only.
  }
  for (const listener of listeners) listener();
}

export const slipStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(item: SlipItem) {
    const exists = state.items.some((i) => i.selection_id === item.selection_id);
    if (exists)
      set({ ...state, items: state.items.filter((i) => i.selection_id !== item.selection_id) });
    else if (state.items.length < MAX_ITEMS) set({ ...state, items: [...state.items, item] });
  },
  remove(selection_id: string) {
    set({ ...state, items: state.items.filter((i) => i.selection_id !== selection_id) });
  },
  clear() {
    set({ ...state, items: [] });
  },
  setFormat(format: OddsFormat) {
    set({ ...state, format });
  },
  setAcceptOdds(acceptOdds: SlipState['acceptOdds']) {
    set({ ...state, acceptOdds });
  },
  /** Takes the current prices as the player's (after "accept changes"). */
  acceptChanges() {
    set({
      ...state,
      items: state.items.map((i) =>
        i.current_milli === null ? i : { ...i, odds_milli: i.current_milli },
      ),
    });
  },
  /** A pushed market: updates the current price of the slip's selections in it. */
  applyMarket(market: SbMarket) {
    if (!state.items.some((i) => i.market_id === market.id)) return;
    set({
      ...state,
      items: state.items.map((i) => {
        if (i.market_id !== market.id) return i;
        const s = market.selections.find((x) => x.id === i.selection_id);
        const open = market.status === 'open' && s?.active && s.odds_milli !== null;
        return { ...i, current_milli: open ? s!.odds_milli : null };
      }),
    });
  },
};

export function useSlip(): SlipState {
  return useSyncExternalStore(slipStore.subscribe, slipStore.get, slipStore.get);
}
