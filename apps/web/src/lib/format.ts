import type { Customer } from '@casino/contracts';
import { formatAmount as formatMinor, parseAmount, SCALE_MAX } from '@casino/money';

export const BALANCE_DECIMALS = 3;
export const BALANCE_FALLBACK = '€0.000';

/**
 * Cuts an exact decimal string (e.g. "12.34567") to `decimals` places with the
 * money package's one rounding rule, toward zero, so a balance is never shown
 * larger than it is. No float is involved.
 */
export function roundDecimalString(value: string, decimals: number): string | null {
  try {
    const minor = parseAmount(value.trim(), SCALE_MAX, { allow_negative: true });
    return formatMinor(minor, SCALE_MAX, { decimals, rounding: 'toward_zero' });
  } catch {
    return null;
  }
}

export function formatAmount(amount: number, exact?: string | null): string {
  if (exact) {
    const rounded = roundDecimalString(exact, BALANCE_DECIMALS);
    if (rounded !== null) return rounded;
  }
  return amount.toFixed(BALANCE_DECIMALS);
}

type BalanceSource = Pick<Customer, 'currency_id' | 'currency'> & {
  wallet_default?: Partial<Customer['wallet_default']> | null;
};

/**
 * Spec §4: currency prefix + balance when the customer has a currency; else the
 * default wallet's symbol + balance; else '€0.000'. Always 3 decimals.
 */
export function formatBalance(customer: BalanceSource | null | undefined): string {
  if (!customer) return BALANCE_FALLBACK;
  const wallet = customer.wallet_default;
  const balance = typeof wallet?.balance === 'number' ? wallet.balance : null;
  if (customer.currency_id !== null && customer.currency) {
    return `${customer.currency.prefix}${formatAmount(balance ?? 0, wallet?.balance_exact)}`;
  }
  if (balance !== null) {
    return `${wallet?.symbol ?? ''}${formatAmount(balance, wallet?.balance_exact)}`;
  }
  return BALANCE_FALLBACK;
}

/**
 * The bonus balance in the top bar's currency, or null when there is none to show. The badge
 * itself stays the spec's cash balance; under the bonus-first order of spending a player can be
 * playing on bonus money alone, so the top bar names it beneath (decision 0805).
 */
export function formatBonusBalance(customer: BalanceSource | null | undefined): string | null {
  const wallet = customer?.wallet_default;
  if (!customer || !wallet || typeof wallet.bounas_balance !== 'number') return null;
  const shown = formatAmount(wallet.bounas_balance, wallet.bounas_balance_exact);
  if (!/[1-9]/.test(shown)) return null;
  const prefix =
    customer.currency_id !== null && customer.currency ? customer.currency.prefix : wallet.symbol;
  return `${prefix ?? ''}${shown}`;
}

/**
 * The site's one date format per locale (a date without its time): every page shows dates
 * through this and `formatDateTime`, so one page never mixes styles.
 */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
