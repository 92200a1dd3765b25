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
