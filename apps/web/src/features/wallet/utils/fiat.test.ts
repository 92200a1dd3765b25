import { describe, expect, it } from 'vitest';
import { belowInrMinimum, euroLine, IFSC, UPI_ID } from './fiat.ts';

const INR = { code: 'INR', scale: 2, rate: 90.25 };

describe('euroLine (spec §9)', () => {
  it('divides by the rate and takes the fee off, 2 decimals, exactly', () => {
    // 1000 / 90.25 = 11.0803…; minus 1.5 % = 10.9141… → 10.91
    expect(euroLine('1000', INR, 1.5)).toBe('10.91');
    expect(euroLine('100', { code: 'EUR', scale: 2, rate: 1 }, 1)).toBe('99.00');
    expect(euroLine('0.10', { code: 'EUR', scale: 2, rate: 1 }, 0)).toBe('0.10');
  });
  it("is 'N/A' without a rate and hidden for THB", () => {
    expect(euroLine('100', { code: 'BDT', scale: 2, rate: null }, 2)).toBe('N/A');
    expect(euroLine('100', { code: 'THB', scale: 2, rate: 38.2 }, 1)).toBeNull();
  });
  it('shows 0.00 until the amount is a number', () => {
    expect(euroLine('', INR, 1)).toBe('0.00');
    expect(euroLine('12abc', INR, 1)).toBe('0.00');
  });
});

describe('INR checks', () => {
  it('fails strictly below 500', () => {
    expect(belowInrMinimum('499.99')).toBe(true);
    expect(belowInrMinimum('500')).toBe(false);
    expect(belowInrMinimum('')).toBe(false);
  });
  it('IFSC: 4 letters, 0, 6 alphanumerics; UPI: name@handle', () => {
    expect(IFSC.test('SBIN0001234')).toBe(true);
    expect(IFSC.test('SBIN1001234')).toBe(false);
    expect(UPI_ID.test('priya@okhdfc')).toBe(true);
    expect(UPI_ID.test('priya@')).toBe(false);
  });
});
