import { isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';

/** Spec §9: the INR flow's minimum, in major units ('Minimum amount should be greater than 500'). */
export const INR_MINIMUM_MAJOR = 500n;
export const INR_MINIMUM_MESSAGE = 'Minimum amount should be greater than 500';
/** Spec §5 networks for gateway 7. */
export const NETWORKS = ['TRC20', 'ERC20', 'BEP2', 'BEP20'] as const;
/**
 * Largest single payment, in euros at the operator's rate: a typo of three extra zeros is
 * refused before any provider sees it. Operators with VIP limits raise it here.
 */
export const PAYMENT_MAX_EUR = 100_000n;

/** Indian Financial System Code: 4 letters (bank), a 0, 6 letters or digits (branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A UPI virtual payment address: `name@handle`. */
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;
/** Account numbers: digits, or IBAN-style letters and digits; spaces are dropped first. */
export const ACCOUNT_NUMBER = /^[A-Z0-9]{6,34}$/;
/** Person and bank names: letters of any script, spaces and a little punctuation. */
export const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .,'&()-]{0,99}$/u;
export const COUPON = /^[A-Za-z0-9_-]{1,32}$/;

export type FieldErrors = Array<{ path: string; message: string }>;

export function fail(path: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/**
 * A player-typed amount in minor units of the currency, with a message that names the
 * problem (spec §5 wording where the spec has one).
 */
export function parsePlayerAmount(text: string | undefined, scale: number, code: string): bigint {
  if (text === undefined || text.trim() === '') fail('amount', 'Amount cannot be empty.');
  let amount: bigint;
  try {
    amount = parseAmountInput(text.trim(), scale);
  } catch (error) {
    if (!isMoneyError(error)) throw error;
    if (error.code === 'NEGATIVE_AMOUNT') fail('amount', 'Amount must be greater than 0.');
    if (error.code === 'TOO_MANY_DECIMALS')
      fail('amount', `Amount must have at most ${scale} decimals for ${code}.`);
    if (error.code === 'AMOUNT_TOO_LARGE') fail('amount', 'Amount is too large.');
    fail('amount', 'Amount must be a number such as 100 or 100.50.');
  }
  if (amount <= 0n) fail('amount', 'Amount must be greater than 0.');
  return amount;
}

export function text(value: string | undefined): string {
  return (value ?? '').trim();
}

export function requireName(value: string | undefined, path: string, label: string): string {
  const v = text(value).replace(/\s+/g, ' ');
  if (!v) fail(path, `${label} is required.`);
  if (!NAME.test(v)) fail(path, `${label} must be letters and spaces (at most 100 characters).`);
  return v;
}

export function requireAccountNumber(value: string | undefined, path: string): string {
  const v = text(value).replace(/[\s-]/g, '').toUpperCase();
  if (!v) fail(path, 'Account number is required.');
  if (!ACCOUNT_NUMBER.test(v)) fail(path, 'Account number must be 6 to 34 letters or digits.');
  return v;
}

export function requireIfsc(value: string | undefined): string {
  const v = text(value).toUpperCase();
  if (!v) fail('ifsc_code', 'IFSC code is required.');
  if (!IFSC.test(v))
    fail(
      'ifsc_code',
      'IFSC code must be 11 characters: 4 letters, a 0, then 6 letters or digits (e.g. SBIN0001234).',
    );
  return v;
}

export function requireUpiId(value: string | undefined): string {
  const v = text(value);
  if (!v) fail('upi_id', 'UPI ID is required.');
  if (!UPI_ID.test(v)) fail('upi_id', 'UPI ID must look like name@bank (e.g. priya@okhdfc).');
  return v;
}

export function optionalCoupon(value: string | undefined): string | null {
  const v = text(value);
  if (!v) return null;
  if (!COUPON.test(v)) fail('coupon', 'Coupon codes are 1 to 32 letters, digits, - or _.');
  return v.toUpperCase();
}

/**
 * Spec §9: extra fields by gateway id — bank name for 3 and 4, account name for 5 and 10,
 * account number and network for 7. (What id 6 needs is not shown: nothing extra.)
 */
export function depositExtras(
  gateway_id: number,
  input: { bank_name?: string; acc_name?: string; acc_number?: string; network?: string },
): Record<string, string> {
  if (gateway_id === 3 || gateway_id === 4) {
    return { bank_name: requireName(input.bank_name, 'bank_name', 'Bank name') };
  }
  if (gateway_id === 5 || gateway_id === 10) {
    return { acc_name: requireName(input.acc_name, 'acc_name', 'Account name') };
  }
  if (gateway_id === 7) {
    const acc_number = requireAccountNumber(input.acc_number, 'acc_number');
    const network = text(input.network).toUpperCase();
    if (!network) fail('network', 'Network is required.');
    if (!(NETWORKS as readonly string[]).includes(network))
      fail('network', `Network must be one of ${NETWORKS.join(', ')}.`);
    return { acc_number, network };
  }
  return {};
}
