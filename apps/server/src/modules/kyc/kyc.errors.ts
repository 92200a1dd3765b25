import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/** Expected refusals of identity verification, each with its HTTP status and message. */
export const KYC_ERRORS = {
  KYC_TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many verification attempts today. Please try again tomorrow or contact support.',
  },
  KYC_SESSION_UNKNOWN: { status: 404, message: 'This verification link is not valid.' },
  KYC_SESSION_EXPIRED: {
    status: 410,
    message: 'This verification link has expired. Start again from your wallet.',
  },
  KYC_ALREADY_SUBMITTED: { status: 409, message: 'These documents were already submitted.' },
  FILE_TOO_LARGE: { status: 413, message: 'A file is larger than the limit.' },
  /**
   * An uploaded file refused for its type or its size. Clients know these as VALIDATION_FAILED
   * naming the file, at the status HTTP gives the reason; a code of their own would change the API.
   */
  FILE_TYPE_REFUSED: {
    status: 415,
    code: 'VALIDATION_FAILED',
    message: 'The file is not of a type accepted here.',
  },
  FILE_SIZE_REFUSED: {
    status: 413,
    code: 'VALIDATION_FAILED',
    message: 'A file is larger than the limit.',
  },
  KYC_STATE: { status: 409, message: 'This verification cannot be reviewed now.' },
  /** No external vendor is configured: an answer about the install (decision 0004). */
  KYC_VENDOR_OFF: { status: 503, message: 'No external KYC vendor is configured' },
  CALLBACK_REJECTED: { status: 401, message: 'Callback rejected' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof KYC_ERRORS> {}
}

export type KycErrorCode = keyof typeof KYC_ERRORS;

export const { error: kycError, is: isKycError } = defineErrors('kyc', KYC_ERRORS);
