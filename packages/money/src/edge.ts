import { formatAmount } from './amount.ts';
import { MoneyError } from './errors.ts';

/**
 * Functions for the API edge only, where the spec's clients send and expect JSON numbers.
 * Nothing here may feed back into money arithmetic.
 */

/**
 * The amount as a JS number, for JSON fields the spec's clients read as numbers (balance,
 * withdrawable_amount). A double holds about 15 significant digits, so large or fine amounts
 * (ETH in wei) lose precision here: that is why responses also carry the exact string from
 * `formatAmount`. This is the only place the core builds a `number` from money.
 */
export function toDisplayNumber(amount_minor: bigint, scale: number): number {
  return Number(formatAmount(amount_minor, scale));
}

/**
 * The decimal string a client meant by a JSON number, for `parseAmount` and `parseRate`.
 * `String(n)` gives the shortest string that reads back as the same double (0.1 gives '0.1'),
 * but switches to exponent form below 1e-6 and from 1e21, which the strict parser rejects;
 * this expands the exponent by moving the point in the text, without any float arithmetic.
 * NaN and infinities are INVALID_AMOUNT; -0 is '0'.
 */
export function decimalStringFromNumber(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new MoneyError('INVALID_AMOUNT', 'amount must be a finite number');
  }
  if (Object.is(n, -0)) return '0';
  const text = String(n);
  const exponent_at = text.indexOf('e');
  if (exponent_at === -1) return text;

  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(sign.length, exponent_at);
  const exponent = Number.parseInt(text.slice(exponent_at + 1), 10);
  const point_at = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  // Position of the decimal point within `digits` once the exponent is applied.
  const shifted_point = (point_at === -1 ? mantissa.length : point_at) + exponent;
  if (shifted_point <= 0) return `${sign}0.${'0'.repeat(-shifted_point)}${digits}`;
  if (shifted_point >= digits.length) {
    return sign + digits + '0'.repeat(shifted_point - digits.length);
  }
  return `${sign}${digits.slice(0, shifted_point)}.${digits.slice(shifted_point)}`;
}
