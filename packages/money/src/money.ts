import { assertCurrencyCode } from './currency.ts';
import { assertAmountMinor } from './decimal.ts';
import { MoneyError } from './errors.ts';

/** An amount in minor units of one currency. The scale lives with the currency, not here. */
export type Money = { readonly amount_minor: bigint; readonly currency: string };

/** Builds a Money, checking both fields at run time for callers that come from plain JSON. */
export function money(amount_minor: bigint, currency: string): Money {
  assertAmountMinor(amount_minor);
  assertCurrencyCode(currency);
  return Object.freeze({ amount_minor, currency });
}

/** Throws CURRENCY_MISMATCH unless both amounts are in the same currency. */
export function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new MoneyError('CURRENCY_MISMATCH', `cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount_minor + b.amount_minor, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount_minor - b.amount_minor, a.currency);
}

export function negate(a: Money): Money {
  return money(-a.amount_minor, a.currency);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; same currency only. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  if (a.amount_minor < b.amount_minor) return -1;
  if (a.amount_minor > b.amount_minor) return 1;
  return 0;
}

export function isZero(a: Money): boolean {
  return a.amount_minor === 0n;
}

export function isNegative(a: Money): boolean {
  return a.amount_minor < 0n;
}

/** Sum of `amounts`, all in `currency`; the currency is given so an empty list has one. */
export function sum(currency: string, amounts: readonly Money[]): Money {
  let total = money(0n, currency);
  for (const amount of amounts) total = add(total, amount);
  return total;
}
