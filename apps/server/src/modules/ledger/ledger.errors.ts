import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected ledger outcomes, each with the HTTP status it takes if it reaches the API and the
 * message a player reads. Listed in the order the ledger checks them (the precedence the tests
 * follow).
 */
export const LEDGER_ERRORS = {
  INVALID_TRANSFER: { status: 422, message: 'The transfer is malformed' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'This idempotency key was already used for a different request',
  },
  HOLD_NOT_FOUND: { status: 404, message: 'No such reservation' },
  HOLD_ALREADY_RESOLVED: {
    status: 409,
    message: 'This reservation was already settled or released',
  },
  HOLD_EXPIRED: { status: 409, message: 'This reservation has expired' },
  HOLD_NOT_EXPIRED: { status: 409, message: 'This reservation has not expired yet' },
  POST_EXCEEDS_HOLD: { status: 422, message: 'The amount is larger than the reservation' },
  TRANSFER_NOT_FOUND: { status: 404, message: 'No such transfer' },
  NOT_REVERSIBLE: { status: 422, message: 'Only completed transfers can be reversed' },
  ALREADY_REVERSED: { status: 409, message: 'This transfer was already reversed' },
  INVALID_AMOUNT: { status: 422, message: 'The amount must be positive and within limits' },
  SAME_ACCOUNT: { status: 422, message: 'A transfer needs two different accounts' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'No such account' },
  UNSUPPORTED_CURRENCY: { status: 422, message: 'The ledger does not hold this currency' },
  CURRENCY_MISMATCH: { status: 422, message: 'The currency does not match the account' },
  ACCOUNT_CLOSED: { status: 409, message: 'The account is closed' },
  PLAYERS_DIFFER: {
    status: 422,
    message: 'Money moves between two players only through the house',
  },
  INSUFFICIENT_FUNDS: { status: 409, message: 'Insufficient balance' },
  REQUIRED_MISSING: {
    status: 409,
    message: 'The transfer this one depends on has not happened',
  },
  LEDGER_BUSY: { status: 503, message: 'The wallet is busy; please try again in a moment' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof LEDGER_ERRORS> {}
}

export type LedgerErrorCode = keyof typeof LEDGER_ERRORS;

const ledgerErrors = defineErrors('ledger', LEDGER_ERRORS);

/** `new LedgerError(code, message?)`: other modules refuse money moves with the ledger's codes. */
export const LedgerError = ledgerErrors.Error;
export type LedgerError = InstanceType<typeof LedgerError>;
export const isLedgerError = ledgerErrors.is;

export function isLedgerErrorCode(code: string): code is LedgerErrorCode {
  return Object.hasOwn(LEDGER_ERRORS, code);
}
