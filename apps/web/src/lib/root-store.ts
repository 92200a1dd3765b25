import type { Customer } from '@casino/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The persisted state of spec §3: localStorage key `root`, holding `auth` and
 * `additionalMenus`. Stored in the redux-persist layout (each slice JSON-encoded
 * inside the outer object, plus `_persist`) so a browser that already holds a
 * `root` written by the earlier client rehydrates unchanged.
 */
export const ROOT_STORAGE_KEY = 'root';

export type LoginResponse = {
  status: number;
  message: string;
  data: string;
  customer: Customer;
};

export type AuthState = {
  authUser: LoginResponse | null;
  authUserToken: string | null;
  authUserCustomerData: Customer | null;
  isAuthenticated: boolean;
  authUserCustomerMe: Customer | null;
};

export type ProviderMenu = { id: number; name: string };

export type RootState = {
  auth: AuthState;
  additionalMenus: ProviderMenu[];
};

export const EMPTY_AUTH: AuthState = {
  authUser: null,
  authUserToken: null,
  authUserCustomerData: null,
  isAuthenticated: false,
  authUserCustomerMe: null,
};

export const INITIAL_ROOT_STATE: RootState = { auth: EMPTY_AUTH, additionalMenus: [] };

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function parseSlice(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Reads `root`, accepting both the redux-persist layout and plain JSON. */
export function decodeRootState(raw: string | null): RootState {
  if (!raw) return INITIAL_ROOT_STATE;
  let outer: unknown;
  try {
    outer = JSON.parse(raw);
  } catch {
    return INITIAL_ROOT_STATE;
  }
  if (typeof outer !== 'object' || outer === null) return INITIAL_ROOT_STATE;
  const record = outer as Record<string, unknown>;
  const auth = parseSlice(record.auth);
  const menus = parseSlice(record.additionalMenus);
  const authObject =
    typeof auth === 'object' && auth !== null ? (auth as Partial<AuthState>) : undefined;
  return {
    auth: { ...EMPTY_AUTH, ...authObject },
    additionalMenus: Array.isArray(menus)
      ? menus.filter(
          (m): m is ProviderMenu =>
            typeof m === 'object' &&
            m !== null &&
            typeof (m as ProviderMenu).id === 'number' &&
            typeof (m as ProviderMenu).name === 'string',
        )
      : [],
  };
}

export function encodeRootState(state: RootState): string {
  return JSON.stringify({
    auth: JSON.stringify(state.auth),
    additionalMenus: JSON.stringify(state.additionalMenus),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });
}

export function createRootStore(storage: KeyValueStorage | undefined) {
  let state = decodeRootState(storage?.getItem(ROOT_STORAGE_KEY) ?? null);
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(change: (previous: RootState) => RootState) {
      state = change(state);
      try {
        storage?.setItem(ROOT_STORAGE_KEY, encodeRootState(state));
      } catch (error) {
        // Private mode or a full quota: keep working in memory.
        console.error('Could not persist state', error);
      }
      for (const listener of listeners) listener();
    },
  };
}

const storage = typeof window === 'undefined' ? undefined : window.localStorage;
export const rootStore = createRootStore(storage);

export function useRootState<T>(select: (state: RootState) => T): T {
  return useSyncExternalStore(rootStore.subscribe, () => select(rootStore.get()));
}

export const useAuth = () => useRootState((s) => s.auth);

/** Login success (spec §4): token, customer, and authenticated iff status is 200. */
export function storeLogin(response: LoginResponse) {
  rootStore.update((s) => ({
    ...s,
    auth: {
      authUser: response,
      authUserToken: response.data,
      authUserCustomerData: response.customer,
      isAuthenticated: response.status === 200,
      authUserCustomerMe: null,
    },
  }));
}

export function storeMe(me: Customer | null) {
  rootStore.update((s) => ({ ...s, auth: { ...s.auth, authUserCustomerMe: me } }));
}

export function clearAuth() {
  rootStore.update((s) => ({ ...s, auth: EMPTY_AUTH }));
}

export function storeAdditionalMenus(menus: ProviderMenu[]) {
  rootStore.update((s) => ({ ...s, additionalMenus: menus }));
}
