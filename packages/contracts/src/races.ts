import { z } from 'zod';

/**
 * Races (decision 0710): time-boxed competitions ranking real-money players by EUR wagered or by
 * their best multiplier over chosen games, with a prize per place paid once when the race ends.
 * Amounts are decimal strings in the race's prize currency; scores are decimal strings too
 * (EUR for `wagered`, a multiplier with 2 decimals for `multiplier`).
 */

/** Places a prize table may pay, and places a leaderboard shows. */
export const RACE_PLACES_MAX = 100;
/** Games (or game groups) a race may name. */
export const RACE_GAMES_MAX = 50;
/** The longest race: about a quarter of a year. */
export const RACE_DURATION_DAYS_MAX = 92;
export const RACE_NAME_CHARS_MAX = 60;

export const RACE_METRICS = ['wagered', 'multiplier'] as const;
export type RaceMetric = (typeof RACE_METRICS)[number];
/** A daily or weekly race starts its next edition when it ends; `once` runs between two dates. */
export const RACE_RECURRENCES = ['once', 'daily', 'weekly'] as const;
export type RaceRecurrence = (typeof RACE_RECURRENCES)[number];
export const RACE_STATUSES = ['scheduled', 'running', 'ending', 'ended', 'cancelled'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

/**
 * What a race counts: `all`, `sportsbook`, `crash`, `originals` (every in-house game),
 * `originals:<game>` (one of them) or `provider:<slug>` (one studio game).
 */
export const RACE_GAME_PATTERN =
  /^(all|sportsbook|crash|originals|originals:[a-z0-9-]{1,40}|provider:[a-z0-9-]{1,80})$/;

const amount = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,8})?$/, `${field}: an amount such as 100 or 12.50`);

/** The back office's definition of a race (create and edit). */
export const raceInput = z.object({
  name: z.string().trim().min(1).max(RACE_NAME_CHARS_MAX),
  metric: z.enum(RACE_METRICS),
  recurrence: z.enum(RACE_RECURRENCES),
  /** The prize currency (a currency of the catalogue). */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,10}$/, 'currency: a currency code such as EUR'),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  games: z
    .array(
      z
        .string()
        .regex(
          RACE_GAME_PATTERN,
          'games: all, sportsbook, crash, originals[:game] or provider:<slug>',
        ),
    )
    .min(1)
    .max(RACE_GAMES_MAX),
  /** `multiplier` races: the smallest stake (EUR) a bet needs to count. */
  min_stake_eur: amount('min_stake_eur').default('0'),
  /** The prize of each place, first place first. */
  prizes: z.array(amount('prizes')).min(1).max(RACE_PLACES_MAX),
});
export type RaceInput = z.infer<typeof raceInput>;

const prize = z.object({ place: z.number().int(), amount: z.string() });

/** A race as players see it. */
export const raceSummary = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.enum(RACE_METRICS),
  recurrence: z.enum(RACE_RECURRENCES),
  status: z.enum(RACE_STATUSES),
  currency: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  games: z.array(z.string()),
  min_stake_eur: z.string(),
  prizes: z.array(prize),
  prize_total: z.string(),
});
export type RaceSummary = z.infer<typeof raceSummary>;

/** One place on a leaderboard; `name` is null for a player who hides from leaderboards. */
export const raceStanding = z.object({
  place: z.number().int(),
  name: z.string().nullable(),
  hidden: z.boolean(),
  score: z.string(),
  prize: z.string().nullable(),
  /** The reader's own row. */
  you: z.boolean(),
});
export type RaceStanding = z.infer<typeof raceStanding>;

/** `GET /api/v1/races/{id}/leaderboard` and the socket's `leaderboard` push. */
export const raceBoard = z.object({
  race: raceSummary,
  top: z.array(raceStanding),
  /** The reader's place (null: not ranked, or not signed in). */
  me: raceStanding.nullable(),
  /** Players ranked. */
  players: z.number().int(),
  updated_at: z.string(),
});
export type RaceBoard = z.infer<typeof raceBoard>;

/** `GET /api/v1/races`: the running and upcoming races, and the last ended ones. */
export const raceList = z.object({ races: z.array(raceSummary) });

export const racePrivacy = z.object({ hidden: z.boolean() });
export type RacePrivacy = z.infer<typeof racePrivacy>;

/** The race socket: the client asks to watch one race (a bearer token adds its own place). */
export const raceSocketClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('watch'),
    race_id: z.string().regex(/^\d{1,18}$/),
    token: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type RaceSocketClientMessage = z.infer<typeof raceSocketClientMessage>;
export type RaceSocketServerMessage =
  | { type: 'leaderboard'; data: RaceBoard }
  | { type: 'pong' }
  | { type: 'error'; message: string };

/** The back office's row: the definition and how far it got. */
export const raceAdmin = raceSummary.extend({
  cancelled_at: z.string().nullable(),
  players: z.number().int(),
  paid: z.number().int(),
  created_at: z.string(),
});
export type RaceAdmin = z.infer<typeof raceAdmin>;
export const raceAdminList = z.object({ races: z.array(raceAdmin) });

/** Final (or current) standings as the back office reads them: player ids, not only names. */
export const raceAdminStandings = z.object({
  race: raceAdmin,
  standings: z.array(
    z.object({
      place: z.number().int(),
      player_id: z.string(),
      username: z.string().nullable(),
      hidden: z.boolean(),
      score: z.string(),
      prize: z.string().nullable(),
      paid: z.boolean(),
    }),
  ),
});

/** A player's places in races (the back office's player view). */
export const raceAdminPlayer = z.object({
  places: z.array(
    z.object({
      race_id: z.string(),
      race: z.string(),
      status: z.enum(RACE_STATUSES),
      ends_at: z.string(),
      place: z.number().int().nullable(),
      score: z.string(),
      prize: z.string().nullable(),
      currency: z.string(),
      paid: z.boolean(),
    }),
  ),
  hidden: z.boolean(),
});
