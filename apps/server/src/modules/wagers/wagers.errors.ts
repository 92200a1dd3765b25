import { AppError, type FieldError } from '../../platform/http/errors.ts';

/** Expected refusals of the bet path, each with its HTTP status and a message a player can read. */
export const WAGERS_ERRORS = {
  INSUFFICIENT_FUNDS: { status: 409, message: 'Your balance is too low for this bet.' },
  BONUS_MAX_BET: {
    status: 422,
    message: 'While a bonus is wagered, this bet is above the maximum bet.',
  },
} as const;

export type WagersErrorCode = keyof typeof WAGERS_ERRORS;

export class WagersError extends AppError {
  declare readonly code: WagersErrorCode;
  constructor(
    code: WagersErrorCode,
    message: string = WAGERS_ERRORS[code].message,
    errors?: FieldError[],
  ) {
    super(code, message, { status: WAGERS_ERRORS[code].status, errors });
    this.name = 'WagersError';
  }
}

export const isWagersError = (error: unknown, code?: WagersErrorCode): error is WagersError =>
  error instanceof WagersError && (code === undefined || error.code === code);
