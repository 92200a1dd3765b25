import type { Payment } from '@casino/contracts';
import type { CryptoWithdrawal } from './api.ts';

/** One line of the desk, whichever rail the money goes by. */
export type DeskRow = {
  id: string;
  rail: 'fiat' | 'crypto';
  direction: 'deposit' | 'withdrawal';
  status: string;
  amount: string;
  fee: string | null;
  currency: string;
  method: string;
  player_id: string;
  reference: string | null;
  approvals: number;
  created_at: string;
};

export const fromPayment = (payment: Payment): DeskRow => ({
  id: payment.id,
  rail: 'fiat',
  direction: payment.direction,
  status: payment.status,
  amount: payment.amount,
  fee: payment.fee,
  currency: payment.currency,
  method: payment.payment_mode ? payment.payment_mode.toUpperCase() : payment.gateway.name,
  player_id: payment.player_id,
  reference: payment.utr ?? payment.provider_reference,
  approvals: payment.approvals,
  created_at: payment.created_at,
});

export const fromCrypto = (withdrawal: CryptoWithdrawal): DeskRow => ({
  id: withdrawal.tracking_id,
  rail: 'crypto',
  direction: 'withdrawal',
  status: withdrawal.status,
  amount: withdrawal.amount,
  fee: null,
  currency: withdrawal.currency,
  method: `${withdrawal.coin} · ${withdrawal.network}`,
  player_id: withdrawal.player_id,
  reference: withdrawal.tx_hash,
  approvals: withdrawal.status === 'pending' ? 0 : 1,
  created_at: withdrawal.created_at,
});

/**
 * The crypto list has no server-side filters but status (and at most 200 rows): the rest is
 * applied here so the desk's filters mean the same on both rails.
 */
export function filterCrypto(
  rows: CryptoWithdrawal[],
  filter: { statuses: string[]; currency: string; q: string; from: string; to: string },
): CryptoWithdrawal[] {
  const q = filter.q.trim().toLowerCase();
  const from = filter.from ? Date.parse(`${filter.from}T00:00:00Z`) : null;
  const to = filter.to ? Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000 : null;
  return rows.filter((row) => {
    if (filter.statuses.length > 0 && !filter.statuses.includes(row.status)) return false;
    if (filter.currency && row.currency !== filter.currency && row.coin !== filter.currency)
      return false;
    const at = Date.parse(row.created_at);
    if (from !== null && at < from) return false;
    if (to !== null && at >= to) return false;
    if (!q) return true;
    return [row.tracking_id, row.player_id, row.address, row.tx_hash ?? ''].some((value) =>
      value.toLowerCase().includes(q),
    );
  });
}
