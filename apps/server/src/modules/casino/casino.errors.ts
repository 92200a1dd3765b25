import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/**
 * Expected failures of the casino (the lobby, the originals, Crash and the provider API), each
 * with its HTTP status and the message a player (or a studio) reads unless the throw says more.
 */
export const CASINO_ERRORS = {
  // The lobby and game launch.
  GAME_NOT_FOUND: { status: 404, message: 'No such game' },
  GAME_UNAVAILABLE: { status: 409, message: 'This game cannot be opened on this site yet.' },
  DEMO_UNAVAILABLE: { status: 409, message: 'This game has no demo mode.' },
  // Round recall: another player's bet answers the same as one that does not exist.
  BET_NOT_FOUND: { status: 404, message: 'No such bet' },
  BUILT_IN_STUDIO: {
    status: 409,
    message:
      'The demo studio ships with the product: its launch URL and secret come from the server configuration (LANTERN_STUDIO_SECRET).',
  },

  // The originals and Crash.
  BET_OVER_LIMIT: { status: 422, message: 'The bet is above the maximum bet' },
  BET_UNDER_LIMIT: { status: 422, message: 'The bet is below the minimum bet' },
  PAYOUT_OVER_LIMIT: { status: 422, message: 'The win could exceed the maximum payout' },
  ROUND_IN_PROGRESS: {
    status: 409,
    message: 'A Mines round is already in progress: finish it first.',
  },
  NO_ACTIVE_ROUND: { status: 409, message: 'You have no Mines round in progress.' },
  ACTION_NOT_ALLOWED: {
    status: 409,
    message: 'That move is not allowed now (the rules or the turn do not allow it).',
  },
  ACTION_IN_PROGRESS: {
    status: 409,
    message: 'Your previous move is still being processed: wait a moment and try again.',
  },
  STALE_ACTION: {
    status: 409,
    message: 'The round has moved on since you saw it: look at it again before your next move.',
  },
  SEED_NOT_SHOWN: {
    status: 409,
    message: 'Your next server seed had not been shown yet: read your seeds, then rotate.',
  },
  SEEDS_CHANGED: {
    status: 409,
    message: 'Your seeds were rotated elsewhere since you read them: read them again, then rotate.',
  },
  BETTING_CLOSED: {
    status: 409,
    message: 'Bets are closed for this round: wait for the next one.',
  },
  ALREADY_BET: { status: 409, message: 'You already have a bet in this round.' },
  NO_ACTIVE_BET: { status: 409, message: 'You have no bet riding in this round.' },
  TOO_LATE: { status: 409, message: 'Too late: the round has crashed.' },

  // The provider API (docs/provider-api.md): studios read these codes.
  INVALID_SIGNATURE: { status: 401, message: 'The request signature is missing or wrong' },
  STALE_REQUEST: {
    status: 401,
    message: 'The request timestamp is more than 5 minutes away from the server clock',
  },
  UNKNOWN_PROVIDER: { status: 401, message: 'No such connected provider' },
  MALFORMED_REQUEST: { status: 400, message: 'The request is malformed' },
  VALIDATION_FAILED: { status: 422, message: 'The request is invalid' },
  INVALID_AMOUNT: { status: 422, message: 'amount: must be more than 0' },
  WRONG_CURRENCY: { status: 422, message: "The currency is not the player's wallet currency" },
  UNKNOWN_SESSION: { status: 404, message: 'No such game session for this player' },
  SESSION_EXPIRED: { status: 401, message: 'The game session has expired' },
  UNKNOWN_PLAYER: { status: 404, message: 'No such player' },
  UNKNOWN_GAME: { status: 404, message: 'The session is not for this game' },
  ROUND_NOT_FOUND: { status: 404, message: 'No such round for this player' },
  TRANSACTION_NOT_FOUND: { status: 404, message: 'No such transaction' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'The balance is too low for this bet' },
  DUPLICATE_TRANSACTION: {
    status: 409,
    message: 'The transaction id was already used for a different request',
  },
  TRANSACTION_ROLLED_BACK: { status: 409, message: 'The transaction was rolled back' },
  ALREADY_ROLLED_BACK: { status: 409, message: 'The transaction was already rolled back' },
  ROUND_CLOSED: { status: 409, message: 'The round is closed' },
  TRANSACTION_IN_PROGRESS: {
    status: 409,
    message: 'The bet is still being processed; retry the rollback',
  },
  ROLLBACK_NOT_ALLOWED: {
    status: 409,
    message:
      'Only a bet of this player, in this round, still open and without wins, can be rolled back',
  },
  BET_OUT_OF_RANGE: { status: 422, message: 'The bet is outside the range of this game' },
  FREE_ROUNDS_NOT_FOUND: { status: 404, message: 'No such free spins for this player and game' },
  FREE_ROUNDS_FINISHED: { status: 409, message: 'These free spins are used up or expired' },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof CASINO_ERRORS> {}
}

export type CasinoErrorCode = keyof typeof CASINO_ERRORS;

const casinoErrors = defineErrors('casino', CASINO_ERRORS);
export const { error: casinoError, is: isCasinoError } = casinoErrors;

/** Every code the provider API answers with, in the order its documentation lists them. */
export const PROVIDER_API_CODES = [
  'INVALID_SIGNATURE',
  'STALE_REQUEST',
  'UNKNOWN_PROVIDER',
  'MALFORMED_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_AMOUNT',
  'WRONG_CURRENCY',
  'UNKNOWN_SESSION',
  'SESSION_EXPIRED',
  'UNKNOWN_PLAYER',
  'UNKNOWN_GAME',
  'ROUND_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_ROLLED_BACK',
  'ALREADY_ROLLED_BACK',
  'ROUND_CLOSED',
  'TRANSACTION_IN_PROGRESS',
  'ROLLBACK_NOT_ALLOWED',
  'BET_OUT_OF_RANGE',
  'FREE_ROUNDS_NOT_FOUND',
  'FREE_ROUNDS_FINISHED',
] as const satisfies readonly CasinoErrorCode[];

export type ProviderErrorCode = (typeof PROVIDER_API_CODES)[number];

export const isProviderErrorCode = (code: string): code is ProviderErrorCode =>
  (PROVIDER_API_CODES as readonly string[]).includes(code);

/** A provider-API refusal: a documented code, its status, and the balance when the player is known. */
export class ProviderError extends casinoErrors.Error {
  declare readonly code: ProviderErrorCode;
  constructor(
    code: ProviderErrorCode,
    message: string,
    readonly balance: string | null = null,
    readonly currency: string | null = null,
  ) {
    super(code, message);
    this.name = 'ProviderError';
  }
}
