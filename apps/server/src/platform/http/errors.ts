/**
 * Expected failures are typed codes with an HTTP status and a message a player can
 * read. Anything else is a bug: it is logged with its stack and answered with a
 * generic 500 that leaks nothing.
 */
export const HTTP_STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  MALFORMED_BODY: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof HTTP_STATUS_BY_CODE | (string & {});

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { status?: number; errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status =
      options.status ?? HTTP_STATUS_BY_CODE[code as keyof typeof HTTP_STATUS_BY_CODE] ?? 400;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
