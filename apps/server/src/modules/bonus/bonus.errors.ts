import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of the bonus engine, each with its HTTP status and the message a player
 * reads. A coupon's come in the order `validateCoupon` checks them.
 */
export const BONUS_ERRORS = {
  COUPON_UNKNOWN: { status: 404, message: 'This coupon code does not exist.' },
  COUPON_EXPIRED: { status: 422, message: 'This coupon has expired.' },
  COUPON_NOT_STARTED: { status: 422, message: 'This coupon is not active yet.' },
  COUPON_NOT_ELIGIBLE: { status: 422, message: 'This coupon is not available for your account.' },
  COUPON_USED: { status: 409, message: 'You have already used this coupon.' },
  COUPON_MIN_DEPOSIT: { status: 422, message: 'This coupon needs a larger deposit.' },
  PROMOTION_NEEDS_DEPOSIT: {
    status: 422,
    message: 'This promotion is granted with a deposit: enter its code in the wallet.',
  },
  PROMOTION_UNAVAILABLE: {
    status: 422,
    message: 'This promotion is not available for your account.',
  },
  ONE_PER_PERSON: { status: 422, message: 'This offer is limited to one per person.' },
  BONUS_NOT_ACTIVE: { status: 409, message: 'This bonus has already ended.' },
  BONUS_BETS_OPEN: {
    status: 409,
    message: 'A bet this bonus paid for is still running: forfeit it once that bet has settled.',
  },
  // Free spins, played through the casino's provider API, which answers studios with these codes.
  FREE_ROUNDS_NOT_FOUND: { status: 404, message: 'No such free spins for this player and game' },
  FREE_ROUNDS_FINISHED: { status: 409, message: 'These free spins are used up or expired' },
  DUPLICATE_TRANSACTION: {
    status: 409,
    message: 'The transaction id was used for a different spin',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof BONUS_ERRORS> {}
}

export type BonusErrorCode = keyof typeof BONUS_ERRORS;

export const { error: bonusError, is: isBonusError } = defineErrors('bonus', BONUS_ERRORS);
