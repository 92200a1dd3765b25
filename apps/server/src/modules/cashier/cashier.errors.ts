import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of fiat payments (deposits, withdrawals, the payments desk, provider
 * webhooks), each with its HTTP status and the message a player, the desk or a provider reads
 * unless the throw says more. A bad field is the platform's VALIDATION_FAILED naming it.
 */
export const CASHIER_ERRORS = {
  // Deposits and withdrawals.
  /** The payment provider did not answer: nothing was stored. */
  PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'Deposits are unavailable right now. Please try again later.',
  },
  /** A withdrawal needs an approved identity (decision 0402). */
  KYC_REQUIRED: { status: 403, message: 'Please verify your identity before withdrawing.' },
  /** Nothing is withdrawable while a bonus is wagered (decision 0800). */
  WAGERING_LOCK: {
    status: 409,
    message: 'Withdrawals are locked until your bonus wagering is complete.',
  },
  WITHDRAWAL_STATE: { status: 409, message: 'This withdrawal cannot be changed now.' },

  // The payments desk.
  /** Above the four-eyes threshold, the second approval is someone else's. */
  FOUR_EYES: {
    status: 403,
    message: 'Another staff member must give the second approval of this withdrawal.',
  },

  // Provider webhooks.
  WEBHOOK_REJECTED: { status: 401, message: 'Webhook rejected' },
  WEBHOOK_MISMATCH: {
    status: 422,
    message: 'The webhook names another amount or currency than the payment',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof CASHIER_ERRORS> {}
}

export type CashierErrorCode = keyof typeof CASHIER_ERRORS;

export const { error: cashierError, is: isCashierError } = defineErrors('cashier', CASHIER_ERRORS);
