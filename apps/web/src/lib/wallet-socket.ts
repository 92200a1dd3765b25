import type { Customer } from '@casino/contracts/customer';
import { WS_CLOSE_SERVICE_RESTART } from '@casino/contracts/socket';
import { useEffect } from 'react';
import { meQueryKey } from './api/get-me.ts';
import { API_BASE } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { rootStore, storeMe } from './root-store.ts';

export type WalletPush = {
  type: 'wallet';
  data: {
    wallet_default?: Partial<Customer['wallet_default']>;
    withdrawable_amount?: number;
  };
};

export function isWalletPush(message: unknown): message is WalletPush {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; data?: unknown };
  return m.type === 'wallet' && typeof m.data === 'object' && m.data !== null;
}

/** Folds a balance push into the cached profile; pushes are advisory. */
export function mergeWalletPush(me: Customer, push: WalletPush): Customer {
  return {
    ...me,
    wallet_default: { ...me.wallet_default, ...push.data.wallet_default },
    withdrawable_amount:
      typeof push.data.withdrawable_amount === 'number'
        ? push.data.withdrawable_amount
        : me.withdrawable_amount,
  };
}

export const RECONNECT_DELAY_MIN_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 30_000;

/** Exponential backoff with "equal jitter": half fixed, half random. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A restarting server's sockets all close at once: each client comes back within this, spread. */
export const RESTART_RECONNECT_SPREAD_MS = 500;

/**
 * How long to wait before reconnecting after a close. A server restarting (1012, a rolling
 * restart) means another instance is up: come back at once, spread over a moment so the sockets
 * don't all land in the same millisecond, without backing off. Anything else backs off.
 */
export function delayAfterClose(
  code: number,
  attempt: number,
  random: () => number = Math.random,
): number {
  if (code === WS_CLOSE_SERVICE_RESTART) return Math.round(random() * RESTART_RECONNECT_SPREAD_MS);
  return reconnectDelay(attempt, random);
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${API_BASE}/ws`;
}

/** Keeps one authenticated socket open while `token` is set. */
export function useWalletSocket(token: string | null) {
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(socketUrl());
      socket.addEventListener('open', () => {
        socket?.send(JSON.stringify({ type: 'auth', token }));
        // Anything pushed while we were away is lost: re-read the truth.
        if (attempt > 0) void queryClient.invalidateQueries({ queryKey: meQueryKey(token) });
        attempt = 0;
      });
      socket.addEventListener('message', (event) => {
        let message: unknown;
        try {
          message = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (!isWalletPush(message)) return;
        const key = meQueryKey(token);
        const current = queryClient.getQueryData<Customer>(key);
        if (!current) {
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        const next = mergeWalletPush(current, message);
        queryClient.setQueryData(key, next);
        if (rootStore.get().auth.authUserToken === token) storeMe(next);
      });
      socket.addEventListener('close', (event) => {
        if (stopped) return;
        timer = setTimeout(connect, delayAfterClose(event.code, attempt));
        // A restart is not a failure: the backoff stays where it was; the open re-reads the truth.
        attempt = event.code === WS_CLOSE_SERVICE_RESTART ? Math.max(attempt, 1) : attempt + 1;
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token]);
}
