import { type CodesOf, defineErrors } from '../../platform/http/errors.ts';

/** Expected refusals of races, each with its HTTP status and the message an operator reads. */
export const RACES_ERRORS = {
  RACE_NOT_FOUND: { status: 404, message: 'No such race' },
  /** The end must come after the start, within the longest race, and not in the past. */
  RACE_DATES_INVALID: { status: 422, message: 'ends_at: the race must end after it starts' },
  /** Another open race of the same name runs over some of these dates. */
  RACE_OVERLAPS: {
    status: 409,
    message: 'A race of the same name already runs over these dates',
  },
  RACE_CURRENCY_UNKNOWN: { status: 422, message: 'currency: not a currency of the catalogue' },
  /** A prize has more decimals than its currency, or the table pays nothing at all. */
  RACE_PRIZES_INVALID: { status: 422, message: 'prizes: each prize must fit the currency' },
  RACE_MIN_STAKE_INVALID: { status: 422, message: 'min_stake_eur: a EUR amount with 2 decimals' },
  /** Ending, ended and cancelled races keep their definition. */
  RACE_CLOSED: { status: 409, message: 'This race has ended or was cancelled' },
  /** A race that has started keeps its metric, games and start (scores already count them). */
  RACE_STARTED: {
    status: 409,
    message: 'This race has started: only its name, prizes and end can change',
  },
} as const;

declare module '../../platform/http/errors.ts' {
  interface ErrorCodes extends CodesOf<typeof RACES_ERRORS> {}
}

export type RacesErrorCode = keyof typeof RACES_ERRORS;

export const { error: racesError, is: isRacesError } = defineErrors('races', RACES_ERRORS);
