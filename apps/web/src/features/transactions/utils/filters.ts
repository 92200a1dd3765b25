import {
  BET_PRODUCTS,
  type BetProduct,
  TRANSACTION_TYPES,
  type TransactionFilters,
  type TransactionType,
} from '../api/get-transactions.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads filters from the URL, dropping anything malformed. */
export function parseFilters(params: URLSearchParams): TransactionFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const type = params.get('type') ?? '';
  const product = params.get('product') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : '',
    product: (BET_PRODUCTS as readonly string[]).includes(product) ? (product as BetProduct) : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
  };
}

export function filtersToParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.type) params.set('type', filters.type);
  if (filters.product) params.set('product', filters.product);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Today as YYYY-MM-DD (UTC, the days the API filters by). */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** `transactions-<from>-<to>.csv`; an open bound is named by what the server takes for it. */
export function exportFileName(from: string, to: string, now = new Date()): string {
  const end = to || utcDay(now);
  let start = from;
  if (!start) {
    const year = new Date(`${end}T00:00:00Z`);
    year.setUTCFullYear(year.getUTCFullYear() - 1);
    start = utcDay(year);
  }
  return `transactions-${start}-${end}.csv`;
}
