import {
  decimalStringFromNumber,
  EURO_DISPLAY_DECIMALS,
  formatAmount,
  isMoneyError,
  parseAmount,
  parseRate,
  toEuroAfterFee,
} from '@casino/money';

/** Spec §9: the INR flow's minimum. */
export const INR_MINIMUM = 500;
/** Spec §9: gateway ids that need extra fields in the deposit form. */
export const BANK_NAME_GATEWAYS = [3, 4];
export const ACCOUNT_NAME_GATEWAYS = [5, 10];
export const ACCOUNT_NUMBER_GATEWAYS = [7];
/** Spec §5. */
export const NETWORKS = ['TRC20', 'ERC20', 'BEP2', 'BEP20'] as const;

/**
 * Spec §9 euro conversion line: amount divided by the rate, minus the fee percentage of
 * that, with 2 decimals; 'N/A' without a rate; hidden (null) for THB. Exact: the typed
 * amount is parsed as a decimal, never as a float. An amount that is not a valid positive
 * number yet shows nothing to convert ('0.00').
 */
export function euroLine(
  amount: string,
  currency: { code: string; scale: number; rate: number | null | undefined },
  fee_percent: number,
): string | null {
  if (currency.code === 'THB') return null;
  if (currency.rate == null || !(currency.rate > 0)) return 'N/A';
  let minor: bigint;
  try {
    minor = parseAmount(amount.trim() || '0', currency.scale);
  } catch (error) {
    if (isMoneyError(error)) return formatAmount(0n, EURO_DISPLAY_DECIMALS);
    throw error;
  }
  const euros = toEuroAfterFee(
    minor,
    { code: currency.code, scale: currency.scale },
    parseRate(decimalStringFromNumber(currency.rate)),
    decimalStringFromNumber(fee_percent),
    'toward_zero',
  );
  return formatAmount(euros, EURO_DISPLAY_DECIMALS);
}

/**
 * Spec §5: 'Minimum amount should be greater than 500' shows when the amount is strictly
 * below 500 (500 itself passes); an empty field shows nothing yet.
 */
export function belowInrMinimum(amount: string): boolean {
  const text = amount.trim();
  if (!text) return false;
  const value = Number(text);
  return Number.isFinite(value) && value < INR_MINIMUM;
}

/** Field checks the wallet runs before sending (the server checks the same, word for word). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_ID = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;

/** Field → translation key of its message (the component translates; tests read the keys). */
export type FieldErrors = Record<string, string>;

/**
 * The amount's message key: spec §5's words ('Amount cannot be empty.', 'Amount must be
 * greater than 0.', and for INR 'Minimum amount should be greater than 500').
 */
export function amountError(amount: string, inr: boolean): string | undefined {
  const text = amount.trim();
  if (!text) return 'wallet.crypto.errors.amountEmpty';
  if (!/^\d+(\.\d+)?$/.test(text) || !(Number(text) > 0))
    return 'wallet.crypto.errors.amountPositive';
  if (inr && belowInrMinimum(text)) return 'cashier.errors.inrMinimum';
  return undefined;
}

export interface DepositInput {
  inr: boolean;
  gateway_id: number | null;
  amount: string;
  bank_name: string;
  acc_name: string;
  acc_number: string;
  network: string;
}

/** Spec §9 extra fields per gateway id (3, 4 bank; 5, 10 account name; 7 number + network). */
export function depositErrors(input: DepositInput): FieldErrors {
  const found: FieldErrors = {};
  if (!input.inr && input.gateway_id === null) found.payment_gateway = 'cashier.errors.method';
  const amount = amountError(input.amount, input.inr);
  if (amount) found.amount = amount;
  const id = input.gateway_id;
  if (!input.inr && id !== null) {
    if (BANK_NAME_GATEWAYS.includes(id) && !input.bank_name)
      found.bank_name = 'cashier.errors.bankName';
    if (ACCOUNT_NAME_GATEWAYS.includes(id) && !input.acc_name.trim())
      found.acc_name = 'cashier.errors.accountName';
    if (ACCOUNT_NUMBER_GATEWAYS.includes(id)) {
      if (!input.acc_number.trim()) found.acc_number = 'cashier.errors.accountNumber';
      if (!input.network) found.network = 'cashier.errors.network';
    }
  }
  return found;
}

export interface WithdrawInput {
  inr: boolean;
  mode: 'upi' | 'netbanking';
  gateway_id: number | null;
  amount: string;
  acc_name: string;
  acc_number: string;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  ifsc_code: string;
  upi_id: string;
}

/** The withdraw form's checks (the server runs the same ones and answers in the same words). */
export function withdrawErrors(input: WithdrawInput): FieldErrors {
  const found: FieldErrors = {};
  if (!input.inr && input.gateway_id === null) found.payment_gateway = 'cashier.errors.method';
  const amount = amountError(input.amount, input.inr);
  if (amount) found.amount = amount;
  if (input.inr) {
    if (!input.account_holder_name.trim())
      found.account_holder_name = 'cashier.errors.accountHolder';
    if (input.mode === 'upi') {
      if (!UPI_ID.test(input.upi_id.trim())) found.upi_id = 'cashier.errors.upi';
    } else {
      if (!input.account_number.trim()) found.account_number = 'cashier.errors.accountNumber';
      if (!input.bank_name) found.bank_name = 'cashier.errors.bankName';
      if (!IFSC.test(input.ifsc_code.trim().toUpperCase())) found.ifsc_code = 'cashier.errors.ifsc';
    }
  } else {
    if (!input.acc_name.trim()) found.acc_name = 'cashier.errors.accountName';
    if (!input.acc_number.trim()) found.acc_number = 'cashier.errors.accountNumber';
    if (
      input.gateway_id !== null &&
      BANK_NAME_GATEWAYS.includes(input.gateway_id) &&
      !input.bank_name
    )
      found.bank_name = 'cashier.errors.bankName';
  }
  return found;
}
