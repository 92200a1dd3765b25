import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/** Expected refusals of the bet path, each with its HTTP status and a message a player can read. */
export const WAGERS_ERRORS = {
  INSUFFICIENT_FUNDS: { status: 409, message: 'Your balance is too low for this bet.' },
  BONUS_MAX_BET: {
    status: 422,
    message: 'While a bonus is wagered, this bet is above the maximum bet.',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof WAGERS_ERRORS> {}
}

export type WagersErrorCode = keyof typeof WAGERS_ERRORS;

export const { error: wagersError, is: isWagersError } = defineErrors('wagers', WAGERS_ERRORS);
