import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected refusals of staff sign-in, each with its HTTP status and message. The rest of what
 * staff are refused (wrong password, a role that may not, a taken email) is the platform's
 * generic codes.
 */
export const STAFF_ERRORS = {
  ACCOUNT_DISABLED: { status: 403, message: 'This staff account is disabled' },
  TOTP_INVALID: { status: 401, message: 'The code is not valid or was already used' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof STAFF_ERRORS> {}
}

export type StaffErrorCode = keyof typeof STAFF_ERRORS;

export const { error: staffError, is: isStaffError } = defineErrors('staff', STAFF_ERRORS);
