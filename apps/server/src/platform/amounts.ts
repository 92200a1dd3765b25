import { type ParseAmountOptions, parseAmount } from '@casino/money';

/**
 * The largest amount, in minor units, that one ledger transfer moves (10^13 EUR at scale 2) and
 * so the largest any amount the server reads may name. Every amount column is a PostgreSQL
 * bigint (decision 0100); with this bound no input can overflow one, and a sum of a few thousand
 * such amounts still fits.
 */
export const AMOUNT_MINOR_MAX = 10n ** 15n;

/**
 * `parseAmount` for anything a request carries (a stake, a limit, a threshold): an amount above
 * AMOUNT_MINOR_MAX is the caller's input error (`AMOUNT_TOO_LARGE`), never an overflow further in.
 */
export function parseAmountInput(
  text: string,
  scale: number,
  options: Omit<ParseAmountOptions, 'max_minor'> = {},
): bigint {
  return parseAmount(text, scale, { ...options, max_minor: AMOUNT_MINOR_MAX });
}
