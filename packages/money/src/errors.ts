/**
 * Every expected failure of the money core is a `MoneyError` with a code from this list, so
 * callers branch on `code` and never on message text. Messages never echo the input: they may
 * reach a client through an error handler.
 */
export type MoneyErrorCode =
  /** Not a decimal string of the accepted shape (empty, whitespace, exponent, comma, "+"). */
  | 'INVALID_AMOUNT'
  /** A leading "-" where the caller did not allow negative amounts. */
  | 'NEGATIVE_AMOUNT'
  /** Non-zero digits beyond the currency's scale: the core never rounds input silently. */
  | 'TOO_MANY_DECIMALS'
  /** More integer digits than AMOUNT_INTEGER_DIGITS_MAX. */
  | 'AMOUNT_TOO_LARGE'
  /** A scale or display decimals outside 0..SCALE_MAX. */
  | 'INVALID_SCALE'
  /** A rounding mode that is missing where rounding may happen, or unknown. */
  | 'INVALID_ROUNDING'
  /** A rate that is not a positive exact decimal within the rate limits. */
  | 'INVALID_RATE'
  /** A percentage that is not a non-negative exact decimal within the percent limits. */
  | 'INVALID_PERCENT'
  /** Arithmetic on two amounts of different currencies. */
  | 'CURRENCY_MISMATCH'
  /** A currency code that is not 2 to 10 upper-case letters or digits, starting with a letter. */
  | 'INVALID_CURRENCY'
  /** A currency code absent from the scale table given. */
  | 'UNKNOWN_CURRENCY';

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isMoneyError(error: unknown): error is MoneyError {
  return error instanceof MoneyError;
}
