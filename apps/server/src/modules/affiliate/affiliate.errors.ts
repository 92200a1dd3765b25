import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of the affiliate programme, each with its HTTP status and message. A taken
 * campaign code, an unknown player and a bad field are the platform's generic codes.
 */
export const AFFILIATE_ERRORS = {
  /** A player has at most CAMPAIGNS_PER_PLAYER_MAX campaigns. */
  LIMIT_REACHED: { status: 409, message: 'You have as many campaigns as you can have' },
  /** Commissions are run for a month that has ended. */
  PERIOD_OPEN: { status: 409, message: 'This month has not ended yet' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof AFFILIATE_ERRORS> {}
}

export type AffiliateErrorCode = keyof typeof AFFILIATE_ERRORS;

export const { error: affiliateError, is: isAffiliateError } = defineErrors(
  'affiliate',
  AFFILIATE_ERRORS,
);
