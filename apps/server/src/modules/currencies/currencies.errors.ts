import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/** Expected failures about a player's currency, each with its HTTP status and message. */
export const CURRENCIES_ERRORS = {
  /** Money needs the player's wallet currency, and the player has not chosen one yet. */
  NO_WALLET_CURRENCY: { status: 409, message: 'Your account has no wallet currency' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof CURRENCIES_ERRORS> {}
}

export type CurrenciesErrorCode = keyof typeof CURRENCIES_ERRORS;

export const { error: currenciesError, is: isCurrenciesError } = defineErrors(
  'currencies',
  CURRENCIES_ERRORS,
);
