import { describe, expect, it } from 'vitest';
import type { CryptoWithdrawal } from './api.ts';
import { filterCrypto } from './desk-rows.ts';

const row = (patch: Partial<CryptoWithdrawal>): CryptoWithdrawal => ({
  tracking_id: 'cw_000000000000000000000001',
  status: 'pending',
  amount: '10.00',
  currency: 'EUR',
  coin: 'BTC',
  network: 'BTC',
  pay_amount: '0.0002',
  address: 'bc1qexample',
  extra_id: null,
  tx_hash: null,
  reason: null,
  created_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
  player_id: '7',
  ...patch,
});

const none = { statuses: [], currency: '', q: '', from: '', to: '' };

describe('filterCrypto (the desk filters on the crypto rail)', () => {
  const rows = [
    row({}),
    row({ tracking_id: 'cw_2', status: 'paid', coin: 'ETH', tx_hash: '0xabc', player_id: '9' }),
    row({ tracking_id: 'cw_3', currency: 'INR', created_at: '2026-11-20T23:59:59.000Z' }),
  ];
  it('keeps everything without filters', () => {
    expect(filterCrypto(rows, none)).toHaveLength(3);
  });
  it('by status list, currency or coin, search and UTC days (inclusive)', () => {
    expect(
      filterCrypto(rows, { ...none, statuses: ['pending'] }).map((r) => r.tracking_id),
    ).toEqual(['cw_000000000000000000000001', 'cw_3']);
    expect(filterCrypto(rows, { ...none, currency: 'ETH' }).map((r) => r.tracking_id)).toEqual([
      'cw_2',
    ]);
    expect(filterCrypto(rows, { ...none, currency: 'INR' })).toHaveLength(1);
    expect(filterCrypto(rows, { ...none, q: '0XABC' }).map((r) => r.tracking_id)).toEqual(['cw_2']);
    expect(filterCrypto(rows, { ...none, from: '2026-11-21' })).toHaveLength(2);
    expect(filterCrypto(rows, { ...none, to: '2026-11-20' }).map((r) => r.tracking_id)).toEqual([
      'cw_3',
    ]);
  });
});
