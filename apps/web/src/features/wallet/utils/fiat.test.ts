import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json' with { type: 'json' };
import {
  amountError,
  belowInrMinimum,
  depositErrors,
  euroLine,
  IFSC,
  UPI_ID,
  withdrawErrors,
} from './fiat.ts';

/** The English words behind a key (spec §5 wants them word for word). */
function words(key: string | undefined): string | undefined {
  if (!key) return undefined;
  // biome-ignore lint/suspicious/noExplicitAny: walking the JSON by a dotted key
  return key.split('.').reduce<any>((node, part) => node?.[part], en);
}

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

describe('amountError (spec §5, word for word)', () => {
  it.each([
    ['', false, 'Amount cannot be empty.'],
    ['   ', false, 'Amount cannot be empty.'],
    ['0', false, 'Amount must be greater than 0.'],
    ['-5', false, 'Amount must be greater than 0.'],
    ['abc', false, 'Amount must be greater than 0.'],
    ['1e3', false, 'Amount must be greater than 0.'],
    ['499.99', true, 'Minimum amount should be greater than 500'],
    ['500', true, undefined],
    ['10', false, undefined],
    ['0.01', false, undefined],
  ])('%j (INR %s) → %s', (amount, inr, expected) => {
    expect(words(amountError(amount, inr))).toBe(expected);
  });
});

const deposit = {
  inr: false,
  gateway_id: null as number | null,
  amount: '50',
  bank_name: '',
  acc_name: '',
  acc_number: '',
  network: '',
};

describe('depositErrors (spec §9 extra fields by gateway id)', () => {
  it('asks for a method first', () => {
    expect(depositErrors(deposit)).toEqual({ payment_gateway: 'cashier.errors.method' });
  });
  it('bank name for 3 and 4, account name for 5 and 10, number and network for 7', () => {
    expect(Object.keys(depositErrors({ ...deposit, gateway_id: 3 }))).toEqual(['bank_name']);
    expect(Object.keys(depositErrors({ ...deposit, gateway_id: 4 }))).toEqual(['bank_name']);
    expect(Object.keys(depositErrors({ ...deposit, gateway_id: 5 }))).toEqual(['acc_name']);
    expect(Object.keys(depositErrors({ ...deposit, gateway_id: 10 }))).toEqual(['acc_name']);
    expect(Object.keys(depositErrors({ ...deposit, gateway_id: 7 }))).toEqual([
      'acc_number',
      'network',
    ]);
    expect(depositErrors({ ...deposit, gateway_id: 6 })).toEqual({});
    expect(
      depositErrors({ ...deposit, gateway_id: 7, acc_number: '123', network: 'TRC20' }),
    ).toEqual({});
  });
  it('the INR flow needs no gateway, only 500 or more', () => {
    expect(depositErrors({ ...deposit, inr: true, amount: '499' })).toEqual({
      amount: 'cashier.errors.inrMinimum',
    });
    expect(depositErrors({ ...deposit, inr: true, amount: '500' })).toEqual({});
  });
});

const withdraw = {
  inr: true,
  mode: 'upi' as 'upi' | 'netbanking',
  gateway_id: null as number | null,
  amount: '600',
  acc_name: '',
  acc_number: '',
  bank_name: '',
  account_holder_name: 'Priya',
  account_number: '',
  ifsc_code: '',
  upi_id: 'priya@okhdfc',
};

describe('withdrawErrors', () => {
  it('INR upi needs a name@handle id; netbanking an account, a bank and an IFSC', () => {
    expect(withdrawErrors(withdraw)).toEqual({});
    expect(withdrawErrors({ ...withdraw, upi_id: 'priya' })).toEqual({
      upi_id: 'cashier.errors.upi',
    });
    expect(Object.keys(withdrawErrors({ ...withdraw, mode: 'netbanking' }))).toEqual([
      'account_number',
      'bank_name',
      'ifsc_code',
    ]);
    expect(
      withdrawErrors({
        ...withdraw,
        mode: 'netbanking',
        account_number: '1234567890',
        bank_name: 'HDFC Bank',
        ifsc_code: 'hdfc0001234',
      }),
    ).toEqual({});
  });
  it('fiat needs a gateway, account name and number, and a bank for 3 and 4', () => {
    const fiat = { ...withdraw, inr: false, amount: '20' };
    expect(Object.keys(withdrawErrors(fiat))).toEqual([
      'payment_gateway',
      'acc_name',
      'acc_number',
    ]);
    expect(
      withdrawErrors({ ...fiat, gateway_id: 4, acc_name: 'A B', acc_number: 'DE89 3704' }),
    ).toEqual({ bank_name: 'cashier.errors.bankName' });
    expect(
      withdrawErrors({ ...fiat, gateway_id: 7, acc_name: 'A B', acc_number: 'DE89 3704' }),
    ).toEqual({});
  });
});
