import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of player registration and passwords, each with its HTTP status and message.
 * A failed sign-in, an expired session, a blocked account and a taken email are the platform's
 * generic codes.
 */
export const AUTH_ERRORS = {
  /** Under 18, or under the higher age of the player's jurisdiction. */
  UNDERAGE: { status: 422, message: 'You are below the minimum age to register' },
  /**
   * A reset link that is invalid, expired or used: a bad field of the reset form, where an
   * expired session is a 401. Clients know both as TOKEN_INVALID (decision 0004).
   */
  RESET_LINK_INVALID: {
    status: 400,
    code: 'TOKEN_INVALID',
    message: 'This reset link is invalid, expired or already used. Request a new one.',
  },
  /**
   * The current password, asked again to change it, is wrong: a field of a signed-in form, where
   * a failed sign-in is a 401. Clients know both as INVALID_CREDENTIALS and name the field.
   */
  CURRENT_PASSWORD_WRONG: {
    status: 422,
    code: 'INVALID_CREDENTIALS',
    message: 'The current password is not correct',
  },
  /** A wrong, malformed or already used authenticator or recovery code (the field `code`). */
  TWO_FACTOR_CODE_INVALID: {
    status: 422,
    message: 'The code is not valid or was already used. Check the time on your phone.',
  },
  /** The sign-in's second step came too late, twice, or after too many wrong codes. */
  TWO_FACTOR_CHALLENGE_INVALID: {
    status: 401,
    message: 'This sign-in has expired. Please sign in again with your password.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    message: 'Two-factor authentication is already on',
  },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'Two-factor authentication is off' },
  /** A confirmation without an enrolment started first. */
  TWO_FACTOR_NOT_ENROLLING: {
    status: 409,
    message: 'Start setting up two-factor authentication first',
  },
  /** A withdrawal to a payout account never used before, without a fresh code (`two_factor_code`). */
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message: 'Enter a code from your authenticator app to pay out to a new account',
  },
  /**
   * A passkey ceremony's answer whose challenge is unknown, expired (5 minutes) or already
   * answered once: the player starts again (decision 0143).
   */
  PASSKEY_CHALLENGE_INVALID: {
    status: 400,
    message: 'This passkey request has expired or was already used. Please try again.',
  },
  /**
   * A passkey that did not check out: unknown, another site's or origin's, a bad signature, no
   * user verification, a counter that went back. A 422, not a 401, as for codes (decision 0140).
   */
  PASSKEY_REJECTED: {
    status: 422,
    message: 'This passkey could not be verified. Try again or sign in with your password.',
  },
  PASSKEY_LIMIT: {
    status: 409,
    message: 'You have the most passkeys an account can have. Remove one to add another.',
  },
  /** The authenticator made a credential this site already knows. */
  PASSKEY_ALREADY_REGISTERED: { status: 409, message: 'This passkey is already registered' },
  /** Adding or removing a passkey needs a sign-in of the last 15 minutes (decision 0143). */
  PASSKEY_RECENT_SIGN_IN_REQUIRED: {
    status: 403,
    message: 'For your safety, sign out and sign in again before adding or removing a passkey.',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof AUTH_ERRORS> {}
}

export const { error: authError, is: isAuthError } = defineErrors('auth', AUTH_ERRORS);
