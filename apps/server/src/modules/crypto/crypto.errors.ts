import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of crypto deposits and withdrawals and of providers' callbacks, each with its
 * HTTP status and the message a player, the desk or a provider reads unless the throw says more.
 * A bad field is the platform's VALIDATION_FAILED naming it. KYC_REQUIRED, WITHDRAWAL_STATE and
 * PROVIDER_UNAVAILABLE mean what they mean in the cashier; CALLBACK_REJECTED what it means in KYC.
 */
export const CRYPTO_ERRORS = {
  // Quotes, deposits and withdrawals.
  /** The wallet amount is worth less than one base unit of the coin. */
  AMOUNT_TOO_SMALL: { status: 400, message: 'Amount is too small to pay in this coin' },
  /** The operator has set no rate for the coin or the wallet currency. */
  RATE_UNAVAILABLE: { status: 400, message: 'No exchange rate is set for this coin' },
  /** The active provider does not take this coin on this network. */
  NETWORK_UNAVAILABLE: {
    status: 400,
    message: 'This coin on this network is not available for deposits',
  },
  ADDRESS_INVALID: { status: 422, message: 'Payment Address is not valid!' },
  INSUFFICIENT_WITHDRAWABLE: {
    status: 422,
    message: 'The amount is more than you can withdraw now.',
  },
  KYC_REQUIRED: { status: 403, message: 'Please verify your identity before withdrawing.' },
  WITHDRAWAL_STATE: { status: 409, message: 'This withdrawal cannot be changed now.' },
  /** The provider did not answer: nothing was stored. */
  PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'Crypto deposits are unavailable right now. Please try again later.',
  },

  // Provider callbacks.
  /** Not signed by the provider (or unreadable): who sent it is unknown. */
  CALLBACK_REJECTED: { status: 401, message: 'Callback rejected' },
  /**
   * Signed by the provider but naming another pay currency than the invoice: a refusal of its
   * content, which providers know as CALLBACK_REJECTED at 422.
   */
  CALLBACK_MISMATCH: {
    status: 422,
    code: 'CALLBACK_REJECTED',
    message: 'Callback names another pay currency than the invoice',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof CRYPTO_ERRORS> {}
}

export const { error: cryptoError, is: isCryptoError } = defineErrors('crypto', CRYPTO_ERRORS);
