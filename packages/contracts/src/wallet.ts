import { z } from 'zod';

/** Movement types a player sees (spec §7); the ledger's reason codes map onto these. */
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
export const transactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionType>;

/** Which product a bet's movement came from (the reference's prefix). */
export const BET_PRODUCTS = ['original', 'crash', 'studio', 'sportsbook'] as const;
export type BetProduct = (typeof BET_PRODUCTS)[number];
export const betProduct = z.enum(BET_PRODUCTS);
/** Narrows a statement to one product's bet movements (stakes, wins, refunds); '' means all. */
const productFilter = z
  .union([z.literal(''), betProduct], {
    error: `product must be one of ${BET_PRODUCTS.join(', ')}`,
  })
  .optional();

/** One export covers at most a year (366 days for a leap year); longer periods take several. */
export const TRANSACTIONS_EXPORT_DAYS_MAX = 366;

export const TRANSACTIONS_PER_PAGE_DEFAULT = 20;
export const TRANSACTIONS_PER_PAGE_MAX = 100;
/** Deep pages cost an offset scan; nobody pages this far by hand. */
export const TRANSACTIONS_PAGE_MAX = 10_000;

/** A calendar day (inclusive, UTC) or an exact ISO timestamp; '' means no bound. */
const dateBound = z.union([
  z.literal(''),
  z.iso.date({ error: 'must be a date (YYYY-MM-DD) or an ISO timestamp' }),
  z.iso.datetime({ offset: true, error: 'must be a date (YYYY-MM-DD) or an ISO timestamp' }),
]);

/** `GET /customer/transections` query (the spelling is the published path). */
export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(TRANSACTIONS_PAGE_MAX).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRANSACTIONS_PER_PAGE_MAX, `per_page must be at most ${TRANSACTIONS_PER_PAGE_MAX}`)
    .default(TRANSACTIONS_PER_PAGE_DEFAULT),
  type: z.union([z.literal(''), transactionType]).optional(),
  product: productFilter,
  from: dateBound.optional(),
  to: dateBound.optional(),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

/**
 * `GET /customer/transections/export`: a CSV of one period (at most a year). `from` defaults to
 * a year before `to`, `to` to now.
 */
export const transactionsExportQuery = z.object({
  type: z.union([z.literal(''), transactionType]).optional(),
  product: productFilter,
  from: dateBound.optional(),
  to: dateBound.optional(),
});
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuery>;

export const transaction = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: transactionType,
  /** Signed, in major units: + money in, − money out. Display only; see amount_exact. */
  amount: z.number(),
  amount_exact: z.string(),
  /** Balance of the wallet after this movement; null while it is only a reservation. */
  balance_after: z.number().nullable(),
  currency: z.string(),
  reference: z.string(),
  status: z.enum(['completed', 'pending', 'voided']),
  /** Which wallet moved. */
  wallet: z.enum(['cash', 'bonus']),
  /**
   * For a bet's movements: the game or event the reference names, and the bet's page when the
   * product has one (null for sportsbook bets, listed on the sports page). Null otherwise.
   */
  bet: z
    .object({
      name: z.string(),
      product: z.enum(BET_PRODUCTS),
      href: z.string().nullable(),
    })
    .nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsPage = z.object({
  items: z.array(transaction),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /**
   * Deposits and withdrawals completed in the chosen period (every type, whatever the type
   * filter), decimal strings in the player's currency: net = deposits − withdrawals.
   */
  period: z.object({
    currency: z.string().nullable(),
    deposits_exact: z.string(),
    withdrawals_exact: z.string(),
    net_deposits_exact: z.string(),
  }),
});
export type TransactionsPage = z.infer<typeof transactionsPage>;

/** The wallet part of the customer object, as pushed over the WebSocket. */
export const walletBalances = z.object({
  wallet_default: z.object({
    balance: z.number(),
    bounas_balance: z.number(),
    symbol: z.string(),
    balance_exact: z.string(),
    bounas_balance_exact: z.string(),
  }),
  withdrawable_amount: z.number(),
});
export type WalletBalances = z.infer<typeof walletBalances>;

/**
 * `GET /api/v1/ws`: the client sends `{type:'auth', token}` first (within 10 s); the
 * server answers `ready`, then a `wallet` message now and on every balance change.
 * Close codes: in `socket.ts`, free of schemas so the player site's first chunk can read them.
 */
export {
  WS_CLOSE_SERVICE_RESTART,
  WS_CLOSE_SERVICE_RESTART_REASON,
  WS_CLOSE_TOO_MANY,
  WS_CLOSE_UNAUTHENTICATED,
} from './socket.ts';
export const socketClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping') }),
]);
export type SocketClientMessage = z.infer<typeof socketClientMessage>;
export const socketServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('wallet'), data: walletBalances }),
]);
export type SocketServerMessage = z.infer<typeof socketServerMessage>;
