import { envelope } from '@casino/contracts/envelope';
import { BET_PRODUCTS, type BetProduct } from '@casino/contracts/wallet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, ApiError, parseResponse, request } from '../../../lib/api-client.ts';
import { rootStore, useAuth } from '../../../lib/root-store.ts';

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

export { BET_PRODUCTS, type BetProduct };

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
  /** The game or event a bet's movement belongs to; href null when it has no page of its own. */
  bet: z
    .object({ name: z.string(), product: z.string(), href: z.string().nullable() })
    .nullable()
    .optional(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsResponse = envelope(
  z.object({
    items: z.array(transaction),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    /** Completed deposits and withdrawals over the chosen dates, whatever the type filter. */
    period: z
      .object({
        currency: z.string().nullable(),
        deposits_exact: z.string(),
        withdrawals_exact: z.string(),
        net_deposits_exact: z.string(),
      })
      .optional(),
  }),
);

export type TransactionFilters = {
  page: number;
  type: TransactionType | '';
  /** One product's bets only (the Bets tab); '' for every movement. */
  product: BetProduct | '';
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
      product: filters.product,
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

/**
 * The CSV of the filtered movements (every page). Fetched with the token rather than opened
 * as a link: the API takes the token only in the Authorization header.
 */
export async function exportTransactions(filters: Omit<TransactionFilters, 'page'>) {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.product) params.set('product', filters.product);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const token = rootStore.get().auth.authUserToken;
  const search = params.toString();
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}/customer/transections/export${search ? `?${search}` : ''}`,
      {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      },
    );
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof body?.message === 'string' && body.message
        ? body.message
        : `Request failed (${response.status})`,
    );
  }
  return response.blob();
}
