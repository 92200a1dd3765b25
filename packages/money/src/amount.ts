import { assertAmountMinor, assertScale, powerOfTen, splitDecimal } from './decimal.ts';
import { MoneyError } from './errors.ts';
import { AMOUNT_INTEGER_DIGITS_MAX, AMOUNT_TEXT_LENGTH_MAX } from './limits.ts';
import { assertRounding, divideRounded, type Rounding } from './rounding.ts';

export type ParseAmountOptions = {
  /** Accept a leading "-". Off by default: player-entered amounts are never negative. */
  readonly allow_negative?: boolean;
  /**
   * The largest magnitude accepted, in minor units: what the caller can store (a ledger's bigint
   * columns), so an absurd amount is an input error rather than an overflow further in.
   */
  readonly max_minor?: bigint;
};

/**
 * Parses an exact decimal string in major units ('12', '12.5', '0.001') into minor units of
 * the given scale. Trailing fraction zeros beyond the scale are accepted because they change
 * nothing ('1234.500' at scale 2 is 123450n); any other digit beyond the scale is an error,
 * never a silent rounding. Leading zeros are accepted ('007.5').
 *
 * Errors by precedence: INVALID_SCALE, INVALID_AMOUNT (not a string, empty, longer than
 * AMOUNT_TEXT_LENGTH_MAX, or outside the grammar), NEGATIVE_AMOUNT, AMOUNT_TOO_LARGE (more
 * integer digits than AMOUNT_INTEGER_DIGITS_MAX), TOO_MANY_DECIMALS, AMOUNT_TOO_LARGE (above
 * `max_minor`).
 */
export function parseAmount(
  input: string,
  scale: number,
  options: ParseAmountOptions = {},
): bigint {
  assertScale(scale);
  if (typeof input !== 'string' || input.length === 0 || input.length > AMOUNT_TEXT_LENGTH_MAX) {
    throw new MoneyError(
      'INVALID_AMOUNT',
      `amount must be a decimal string of 1 to ${AMOUNT_TEXT_LENGTH_MAX} characters`,
    );
  }
  const parts = splitDecimal(input);
  if (parts === null) {
    throw new MoneyError('INVALID_AMOUNT', 'amount must be digits with an optional "." part');
  }
  if (parts.negative && options.allow_negative !== true) {
    throw new MoneyError('NEGATIVE_AMOUNT', 'amount must not be negative');
  }
  if (parts.integer_digits.length > AMOUNT_INTEGER_DIGITS_MAX) {
    throw new MoneyError(
      'AMOUNT_TOO_LARGE',
      `amount must have at most ${AMOUNT_INTEGER_DIGITS_MAX} integer digits`,
    );
  }
  if (parts.fraction_digits.length > scale) {
    throw new MoneyError('TOO_MANY_DECIMALS', `amount must have at most ${scale} decimals`);
  }
  const digits = parts.integer_digits + parts.fraction_digits.padEnd(scale, '0');
  const magnitude = digits === '' ? 0n : BigInt(digits);
  if (options.max_minor !== undefined && magnitude > options.max_minor) {
    throw new MoneyError(
      'AMOUNT_TOO_LARGE',
      `amount must be at most ${formatAmount(options.max_minor, scale)}`,
    );
  }
  return parts.negative ? -magnitude : magnitude;
}

export type FormatAmountOptions = {
  /** Decimals to show, 0..SCALE_MAX; defaults to the scale, which is exact. */
  readonly decimals?: number;
  /** Required when `decimals` is below the scale, because then the value may be rounded. */
  readonly rounding?: Rounding;
};

/**
 * Formats minor units as a decimal string in major units: '-1234.50'. With the default
 * decimals the string is exact and is the canonical form `parseAmount` reads back. More
 * decimals than the scale pad with zeros; fewer round by the given rule, and omitting the
 * rule then throws INVALID_ROUNDING even if this particular value would not need rounding,
 * so the behaviour never depends on the amount. Zero is never shown as "-0".
 */
export function formatAmount(
  amount_minor: bigint,
  scale: number,
  options: FormatAmountOptions = {},
): string {
  assertAmountMinor(amount_minor);
  assertScale(scale);
  const decimals = options.decimals ?? scale;
  assertScale(decimals);

  let magnitude = amount_minor < 0n ? -amount_minor : amount_minor;
  if (decimals < scale) {
    assertRounding(options.rounding);
    // Rounding the magnitude toward zero is rounding the signed value toward zero.
    magnitude = divideRounded(magnitude, powerOfTen(scale - decimals), options.rounding);
  } else {
    magnitude *= powerOfTen(decimals - scale);
  }

  const sign = amount_minor < 0n && magnitude !== 0n ? '-' : '';
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  const split_at = digits.length - decimals;
  return `${sign}${digits.slice(0, split_at)}.${digits.slice(split_at)}`;
}
