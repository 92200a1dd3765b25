import { MoneyError } from './errors.ts';
import { SCALE_MAX } from './limits.ts';

/**
 * The one decimal grammar of the core: an optional "-", digits, then optionally "." and digits.
 * No "+", no exponent, no grouping, no whitespace, no bare "." at either end.
 */
const DECIMAL_PATTERN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

/** A decimal string split into its significant digits. */
export type DecimalParts = {
  readonly negative: boolean;
  /** Integer digits without leading zeros: '' for a value below one. */
  readonly integer_digits: string;
  /** Fraction digits without trailing zeros: '' for a whole number. */
  readonly fraction_digits: string;
};

/** Splits `text` by the grammar above, or returns null when it does not match. */
export function splitDecimal(text: string): DecimalParts | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) return null;
  return {
    negative: match[1] === '-',
    integer_digits: (match[2] ?? '').replace(/^0+/, ''),
    fraction_digits: (match[3] ?? '').replace(/0+$/, ''),
  };
}

/** 10^exponent as a bigint; exponent is a digit count, never an amount. */
export function powerOfTen(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Throws INVALID_SCALE unless `scale` is an integer in 0..SCALE_MAX. */
export function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > SCALE_MAX) {
    throw new MoneyError('INVALID_SCALE', `scale must be an integer from 0 to ${SCALE_MAX}`);
  }
}

/** Throws INVALID_AMOUNT unless `amount_minor` is a bigint (guards callers from plain JS). */
export function assertAmountMinor(amount_minor: bigint): void {
  if (typeof amount_minor !== 'bigint') {
    throw new MoneyError('INVALID_AMOUNT', 'amount_minor must be a bigint');
  }
}
