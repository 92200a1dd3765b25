import type { Customer } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import {
  delayAfterClose,
  isWalletPush,
  mergeWalletPush,
  RECONNECT_DELAY_MAX_MS,
  RESTART_RECONNECT_SPREAD_MS,
  reconnectDelay,
} from './wallet-socket.ts';

const me: Customer = {
  id: 1,
  name: 'Demo',
  username: 'demo',
  email: 'demo@example.com',
  phone: null,
  status: 'active',
  currency_id: 1,
  currency: { id: 1, code: 'EUR', name: 'Euro', prefix: '€', scale: 2 },
  wallet_default: {
    balance: 10,
    bounas_balance: 2,
    symbol: '€',
    balance_exact: '10.00',
    bounas_balance_exact: '2.00',
  },
  withdrawable_amount: 10,
  kyc: null,
  created_at: '2025-01-01T00:00:00Z',
};

describe('wallet push', () => {
  it('recognises wallet messages only', () => {
    expect(isWalletPush({ type: 'wallet', data: {} })).toBe(true);
    expect(isWalletPush({ type: 'other', data: {} })).toBe(false);
    expect(isWalletPush(null)).toBe(false);
  });

  it('merges balances and keeps the rest of the profile', () => {
    const next = mergeWalletPush(me, {
      type: 'wallet',
      data: { wallet_default: { balance: 25.5, balance_exact: '25.50' }, withdrawable_amount: 0 },
    });
    expect(next.wallet_default.balance).toBe(25.5);
    expect(next.wallet_default.bounas_balance).toBe(2);
    expect(next.withdrawable_amount).toBe(0);
    expect(next.username).toBe('demo');
  });
});

describe('reconnectDelay', () => {
  it('grows and is capped', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(30, () => 1)).toBe(RECONNECT_DELAY_MAX_MS);
  });
});

describe('reconnecting after a close', () => {
  it('comes back at once, spread, when the server restarts (1012), however often it failed before', () => {
    for (const attempt of [0, 3, 10]) {
      expect(delayAfterClose(1012, attempt, () => 0)).toBe(0);
      expect(delayAfterClose(1012, attempt, () => 1)).toBe(RESTART_RECONNECT_SPREAD_MS);
    }
  });

  it('backs off on any other close', () => {
    expect(delayAfterClose(1006, 3, () => 0)).toBe(reconnectDelay(3, () => 0));
    expect(delayAfterClose(1001, 0, () => 1)).toBe(reconnectDelay(0, () => 1));
    expect(delayAfterClose(1006, 3, () => 0)).toBeGreaterThan(RESTART_RECONNECT_SPREAD_MS);
  });
});
