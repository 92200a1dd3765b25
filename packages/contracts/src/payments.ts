import { z } from 'zod';

/**
 * Fiat and INR payments (spec §3, §7): the wallet's deposit and withdraw forms, and the
 * payment records the player's transactions page and the payments desk show. Amounts are
 * exact decimal strings (never floats).
 */
const text = (max: number) => z.string().max(max);

/** Spec §3 fiat deposit form (multipart, as the wallet sends it); `payment_mode` for INR. */
export const depositRequest = z.object({
  amount: text(64).optional(),
  currency: text(16).optional(),
  payment_gateway: text(16).optional(),
  redirect_url: text(500).optional(),
  bank_name: text(200).optional(),
  acc_name: text(200).optional(),
  acc_number: text(64).optional(),
  network: text(10).optional(),
  coupon: text(64).optional(),
  payment_mode: text(16).optional(),
});
export type DepositRequest = z.infer<typeof depositRequest>;

/** Spec §3 fiat withdraw form, and the INR flow's fields. */
export const withdrawRequest = z.object({
  amount: text(64).optional(),
  currency: text(16).optional(),
  payment_gateway: text(16).optional(),
  bank_name: text(200).optional(),
  acc_name: text(200).optional(),
  acc_number: text(64).optional(),
  payment_mode: text(16).optional(),
  account_holder_name: text(200).optional(),
  account_number: text(64).optional(),
  ifsc_code: text(32).optional(),
  upi_id: text(300).optional(),
  /** A fresh two-factor code: needed for a payout account never used before (decision 0142). */
  two_factor_code: text(32).optional(),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export const PAYMENT_STATUSES = [
  'pending',
  'crediting',
  'credited',
  'declined',
  'abandoned',
  'expired',
  'approved',
  'paid',
  'rejected',
  'cancelled',
] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const payment = z.object({
  id: z.string(),
  direction: z.enum(['deposit', 'withdrawal']),
  status: paymentStatus,
  amount: z.string(),
  fee: z.string(),
  fee_percent: z.number(),
  /** What reaches the wallet (deposit) or the bank (withdrawal): amount − fee. */
  net_amount: z.string(),
  currency: z.string(),
  gateway: z.object({ id: z.number().int(), name: z.string(), uniquename: z.string() }),
  payment_mode: z.enum(['upi', 'netbanking']).nullable(),
  coupon: z.string().nullable(),
  /** The form's extra fields; account numbers and UPI ids masked. */
  details: z.record(z.string(), z.string()),
  provider: z.string(),
  provider_reference: z.string().nullable(),
  /** The bank's reference (UPI / IMPS UTR). */
  utr: z.string().nullable(),
  /** Why staff rejected a withdrawal. */
  reason: z.string().nullable(),
  /** Staff approvals given so far (two above the four-eyes threshold). */
  approvals: z.number().int(),
  player_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;

/** `data` of a fiat deposit: the payment, and the page the player is sent to (spec §7). */
export const depositCreated = payment.extend({
  payment_response: z.object({ payment: z.object({ url: z.string() }) }),
});
export type DepositCreated = z.infer<typeof depositCreated>;

/** The INR flow's answer also carries `res_data.transactions.payment_options_url` (spec §7). */
export const inrDepositCreated = z.object({
  status: z.number().int(),
  message: z.string(),
  data: depositCreated,
  res_data: z.object({
    transactions: z.object({ id: z.string(), payment_options_url: z.string() }),
  }),
});

export const paymentsQuery = z.object({
  direction: z.enum(['deposit', 'withdrawal']).default('deposit'),
  status: paymentStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const paymentsPage = z.object({
  items: z.array(payment),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PaymentsPage = z.infer<typeof paymentsPage>;

/** A gateway as the wallet lists it for the player's currency, with its fee (spec §3). */
export const gatewayOption = z.object({
  id: z.number().int(),
  name: z.string(),
  uniquename: z.string(),
  fee: z.number(),
});
