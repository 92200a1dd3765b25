import type { Customer } from '@casino/contracts';

export const BALANCE_DECIMALS = 3;
export const BALANCE_FALLBACK = '€0.000';

/**
 * Rounds a decimal string (e.g. "12.34567", "-0.0005") half away from zero to
 * `decimals` places, without going through a float.
 */
export function roundDecimalString(value: string, decimals: number): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const scale = 10n ** BigInt(decimals);
  const padded = (fraction + '0'.repeat(decimals + 1)).slice(0, decimals + 1);
  let units = BigInt(whole) * scale + BigInt(padded.slice(0, decimals) || '0');
  const nextDigit = Number(padded[decimals] ?? '0');
  if (nextDigit >= 5) units += 1n;
  const intPart = units / scale;
  const fracPart = (units % scale).toString().padStart(decimals, '0');
  const isZero = units === 0n;
  return `${sign && !isZero ? '-' : ''}${intPart}${decimals > 0 ? `.${fracPart}` : ''}`;
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

export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
