import { envelope } from '@casino/contracts/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/root-store.ts';

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'bonus',
  'adjustment',
  'refund',
  'commission',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTIONS_PER_PAGE = 20;

export const transaction = z.object({
  id: z.union([z.number(), z.string()]),
  created_at: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  amount_exact: z.string(),
  balance_after: z.number().nullable(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(['completed', 'pending', 'voided']),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsResponse = envelope(
  z.object({
    items: z.array(transaction),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
);

export type TransactionFilters = {
  page: number;
  type: TransactionType | '';
  /** Inclusive calendar days, YYYY-MM-DD. */
  from: string;
  to: string;
};

/** The spelling `transections` is the published path (spec §7). */
export async function getTransactions(filters: TransactionFilters) {
  const payload = await request('/customer/transections', {
    query: {
      page: filters.page,
      per_page: TRANSACTIONS_PER_PAGE,
      type: filters.type,
      from: filters.from,
      to: filters.to,
    },
  });
  return parseResponse(transactionsResponse, payload, 'transactions').data;
}

export function useTransactions(filters: TransactionFilters) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['transactions', auth.authUserToken, filters],
    queryFn: () => getTransactions(filters),
    enabled: auth.isAuthenticated,
    placeholderData: keepPreviousData,
  });
}
