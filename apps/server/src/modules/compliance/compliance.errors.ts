import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected failures of compliance (cases, source of funds) and of the player's data rights, each
 * with its HTTP status and the message a reader sees unless the throw says more. Unknown alerts,
 * rules and players are the platform's NOT_FOUND; bad input its VALIDATION_FAILED.
 */
export const COMPLIANCE_ERRORS = {
  INVALID_TRANSITION: { status: 409, message: 'A closed case cannot change its status' },
  SOURCE_OF_FUNDS_OPEN: {
    status: 409,
    message: 'This player already has an open source-of-funds request',
  },
  BALANCE_REMAINING: {
    status: 409,
    message: 'Please withdraw your balance before closing your account',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof COMPLIANCE_ERRORS> {}
}

export type ComplianceErrorCode = keyof typeof COMPLIANCE_ERRORS;

export const { error: complianceError, is: isComplianceError } = defineErrors(
  'compliance',
  COMPLIANCE_ERRORS,
);
