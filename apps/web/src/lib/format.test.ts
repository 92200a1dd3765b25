import { describe, expect, it } from 'vitest';
import {
  BALANCE_FALLBACK,
  formatBalance,
  formatBonusBalance,
  formatDate,
  formatDateTime,
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
    ).toBe('₹1234.500');
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

describe('formatDate and formatDateTime (one style per locale)', () => {
  const iso = '2026-11-27T04:40:00.000Z';
  it('writes the date part the same way in both', () => {
    for (const locale of ['en', 'bn', 'fr', 'zh-TW']) {
      const date = formatDate(iso, locale);
      expect(
        formatDateTime(iso, locale).startsWith(date) || formatDateTime(iso, locale).includes(date),
      ).toBe(true);
    }
  });
  it('leaves what is not a date as it is', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});
