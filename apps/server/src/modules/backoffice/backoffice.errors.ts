import { type CodesOf, defineErrors, recordedRefusal } from '../../platform/http/errors.ts';

/**
 * Expected refusals of the back office's own rules, each with its HTTP status and message. The
 * rest (an unknown player, a state that does not allow it) is the platform's generic codes.
 */
export const BACKOFFICE_ERRORS = {
  /** A balance adjustment is decided by someone other than the staff member who asked for it. */
  FOUR_EYES: { status: 403, message: 'A second staff member must decide on your own request' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof BACKOFFICE_ERRORS> {}
}

export type BackofficeErrorCode = keyof typeof BACKOFFICE_ERRORS;

export const { error: backofficeError, is: isBackofficeError } = defineErrors(
  'backoffice',
  BACKOFFICE_ERRORS,
);

/**
 * An approved adjustment the wallet refused (INSUFFICIENT_FUNDS, a closed account): the wallet's
 * code, whichever table it came from, as a 409, since the request is now failed on record.
 */
export const adjustmentRefused = (code: string, message: string) => recordedRefusal(code, message);
