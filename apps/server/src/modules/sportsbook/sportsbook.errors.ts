import { type CodesOf, defineErrors, recordedRefusal } from '../../platform/http/errors.ts';

/**
 * Expected outcomes of the book, each with the HTTP status it takes and the message a player or
 * the trading desk reads. A slip's refusals come in the order the quote checks them; then cash-out,
 * then the desk's pricing (prices, margins and sport settings).
 */
export const SPORTSBOOK_ERRORS = {
  SELECTION_NOT_FOUND: { status: 404, message: 'This selection does not exist' },
  MARKET_CLOSED: { status: 409, message: 'The market is closed' },
  MARKET_SUSPENDED: { status: 409, message: 'Betting is suspended on this market' },
  PRICE_CHANGED: { status: 409, message: 'The price moved' },
  DUPLICATE_SELECTION: { status: 422, message: 'The same selection appears twice in the slip' },
  CONFLICTING_SELECTIONS: {
    status: 422,
    message: 'Selections from the same event cannot be combined',
  },
  CURRENCY_NOT_SUPPORTED: {
    status: 422,
    message: 'Sports betting is not offered in this currency',
  },
  BETTING_RESTRICTED: {
    status: 403,
    message: 'Sports betting is not available on this account',
  },
  STAKE_TOO_LOW: { status: 422, message: 'The stake is below the minimum' },
  STAKE_OVER_LIMIT: { status: 422, message: 'The stake is above the maximum' },
  PAYOUT_OVER_LIMIT: { status: 422, message: 'The payout is above the maximum; lower the stake' },
  /** Over the player's share of one market; a live bet re-quoted over it is still accepted. */
  MARKET_LIMIT: { status: 422, message: 'Your stake on this market would exceed its limit' },
  FREE_BET_UNAVAILABLE: { status: 409, message: 'This free bet is not available' },
  FREE_BET_NOT_ALLOWED: {
    status: 422,
    message: 'A free bet stakes a single or a multiple, not a system',
  },
  FREE_BET_STAKE: { status: 422, message: 'A free bet stakes exactly its value' },
  CASHOUT_UNAVAILABLE: { status: 409, message: 'This bet can no longer be cashed out' },
  CASHOUT_CHANGED: { status: 409, message: 'The cash-out value changed' },
  /** A partial cash-out's stake: over the stake, under the minimum share, uneven over lines. */
  CASHOUT_PART_INVALID: { status: 422, message: 'This part of the stake cannot be cashed out' },
  /** A retried slip whose bet was refused without a code of its own. */
  REJECTED: { status: 409, message: 'The bet was refused' },
  /** A bet a crash left between its insert and its acceptance, released by the sweep. */
  INTERRUPTED: { status: 409, message: 'The bet was interrupted' },
  /** A setting outside PRICING_BOUNDS, or a minimum not below the maximum. */
  PRICING_INVALID: { status: 422, message: 'The pricing settings are invalid' },
  /** A manual price outside the sport's range. */
  ODDS_OUT_OF_RANGE: { status: 422, message: "The price is outside the sport's range" },
  /** The book would fall under its floor; the desk may confirm and the book rebalances. */
  BOOK_UNDER_MARGIN: { status: 409, message: 'This takes the book under its floor' },
  /** The book would fall under its floor and no price is left to rebalance it. */
  BOOK_UNBALANCED: {
    status: 409,
    message: 'This takes the book under its floor and no other price can make up for it',
  },
  /** Bet builder (decision 0615): picks that cannot be combined, each with its reason. */
  BUILDER_NOT_OFFERED: { status: 422, message: 'The bet builder is not offered on this event' },
  BUILDER_ONE_EVENT: { status: 422, message: 'A bet builder combines picks of one event' },
  BUILDER_TOO_MANY_LEGS: { status: 422, message: 'Too many picks for a bet builder' },
  BUILDER_SAME_MARKET: { status: 422, message: 'Two picks of one market cannot both win' },
  BUILDER_MARKET_NOT_SUPPORTED: {
    status: 422,
    message: 'This market cannot be combined in a bet builder',
  },
  BUILDER_INCOMPATIBLE: { status: 422, message: 'These picks cannot all happen' },
  BUILDER_TOO_UNLIKELY: { status: 422, message: 'These picks are too unlikely to price' },
  BUILDER_PRICE_OUT_OF_RANGE: {
    status: 422,
    message: 'The combined price is outside the range the book offers',
  },
  /** A builder setting outside BUILDER_BOUNDS. */
  BUILDER_SETTINGS_INVALID: { status: 422, message: 'The bet builder settings are invalid' },
  FEED_SETTINGS_INVALID: { status: 422, message: 'The odds feed settings are invalid' },
  /** The desk retried a bet whose correction is not held (decision 0621). */
  CORRECTION_NOT_HELD: { status: 409, message: 'This bet has no held correction' },
  /** A held correction that would pay the player on balance: nothing to write off. */
  CORRECTION_NOT_SHORT: {
    status: 409,
    message: 'Nothing is short on this correction: there is nothing to write off',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof SPORTSBOOK_ERRORS> {}
}

export type SportsbookErrorCode = keyof typeof SPORTSBOOK_ERRORS;

export const { error: sportsbookError, is: isSportsbookError } = defineErrors(
  'sportsbook',
  SPORTSBOOK_ERRORS,
);

/**
 * A retried slip whose bet was refused: the first refusal's code and message, whichever table
 * the code came from (stored with the bet), as a 409, since the request now names a bet that exists.
 */
export const refusedAgain = (code: string | null, message: string | null) =>
  code === null
    ? sportsbookError('REJECTED', message ?? undefined)
    : recordedRefusal(code, message ?? SPORTSBOOK_ERRORS.REJECTED.message);
