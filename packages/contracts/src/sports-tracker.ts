import { z } from 'zod';

const side = z.enum(['home', 'away']);

/**
 * A live match's tracker (the event page's panel): cricket ball by ball, football's timeline,
 * tennis points. Comes with the event state (`GET /sports/events/:id`, the socket's `event`
 * pushes); null before the match or when the feed sends none.
 */
export const sbTracker = z.discriminatedUnion('sport', [
  z.object({
    sport: z.literal('cricket'),
    innings: z.number().int(),
    batting: side,
    runs: z.number().int(),
    wickets: z.number().int(),
    balls: z.number().int(),
    /** Overs as cricket writes them: "12.3" is twelve overs and three balls. */
    overs: z.string(),
    /** The over under way, ball by ball: "0"–"6" runs, "W" a wicket. */
    this_over: z.array(z.string()),
    /** Runs per over, two decimals; required_rate only in a chase. */
    run_rate: z.string(),
    target: z.number().int().nullable(),
    required_rate: z.string().nullable(),
  }),
  z.object({
    sport: z.literal('football'),
    minute: z.number().int(),
    timeline: z.array(
      z.object({
        minute: z.number().int(),
        type: z.enum(['goal', 'yellow', 'red']),
        side,
      }),
    ),
  }),
  z.object({
    sport: z.literal('tennis'),
    /** Games per set, the set under way last ("6-4"). */
    sets: z.array(z.string()),
    /** The game's points as tennis calls them ("15", "40", "AD"; tiebreak counts). */
    points: z.tuple([z.string(), z.string()]),
    server: side,
    tiebreak: z.boolean(),
    /** Who won each point of the game under way, oldest first. */
    last_points: z.array(side),
  }),
]);
export type SbTracker = z.infer<typeof sbTracker>;
