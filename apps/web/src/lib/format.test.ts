import { describe, expect, it } from 'vitest';
import {
  BALANCE_FALLBACK,
  formatBalance,
  formatBonusBalance,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMinorMoney,
  formatMoney,
  formatPercent,
  formatTime,
  roundDecimalString,
} from './format.ts';

const wallet = (balance: number, symbol = '€', balance_exact?: string) => ({
  balance,
  symbol,
  bounas_balance: 0,
  balance_exact: balance_exact ?? String(balance),
  bounas_balance_exact: '0',
});

describe('formatBalance (spec §4)', () => {
  it('uses the currency prefix when currency_id and currency exist', () => {
    expect(
      formatBalance({
        currency_id: 3,
        currency: { id: 3, code: 'INR', name: 'Rupee', prefix: '₹', scale: 2 },
        wallet_default: wallet(1234.5, '€'),
      }),
    ).toBe('₹1,234.500');
  });

  it('falls back to the wallet symbol when the currency is missing', () => {
    expect(
      formatBalance({ currency_id: null, currency: null, wallet_default: wallet(7, '$') }),
    ).toBe('$7.000');
    expect(formatBalance({ currency_id: 4, currency: null, wallet_default: wallet(7, '$') })).toBe(
      '$7.000',
    );
  });

  it("falls back to '€0.000' without a wallet", () => {
    expect(formatBalance(null)).toBe(BALANCE_FALLBACK);
    expect(formatBalance({ currency_id: null, currency: null, wallet_default: null })).toBe(
      '€0.000',
    );
  });

  it('prefers the exact string and never shows more than the balance', () => {
    // As a float 1.0009999 would round up to 1.001; the exact string cuts toward zero.
    expect(
      formatBalance({
        currency_id: null,
        currency: null,
        wallet_default: wallet(1.0009999, '€', '1.0009999'),
      }),
    ).toBe('€1.000');
  });
});

describe('roundDecimalString', () => {
  it.each([
    ['0', '0.000'],
    ['12', '12.000'],
    ['12.3456', '12.345'],
    ['12.3454', '12.345'],
    ['0.0004', '0.000'],
    ['-0.0004', '0.000'],
    ['-2.5005', '-2.500'],
    ['99.9999', '99.999'],
    ['0.12345678', '0.123'],
  ])('%s → %s', (input, expected) => {
    expect(roundDecimalString(input, 3)).toBe(expected);
  });

  it('rejects garbage', () => {
    expect(roundDecimalString('1e5', 3)).toBeNull();
    expect(roundDecimalString('', 3)).toBeNull();
  });
});

describe('formatBonusBalance', () => {
  const inr = { id: 3, code: 'INR', name: 'Rupee', prefix: '₹', scale: 2 };
  const withBonus = (bounas_balance_exact: string) => ({
    ...wallet(0),
    bounas_balance: Number(bounas_balance_exact),
    bounas_balance_exact,
  });

  it('shows the bonus with the badge’s prefix and 3 decimals', () => {
    expect(
      formatBonusBalance({ currency_id: 3, currency: inr, wallet_default: withBonus('20.5') }),
    ).toBe('₹20.500');
    expect(
      formatBonusBalance({ currency_id: null, currency: null, wallet_default: withBonus('1') }),
    ).toBe('€1.000');
  });

  it('is null with no bonus, or less than the badge can show', () => {
    expect(formatBonusBalance(null)).toBeNull();
    expect(
      formatBonusBalance({ currency_id: 3, currency: inr, wallet_default: withBonus('0') }),
    ).toBeNull();
    expect(
      formatBonusBalance({ currency_id: 3, currency: inr, wallet_default: withBonus('0.0004') }),
    ).toBeNull();
  });
});

/** One row per language: what a player of that language reads (decision 0985). */
const PER_LOCALE = [
  // language, money, percent, date, date and time
  ['en', '₹1,234,567.891', '12.5%', 'Mar 9, 2026', 'Mar 9, 2026, 2:05 PM'],
  ['bn', '₹12,34,567.891', '12.5%', '9 মার্চ, 2026', '9 মার্চ, 2026, 14:05'],
  ['zh-TW', '₹1,234,567.891', '12.5%', '2026年3月9日', '2026年3月9日 下午2:05'],
  ['th', '₹1,234,567.891', '12.5%', '9 มี.ค. 2569', '9 มี.ค. 2569 14:05'],
  ['fr', '₹1\u202f234\u202f567,891', '12,5\u00a0%', '9 mars 2026', '9 mars 2026, 14:05'],
  ['pt', '₹1.234.567,891', '12,5%', '9 de mar. de 2026', '9 de mar. de 2026, 14:05'],
  ['es', '₹1.234.567,891', '12,5\u00a0%', '9 mar 2026', '9 mar 2026, 14:05'],
  ['ms', '₹1,234,567.891', '12.5%', '9 Mac 2026', '9 Mac 2026, 2:05 PTG'],
] as const;

describe('formats per language', () => {
  // A fixed local wall-clock time, whatever the machine's zone.
  const at = new Date(2026, 2, 9, 14, 5);
  const decode = (s: string) => JSON.parse(`"${s}"`) as string;

  it.each(PER_LOCALE)('%s', (language, money, percent, date, dateTime) => {
    expect(formatMoney('₹', '1234567.8919', language)).toBe(decode(money));
    expect(formatPercent(12.5, language)).toBe(decode(percent));
    expect(formatDate(at, language)).toBe(date);
    expect(formatDateTime(at, language).replace(/\s/g, ' ')).toBe(dateTime);
    // Latin digits in every language, so amounts compare with the bank's and gateway's pages.
    expect(formatDateTime(at, language)).not.toMatch(/[০-৯๐-๙]/);
  });

  it('keeps every digit of an exact amount and cuts toward zero, never through a float', () => {
    expect(formatDecimal('90071992547409.9999', 'en', 3)).toBe('90,071,992,547,409.999');
    expect(formatDecimal('-2.5005', 'fr', 3)).toBe('-2,500');
    expect(formatMinorMoney('€', 123456n, 2, 'pt')).toBe('€1.234,56');
    expect(formatMoney('$', 0.1 + 0.2, 'en', 2)).toBe('$0.30');
  });

  it('gives Bengali a 24-hour clock: its day periods would be the Latin AM/PM', () => {
    expect(formatTime(at, 'bn')).toBe('14:05');
  });

  it('returns unreadable input as given rather than a wrong value', () => {
    expect(formatDecimal('1e5', 'en', 2)).toBe('1e5');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('writes the balance in the language asked for', () => {
    const customer = {
      currency_id: 3,
      currency: { id: 3, code: 'BDT', name: 'Taka', prefix: '৳', scale: 2 },
      wallet_default: wallet(123456.5, '€', '123456.5'),
    };
    expect(formatBalance(customer, 'bn')).toBe('৳1,23,456.500');
    expect(formatBalance(customer, 'fr')).toBe('৳123\u202f456,500');
  });
});
