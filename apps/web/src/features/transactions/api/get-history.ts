import { cryptoDeposit } from '@casino/contracts/crypto';
import { envelope } from '@casino/contracts/envelope';
import { paymentsPage } from '@casino/contracts/payments';
import { playerBonus } from '@casino/contracts/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export const PAYMENTS_PER_PAGE = 20;

export type PaymentFilters = {
  direction: 'deposit' | 'withdrawal';
  page: number;
  /** One payment status, or '' for all. */
  status: string;
};

/** The player's own deposits or withdrawals (`GET /customer/payments`), newest first. */
export function usePaymentHistory(filters: PaymentFilters) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['payments', auth.authUserToken, 'history', filters],
    queryFn: async () =>
      parseResponse(
        envelope(paymentsPage),
        await request('/customer/payments', {
          query: {
            direction: filters.direction,
            page: filters.page,
            per_page: PAYMENTS_PER_PAGE,
            status: filters.status || undefined,
          },
        }),
        'payments',
      ).data,
    enabled: auth.isAuthenticated,
    placeholderData: keepPreviousData,
  });
}

/** The player's bonuses with their wagering progress (`GET /customer/bonuses`). */
export function useBonusHistory(lang: string) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['bonuses', auth.authUserToken, lang],
    queryFn: async () =>
      parseResponse(
        envelope(z.array(playerBonus)),
        await request('/customer/bonuses', { query: { lang } }),
        'bonuses',
      ).data,
    enabled: auth.isAuthenticated,
  });
}

/** A crypto withdrawal as the player's list answers it. */
export const cryptoWithdrawalRow = z.object({
  tracking_id: z.string(),
  status: z.enum(['pending', 'approved', 'paid', 'rejected', 'cancelled']),
  amount: z.string(),
  currency: z.string(),
  coin: z.string(),
  network: z.string(),
  pay_amount: z.string(),
  tx_hash: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

/**
 * The player's latest crypto deposits or withdrawals (the crypto module's own lists, newest
 * first, not paged): shown under the fiat list of the same tab.
 */
export function useCryptoHistory(direction: 'deposit' | 'withdrawal') {
  const auth = useAuth();
  return useQuery({
    queryKey: ['crypto-history', auth.authUserToken, direction],
    queryFn: async () => {
      if (direction === 'deposit') {
        const rows = parseResponse(
          envelope(z.array(cryptoDeposit)),
          await request('/customer/crypto/deposits'),
          'crypto deposits',
        ).data;
        return rows.map((row) => ({
          id: row.tracking_id,
          status: row.status as string,
          amount: row.amount,
          currency: row.currency,
          method: `${row.payment_response.coin} · ${row.payment_response.network}`,
          detail: `${row.payment_response.pay_amount} ${row.payment_response.coin}`,
          reference: row.tracking_id,
          reason: null as string | null,
          at: (row.created_at ?? null) as string | null,
        }));
      }
      const rows = parseResponse(
        envelope(z.array(cryptoWithdrawalRow)),
        await request('/customer/crypto/withdrawals'),
        'crypto withdrawals',
      ).data;
      return rows.map((row) => ({
        id: row.tracking_id,
        status: row.status as string,
        amount: row.amount,
        currency: row.currency,
        method: `${row.coin} · ${row.network}`,
        detail: `${row.pay_amount} ${row.coin}`,
        reference: row.tx_hash ?? row.tracking_id,
        reason: row.reason,
        at: row.created_at as string | null,
      }));
    },
    enabled: auth.isAuthenticated,
  });
}
