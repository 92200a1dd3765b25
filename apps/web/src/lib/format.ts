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
export function formatBalance(customer: BalanceSource | null | undefined, language = 'en'): string {
  if (!customer) return BALANCE_FALLBACK;
  const wallet = customer.wallet_default;
  const balance = typeof wallet?.balance === 'number' ? wallet.balance : null;
  const amount = wallet?.balance_exact || (balance ?? 0);
  if (customer.currency_id !== null && customer.currency) {
    return formatMoney(customer.currency.prefix, amount, language);
  }
  if (balance !== null) return formatMoney(wallet?.symbol ?? '', amount, language);
  return BALANCE_FALLBACK;
}

/**
 * The bonus balance in the top bar's currency, or null when there is none to show. The badge
 * itself stays the spec's cash balance; under the bonus-first order of spending a player can be
 * playing on bonus money alone, so the top bar names it beneath (decision 0805).
 */
export function formatBonusBalance(
  customer: BalanceSource | null | undefined,
  language = 'en',
): string | null {
  const wallet = customer?.wallet_default;
  if (!customer || !wallet || typeof wallet.bounas_balance !== 'number') return null;
  const shown = formatAmount(wallet.bounas_balance, wallet.bounas_balance_exact);
  if (!/[1-9]/.test(shown)) return null;
  const prefix =
    customer.currency_id !== null && customer.currency ? customer.currency.prefix : wallet.symbol;
  return formatMoney(prefix ?? '', wallet.bounas_balance_exact || wallet.bounas_balance, language);
}

/**
 * Every number, amount and date the player reads goes through the helpers below: written with
 * the conventions of the player's language (grouping, decimal mark, month names, calendar) and
 * Latin digits, so an amount reads the same as on the player's bank or gateway page (decision 0985).
 */
export function intlLocale(language: string): string {
  return `${language || 'en'}-u-nu-latn`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An exact decimal string (e.g. "1234.5678") cut toward zero to `decimals` places, then written
 * in the language's conventions. Intl reads the string as an exact decimal, so no float is
 * involved; an unparseable input is returned as given rather than hidden.
 */
export function formatDecimal(exact: string, language: string, decimals: number): string {
  const rounded = roundDecimalString(exact, decimals);
  if (rounded === null) return exact;
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  // The string overload (Intl.NumberFormat v3) keeps every digit; the lib types lag behind it.
  return numberFormat(language, options).format(rounded as unknown as number);
}

/**
 * Money: the operator's currency prefix (spec §4 keeps the configured symbol, e.g. "₹", "৳",
 * "USDT ") before the amount written in the player's language. `exact` is preferred over the
 * float whenever the API sends one.
 */
export function formatMoney(
  prefix: string,
  amount: number | string,
  language: string,
  decimals: number = BALANCE_DECIMALS,
): string {
  const exact = typeof amount === 'string' ? amount : amount.toFixed(SCALE_MAX);
  return `${prefix}${formatDecimal(exact, language, decimals)}`;
}

/** Money held as bigint minor units at `scale` (the sportsbook's stakes and returns). */
export function formatMinorMoney(
  prefix: string,
  minor: bigint | string,
  scale: number,
  language: string,
): string {
  return formatMoney(prefix, formatMinor(BigInt(minor), scale), language, scale);
}

/** A plain number (counts, multipliers) with at most `maxDecimals` places. */
export function formatNumber(value: number, language: string, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return String(value);
  return numberFormat(language, { maximumFractionDigits: maxDecimals }).format(value);
}

/**
 * A percentage given in percent units (12.5 → "12.5%", "12,5 %" in French). `minDecimals` keeps
 * a game's live figure (Limbo's win chance) at one width while the player types.
 */
export function formatPercent(
  percent: number | string,
  language: string,
  maxDecimals = 2,
  minDecimals = 0,
): string {
  const value = Number(percent);
  if (!Number.isFinite(value)) return String(percent);
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: maxDecimals,
  }).format(value / 100);
}

/**
 * One date format per language: the medium date (27 Nov 2026, 27 নভে, 2026, 2026年11月27日) and
 * the short time. Bengali takes the 24-hour clock: its day periods are the Latin "AM"/"PM".
 */
const TIME_OPTIONS: Record<string, Intl.DateTimeFormatOptions> = { bn: { hourCycle: 'h23' } };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, parts: 'date' | 'time' | 'both'): Intl.DateTimeFormat {
  const key = `${language}|${parts}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      ...(parts === 'time' ? {} : { dateStyle: 'medium' }),
      ...(parts === 'date' ? {} : { timeStyle: 'short', ...TIME_OPTIONS[language] }),
    });
    dateFormats.set(key, format);
  }
  return format;
}

function formatInstant(value: string | Date, language: string, parts: 'date' | 'time' | 'both') {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return dateFormat(language, parts).format(date);
}

export function formatDate(value: string | Date, language: string): string {
  return formatInstant(value, language, 'date');
}

export function formatTime(value: string | Date, language: string): string {
  return formatInstant(value, language, 'time');
}

export function formatDateTime(value: string | Date, language: string): string {
  return formatInstant(value, language, 'both');
}
