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
