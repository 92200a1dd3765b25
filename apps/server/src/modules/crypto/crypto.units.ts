import { decimalStringFromNumber, formatAmount, parseAmount } from '@casino/money';

/**
 * On-chain amounts are integers of the network's base unit (wei has 18 decimals), far past
 * the ledger's 9-decimal cap: they are kept as bigint on the payment's own record and never
 * booked (decision 0401). These helpers move them between text, JSON numbers and bigint.
 */

/** A decimal string or JSON number in coin units → base units, truncated toward zero. */
export function toBaseUnits(value: string | number, base_scale: number): bigint {
  const text = typeof value === 'number' ? decimalStringFromNumber(value) : value;
  const [integer = '', fraction = ''] = text.split('.');
  return parseAmount(
    fraction.length > base_scale ? `${integer}.${fraction.slice(0, base_scale)}` : text,
    base_scale,
  );
}

/** Base units → a plain decimal string without trailing zeros ('0.0012'). */
export function fromBaseUnits(amount_base: bigint, base_scale: number): string {
  const text = formatAmount(amount_base, base_scale);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
