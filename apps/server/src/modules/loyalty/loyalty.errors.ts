import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of the loyalty programme, each with its HTTP status and the message a
 * player or operator reads.
 */
export const LOYALTY_ERRORS = {
  /** A claim found no whole minor unit of rakeback (or another tab took it first). */
  NOTHING_TO_CLAIM: { status: 409, message: 'There is no rakeback to claim yet' },
  /** The ladder's thresholds must rise with the rank, the first starting the ladder. */
  LEVELS_OUT_OF_ORDER: {
    status: 422,
    message: 'levels: each threshold must be higher than the one before',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof LOYALTY_ERRORS> {}
}

export type LoyaltyErrorCode = keyof typeof LOYALTY_ERRORS;

export const { error: loyaltyError, is: isLoyaltyError } = defineErrors('loyalty', LOYALTY_ERRORS);
