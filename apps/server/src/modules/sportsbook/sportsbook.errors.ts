import { AppError } from '../../platform/http/errors.ts';

/**
 * Expected outcomes of the book's pricing (the trading desk's prices, margins and sport
 * settings), each with the HTTP status it takes. Listed in the order they are checked.
 */
export const PRICING_ERROR_STATUS = {
  /** A setting outside PRICING_BOUNDS, or a minimum not below the maximum. */
  PRICING_INVALID: 422,
  /** A manual price outside the sport's range. */
  ODDS_OUT_OF_RANGE: 422,
  /** The book would fall under its floor; the desk may confirm and the book rebalances. */
  BOOK_UNDER_MARGIN: 409,
  /** The book would fall under its floor and no price is left to rebalance it. */
  BOOK_UNBALANCED: 409,
} as const;

export type PricingErrorCode = keyof typeof PRICING_ERROR_STATUS;

export class PricingError extends AppError {
  declare readonly code: PricingErrorCode;
  constructor(code: PricingErrorCode, message: string, path?: string, detail?: string) {
    super(code, message, {
      status: PRICING_ERROR_STATUS[code],
      errors: path ? [{ path, message: detail ?? message }] : undefined,
    });
    this.name = 'PricingError';
  }
}

export const isPricingError = (error: unknown, code?: PricingErrorCode): error is PricingError =>
  error instanceof PricingError && (code === undefined || error.code === code);
