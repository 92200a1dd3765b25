import { z } from 'zod';

/**
 * Crypto deposits (spec §3, §4, §7). Amounts the player types are decimal strings in their
 * wallet currency; coin amounts are decimal strings in the coin (never floats).
 */
const text = (max: number) => z.string().max(max);

export const cryptoDepositRequest = z.object({
  amount: text(64).optional(),
  converted_amount: text(64).optional(),
  /** The coin's currency id (12 BTC … 19 USDT) or its code. */
  currency: text(16).optional(),
  /** USDT's network: TRC20 (default), ERC20, BEP2 or BEP20. */
  network: text(10).optional(),
});
export type CryptoDepositRequest = z.infer<typeof cryptoDepositRequest>;

export const cryptoDepositStatus = z.enum(['processing', 'deposited', 'expired', 'failed']);

export const cryptoDeposit = z.object({
  tracking_id: z.string(),
  status: cryptoDepositStatus,
  /** A PNG data URL of the payment URI (address and amount). Only in the create answer. */
  qrcode: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
  /** True when the deposit is on the built-in sandbox: nothing real is paid. */
  sandbox: z.boolean(),
  payment_response: z.object({
    payment_id: z.string(),
    pay_currency: z.string(),
    coin: z.string(),
    network: z.string(),
    pay_address: z.string(),
    /** XRP's destination tag; the deposit cannot be matched without it. */
    payin_extra_id: z.string().nullable(),
    pay_amount: z.string(),
    actually_paid: z.string(),
    expiration_estimate_date: z.string(),
  }),
  /** When the invoice was made (the history's date column). */
  created_at: z.string().optional(),
});
export type CryptoDeposit = z.infer<typeof cryptoDeposit>;

export const cryptoPriceEstimate = z.object({
  currency_from: z.string(),
  amount_from: z.string(),
  currency_to: z.string(),
  network: z.string(),
  pay_currency: z.string(),
  estimated_amount: z.string(),
});
export type CryptoPriceEstimate = z.infer<typeof cryptoPriceEstimate>;

export const cryptoSimulation = z.object({
  outcome: z.enum(['paid', 'partial', 'overpaid', 'expired']).default('paid'),
});
