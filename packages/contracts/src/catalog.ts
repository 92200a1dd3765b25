import { z } from 'zod';

export const bank = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const paymentGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  /** IB (internet banking), BT (bank transfer), CRYPTO, MOMO (mobile money), QRIS. */
  uniquename: z.string(),
  /** Percent, e.g. 2.5 means 2.5 %. */
  fee: z.number(),
});

/** Spec §3 Currency: `is_crypto` is the string "FALSE" for fiat, "TRUE" for crypto. */
export const currency = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  prefix: z.string(),
  icon: z.string(),
  scale: z.number().int(),
  is_crypto: z.enum(['TRUE', 'FALSE']),
  roe: z.object({ rate: z.number() }).nullable(),
  banks: z.array(bank),
  payment_gateways: z.array(paymentGateway),
});
export type Currency = z.infer<typeof currency>;

/** A game provider as a menu entry (spec: "Game menu entry: provider id and name"). */
export const gameProvider = z.object({ id: z.number().int(), name: z.string() });

/** Operator settings a player's browser may read. */
export const publicSettings = z.object({
  brand_name: z.string(),
  logo_url: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  licence_text: z.string(),
  company_text: z.string(),
  support_number: z.string(),
  languages: z.array(z.string()),
});
export type PublicSettings = z.infer<typeof publicSettings>;
