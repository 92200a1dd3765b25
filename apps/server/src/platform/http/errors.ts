/**
 * Expected failures are typed codes. Every code sits in one table with the HTTP status it takes
 * and a message a player can read: the platform's generic codes below, each module's own in its
 * `<module>.errors.ts` (decision 0005). Services throw codes; the status comes from the table.
 * Anything else is a bug: it is logged with its stack and answered with a generic 500 that leaks
 * nothing.
 */

export type FieldError = { path: string; message: string };

/** A table of codes: the status each takes and the message a throw gives unless it knows more. */
export type ErrorTable = {
  readonly [code: string]: { readonly status: number; readonly message: string };
};

/** A table's codes by status: the shape each table adds to `ErrorCodes`. */
export type CodesOf<T extends ErrorTable> = { readonly [K in keyof T]: T[K]['status'] };

/** Codes any module may throw, for failures that are about the request rather than a domain. */
export const PLATFORM_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is invalid' },
  MALFORMED_BODY: { status: 400, message: 'The request body is malformed' },
  INVALID_TEXT: { status: 400, message: 'Text must not contain a NUL character' },
  VALIDATION_FAILED: { status: 422, message: 'The request is invalid' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  UNAUTHORIZED: { status: 401, message: 'A valid metrics token is required' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  TOKEN_INVALID: { status: 401, message: 'Your session has expired. Please sign in again.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  ACCOUNT_BLOCKED: { status: 403, message: 'This account is blocked' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'This idempotency key was already used for a different request',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported content type; send application/json or multipart/form-data',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests; please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'This is unavailable right now; please try again later' },
} as const;

export type PlatformErrorCode = keyof typeof PLATFORM_ERRORS;

/**
 * Every known code, by the status it takes. Each module's errors file adds its table's codes:
 * `declare module '…/platform/http/errors.ts' { interface ErrorCodes extends CodesOf<typeof T> {} }`.
 * A code in two tables must take the same status in both, or this interface does not compile.
 */
export interface ErrorCodes extends CodesOf<typeof PLATFORM_ERRORS> {}

export type ErrorCode = keyof ErrorCodes & string;

type ErrorOptions = { errors?: FieldError[]; retryAfterSeconds?: number };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  /** A platform code: its status, and its message unless one is given, from `PLATFORM_ERRORS`. */
  constructor(code: PlatformErrorCode, message?: string, options?: ErrorOptions);
  /**
   * A code with its status named here: what the tables' own errors (`defineErrors`) use, and the
   * modules not yet on a table of their own (decision 0005 lists them; this overload leaves with
   * the last of them). A status is required, so no code falls back to one silently.
   */
  constructor(code: string, message: string, options: ErrorOptions & { status: number });
  constructor(code: string, message?: string, options: ErrorOptions & { status?: number } = {}) {
    const platform = Object.hasOwn(PLATFORM_ERRORS, code)
      ? PLATFORM_ERRORS[code as PlatformErrorCode]
      : undefined;
    const status = options.status ?? platform?.status;
    // Only a cast reaches this; failing here makes it a logged 500 rather than a quiet 400.
    if (status === undefined) throw new Error(`AppError: ${code} is in no error table`);
    super(message ?? platform?.message ?? code);
    this.name = 'AppError';
    this.code = code as ErrorCode;
    this.status = status;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** The body of every error answer: `{status, code, message, errors?}`. */
export const errorBody = (error: AppError) => ({
  status: error.status,
  code: error.code,
  message: error.message,
  ...(error.errors ? { errors: error.errors } : {}),
});

/** Every table defined so far, by its owner; the platform's first. */
const tables = new Map<string, ErrorTable>([['platform', PLATFORM_ERRORS]]);

/** The tables loaded in this process (a test walks them). */
export const errorTables = (): ReadonlyMap<string, ErrorTable> => tables;

/**
 * A module's errors from its table: `error(code, message?, errors?)` builds one (the table's
 * message unless the throw knows more, such as an amount; `errors` as field errors, or a path
 * naming the one field at fault), `is(error, code?)` recognises them. Errors are of a class of
 * this table's own, so a code two tables share (INSUFFICIENT_FUNDS: the ledger's and the bet
 * path's) still tells whose error it is.
 */
export function defineErrors<const T extends ErrorTable>(owner: string, table: T) {
  type Code = keyof T & string;
  register(owner, table);
  const name = `${owner[0]!.toUpperCase()}${owner.slice(1)}Error`;

  class TableError extends AppError {
    declare readonly code: Code & ErrorCode;
    constructor(code: Code, message?: string, errors?: FieldError[] | string) {
      const entry = table[code]!;
      const text = message ?? entry.message;
      super(code, text, {
        status: entry.status,
        errors: typeof errors === 'string' ? [{ path: errors, message: text }] : errors,
      });
      this.name = name;
    }
  }

  return {
    table,
    Error: TableError,
    error: (code: Code, message?: string, errors?: FieldError[] | string) =>
      new TableError(code, message, errors),
    is: (error: unknown, code?: Code): error is TableError =>
      error instanceof TableError && (code === undefined || error.code === code),
  };
}

function register(owner: string, table: ErrorTable): void {
  if (tables.has(owner)) throw new Error(`defineErrors: ${owner} has a table already`);
  for (const [code, { status }] of Object.entries(table)) {
    for (const [other, known] of tables) {
      const theirs = known[code]?.status;
      if (theirs !== undefined && theirs !== status)
        throw new Error(`defineErrors: ${code} is ${theirs} in ${other} but ${status} in ${owner}`);
    }
  }
  tables.set(owner, table);
}
