/**
 * Expected failures are typed codes. Every code sits in one table with the HTTP status it takes
 * and a message a player can read: the platform's generic codes below, each module's own in its
 * `<module>.errors.ts` (decision 0005). Services throw codes; the status comes from the table.
 * Anything else is a bug: it is logged with its stack and answered with a generic 500 that leaks
 * nothing.
 */

export type FieldError = { path: string; message: string };

/**
 * One expected failure: the status it takes and the message a throw gives unless it knows more.
 * `code`, when set, is the known code the entry answers with at a status of its own, because
 * clients know that code at both statuses (a reset link's `TOKEN_INVALID` is 400, a session's
 * 401); the key then names the failure only inside the server. Such entries are few and listed in
 * `src/errors.test.ts` (decision 0005).
 */
export type ErrorEntry = {
  readonly status: number;
  readonly message: string;
  readonly code?: string;
};

/** A table of failures by key; the key is the code, unless the entry names another. */
export type ErrorTable = { readonly [key: string]: ErrorEntry };

/**
 * A table's codes by status: the shape each table adds to `ErrorCodes`. An entry answering with
 * another table's code adds nothing: that code keeps the one status it is known by.
 */
export type CodesOf<T extends ErrorTable> = {
  readonly [K in keyof T as T[K] extends { readonly code: string } ? never : K]: T[K]['status'];
};

/** The code an entry of `T` answers with: its key, or the code it names. */
type CodeOf<T extends ErrorTable, K extends keyof T> = T[K] extends {
  readonly code: infer C extends string;
}
  ? C
  : K & string;

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

/**
 * The status of an error built in this file: a table's own (`defineErrors`), a refusal answered
 * again, or a framework 4xx. Not exported, so no other file can name a status.
 */
const STATUS = Symbol('status');

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  /** A platform code: its status, and its message unless one is given, from `PLATFORM_ERRORS`. */
  constructor(code: PlatformErrorCode, message?: string, options?: ErrorOptions);
  /** This file's own errors, whose status comes from a table or a rule stated here. */
  constructor(code: string, message: string, options: ErrorOptions & { [STATUS]: number });
  constructor(code: string, message?: string, options: ErrorOptions & { [STATUS]?: number } = {}) {
    const platform = Object.hasOwn(PLATFORM_ERRORS, code)
      ? PLATFORM_ERRORS[code as PlatformErrorCode]
      : undefined;
    const status = options[STATUS] ?? platform?.status;
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

/**
 * A refusal recorded earlier (a slip's bet, a balance adjustment) answered again to a retry: the
 * code and message as recorded, whichever table the code came from, at 409, since the request
 * now names something that exists and was refused.
 */
export const recordedRefusal = (code: string, message: string) =>
  new AppError(code, message, { [STATUS]: 409 });

/**
 * A 4xx the HTTP framework decided that no code names (a method not allowed, headers too large):
 * `BAD_REQUEST` at the status it chose, since that status is the answer's point.
 */
export function frameworkRefusal(status: number, message: string): AppError {
  if (!(Number.isInteger(status) && status >= 400 && status <= 499))
    throw new Error(`frameworkRefusal: ${status} is not a 4xx`);
  return new AppError('BAD_REQUEST', message, { [STATUS]: status });
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
 * A module's errors from its table: `error(key, message?, errors?)` builds one (the table's
 * message unless the throw knows more, such as an amount; `errors` as field errors, or a path
 * naming the one field at fault), `is(error, key?)` recognises them. Errors are of a class of
 * this table's own, so a code two tables share (INSUFFICIENT_FUNDS: the ledger's and the bet
 * path's) still tells whose error it is, and `key` tells apart two entries answering with one code.
 */
export function defineErrors<const T extends ErrorTable>(
  owner: string,
  table: T & { readonly [K in keyof T]: { readonly code?: ErrorCode } },
) {
  type Key = keyof T & string;
  register(owner, table);
  const name = `${owner[0]!.toUpperCase()}${owner.slice(1)}Error`;

  class TableError extends AppError {
    declare readonly code: { [K in Key]: CodeOf<T, K> }[Key] & ErrorCode;
    /** The table's entry: the code itself, or the name of a failure answering with another code. */
    readonly key: Key;
    constructor(key: Key, message?: string, errors?: FieldError[] | string) {
      const entry = table[key]!;
      const text = message ?? entry.message;
      super(entry.code ?? key, text, {
        [STATUS]: entry.status,
        errors: typeof errors === 'string' ? [{ path: errors, message: text }] : errors,
      });
      this.name = name;
      this.key = key;
    }
  }

  return {
    table,
    Error: TableError,
    error: (key: Key, message?: string, errors?: FieldError[] | string) =>
      new TableError(key, message, errors),
    is: (error: unknown, key?: Key): error is TableError =>
      error instanceof TableError && (key === undefined || error.key === key),
  };
}

function register(owner: string, table: ErrorTable): void {
  if (tables.has(owner)) throw new Error(`defineErrors: ${owner} has a table already`);
  for (const [code, { status, code: answers }] of Object.entries(table)) {
    // An entry answering with another code takes its own status on purpose; the test lists them.
    if (answers !== undefined) continue;
    for (const [other, known] of tables) {
      const entry = known[code];
      const theirs = entry?.code === undefined ? entry?.status : undefined;
      if (theirs !== undefined && theirs !== status)
        throw new Error(`defineErrors: ${code} is ${theirs} in ${other} but ${status} in ${owner}`);
    }
  }
  tables.set(owner, table);
}
