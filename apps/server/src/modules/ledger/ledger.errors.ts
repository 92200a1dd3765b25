import { AppError } from '../../platform/http/errors.ts';

/**
 * Expected ledger outcomes, each with the HTTP status it takes if it reaches the API.
 * Listed in the order the ledger checks them (the precedence the tests follow).
 */
export const LEDGER_ERROR_STATUS = {
  INVALID_TRANSFER: 422,
  IDEMPOTENCY_CONFLICT: 409,
  HOLD_NOT_FOUND: 404,
  HOLD_ALREADY_RESOLVED: 409,
  HOLD_EXPIRED: 409,
  HOLD_NOT_EXPIRED: 409,
  POST_EXCEEDS_HOLD: 422,
  TRANSFER_NOT_FOUND: 404,
  NOT_REVERSIBLE: 422,
  ALREADY_REVERSED: 409,
  INVALID_AMOUNT: 422,
  SAME_ACCOUNT: 422,
  ACCOUNT_NOT_FOUND: 404,
  UNSUPPORTED_CURRENCY: 422,
  CURRENCY_MISMATCH: 422,
  ACCOUNT_CLOSED: 409,
  PLAYERS_DIFFER: 422,
  INSUFFICIENT_FUNDS: 409,
  REQUIRED_MISSING: 409,
  LEDGER_BUSY: 503,
} as const;

export type LedgerErrorCode = keyof typeof LEDGER_ERROR_STATUS;

const MESSAGES: Record<LedgerErrorCode, string> = {
  INVALID_TRANSFER: 'The transfer is malformed',
  IDEMPOTENCY_CONFLICT: 'This idempotency key was already used for a different request',
  HOLD_NOT_FOUND: 'No such reservation',
  HOLD_ALREADY_RESOLVED: 'This reservation was already settled or released',
  HOLD_EXPIRED: 'This reservation has expired',
  HOLD_NOT_EXPIRED: 'This reservation has not expired yet',
  POST_EXCEEDS_HOLD: 'The amount is larger than the reservation',
  TRANSFER_NOT_FOUND: 'No such transfer',
  NOT_REVERSIBLE: 'Only completed transfers can be reversed',
  ALREADY_REVERSED: 'This transfer was already reversed',
  INVALID_AMOUNT: 'The amount must be positive and within limits',
  SAME_ACCOUNT: 'A transfer needs two different accounts',
  ACCOUNT_NOT_FOUND: 'No such account',
  UNSUPPORTED_CURRENCY: 'The ledger does not hold this currency',
  CURRENCY_MISMATCH: 'The currency does not match the account',
  ACCOUNT_CLOSED: 'The account is closed',
  PLAYERS_DIFFER: 'Money moves between two players only through the house',
  INSUFFICIENT_FUNDS: 'Insufficient balance',
  REQUIRED_MISSING: 'The transfer this one depends on has not happened',
  LEDGER_BUSY: 'The wallet is busy; please try again in a moment',
};

export class LedgerError extends AppError {
  declare readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string = MESSAGES[code]) {
    super(code, message, { status: LEDGER_ERROR_STATUS[code] });
    this.name = 'LedgerError';
  }
}

export const isLedgerError = (error: unknown, code?: LedgerErrorCode): error is LedgerError =>
  error instanceof LedgerError && (code === undefined || error.code === code);

export function isLedgerErrorCode(code: string): code is LedgerErrorCode {
  return Object.hasOwn(LEDGER_ERROR_STATUS, code);
}
