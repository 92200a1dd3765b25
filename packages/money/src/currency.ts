import { assertScale } from './decimal.ts';
import { MoneyError } from './errors.ts';

/** A currency code with its scale: the number of decimal places its minor unit stands for. */
export type CurrencyUnit = { readonly code: string; readonly scale: number };

const CURRENCY_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * Default scales of the currencies the product lists. A convenience only: it is a constant,
 * not a registry, and every function takes the scale or a CurrencyUnit explicitly, so a
 * deployment with other currencies passes its own table.
 *
 * Fiat uses the ISO 4217 minor unit. Crypto uses the unit its chain settles in, capped at
 * SCALE_MAX: BTC, LTC and DOGE 8 (satoshi), SOL 9 (lamport), XRP 6 (drop), USDT 6 (the
 * token's decimals on TRC20 and ERC20), ETH 18 (wei; bigint holds such amounts exactly).
 */
export const SCALES: Readonly<Record<string, number>> = Object.freeze({
  EUR: 2,
  USD: 2,
  INR: 2,
  BDT: 2,
  THB: 2,
  BRL: 2,
  MYR: 2,
  BTC: 8,
  ETH: 18,
  LTC: 8,
  DOGE: 8,
  SOL: 9,
  XRP: 6,
  USDT: 6,
});

/** The euro, which the spec's exchange rates are quoted against. */
export const EUR: CurrencyUnit = Object.freeze({ code: 'EUR', scale: 2 });

/** Throws INVALID_CURRENCY unless `code` is 2 to 10 upper-case letters or digits. */
export function assertCurrencyCode(code: string): void {
  if (typeof code !== 'string' || !CURRENCY_CODE_PATTERN.test(code)) {
    throw new MoneyError('INVALID_CURRENCY', 'currency code must be 2 to 10 of A-Z and 0-9');
  }
}

/** Looks `code` up in `scales` (SCALES by default); throws UNKNOWN_CURRENCY when absent. */
export function currencyUnit(
  code: string,
  scales: Readonly<Record<string, number>> = SCALES,
): CurrencyUnit {
  assertCurrencyCode(code);
  if (!Object.hasOwn(scales, code)) {
    throw new MoneyError('UNKNOWN_CURRENCY', 'currency has no scale in the table given');
  }
  const scale = scales[code] as number;
  assertScale(scale);
  return Object.freeze({ code, scale });
}
