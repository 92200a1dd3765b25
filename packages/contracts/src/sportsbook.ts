import { z } from 'zod';
import { sbTracker } from './sports-tracker.ts';

/** Sportsbook API shapes (issue 18). Odds travel as exact decimal strings ("1.85"). */

export const sbEventStatus = z.enum(['not_started', 'live', 'suspended', 'ended', 'cancelled']);
export const sbMarketStatus = z.enum(['open', 'suspended', 'settled', 'void']);
export const sbResult = z.enum(['open', 'won', 'lost', 'void', 'half_won', 'half_lost']);

export const sbSelection = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  odds: z.string().nullable(),
  odds_milli: z.number().int().nullable(),
  active: z.boolean(),
  result: sbResult,
});
export type SbSelection = z.infer<typeof sbSelection>;

export const sbMarket = z.object({
  id: z.string(),
  event_id: z.string(),
  key: z.string(),
  type: z.string(),
  line: z.string().nullable(),
  name: z.string(),
  status: sbMarketStatus,
  selections: z.array(sbSelection),
  /** The sport's early payout rule pays a pre-match bet on this market early (decision 0641). */
  early_payout: z.boolean().optional(),
  /** The lead (goals, sets) that pays it; null without the rule. */
  early_payout_lead: z.number().int().nullable().optional(),
});
export type SbMarket = z.infer<typeof sbMarket>;

export const sbScore = z.object({
  home: z.string().optional(),
  away: z.string().optional(),
  detail: z.string().optional(),
});

export const sbEventState = z.object({
  id: z.string(),
  status: sbEventStatus,
  score: sbScore,
  clock: z.string(),
  suspended: z.boolean(),
  /** The match tracker (sports-tracker.ts); null when there is none. */
  tracker: sbTracker.nullable().optional(),
});
export type SbEventState = z.infer<typeof sbEventState>;

export const sbEventHeader = sbEventState.extend({
  sport_id: z.string(),
  competition_id: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
});

export const sbEventSummary = sbEventHeader.extend({
  markets_count: z.number().int(),
  main_market: sbMarket.nullable(),
});
export type SbEventSummary = z.infer<typeof sbEventSummary>;

export const sbEventDetail = sbEventHeader.extend({ markets: z.array(sbMarket) });
export type SbEventDetail = z.infer<typeof sbEventDetail>;

export const sbTree = z.object({
  sports: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The sport's in-play bet delay (the slip's countdown); absent: `live_delay_ms`. */
      live_delay_ms: z.number().int().optional(),
    }),
  ),
  competitions: z.array(
    z.object({
      id: z.string(),
      sport_id: z.string(),
      name: z.string(),
      country: z.string(),
      live: z.number().int(),
      upcoming: z.number().int(),
    }),
  ),
  live_delay_ms: z.number().int(),
});
export type SbTree = z.infer<typeof sbTree>;

export const sbEventsQuery = z.object({
  sport: z.string().max(40).optional(),
  competition: z.string().max(80).optional(),
  when: z.enum(['live', 'upcoming', 'all']).default('all'),
});

export const sbPlaceBet = z.object({
  /** `builder`: picks of one event at one joint price (`POST /sports/builder/quote`). */
  kind: z.enum(['single', 'multiple', 'system', 'builder']),
  /** System bets: legs per combination ("2 from 3" → 2). */
  system_size: z.number().int().min(2).max(7).optional(),
  selections: z
    .array(
      z.object({
        selection_id: z.string().regex(/^\d{1,18}$/, 'must be a selection id'),
        /** The price the player saw, as a decimal string ("1.85"). */
        odds: z.string().max(12),
      }),
    )
    .min(1)
    .max(20),
  /** A bet builder: the combined price quoted, as a decimal string ("7.40"). */
  builder_odds: z.string().max(12).optional(),
  /** Stake per line in major units, as an exact decimal string ("10.50"). */
  stake: z.string().max(40),
  accept_odds: z.enum(['none', 'higher', 'any']).default('none'),
  /** Stake the bet with this free-bet token (`GET /customer/free-bets`); the stake must be its value. */
  free_bet_id: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a free bet id')
    .optional(),
  idempotency_key: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII'),
});
export type SbPlaceBet = z.infer<typeof sbPlaceBet>;

export const sbBetLeg = z.object({
  selection_id: z.string(),
  event_id: z.string(),
  event_name: z.string(),
  market_name: z.string(),
  selection_name: z.string(),
  /** The market's and selection's keys, type and line: the player app's translated names. */
  market_key: z.string().optional(),
  market_type: z.string().optional(),
  market_line: z.string().nullable().optional(),
  selection_key: z.string().optional(),
  home: z.string().optional(),
  away: z.string().optional(),
  odds: z.string(),
  result: sbResult,
  event_status: sbEventStatus,
  /** Paid as won by the early payout rule: a later result does not change it. */
  early_paid: z.boolean().optional(),
});

export const sbBet = z.object({
  id: z.string(),
  player_id: z.string(),
  kind: z.enum(['single', 'multiple', 'system', 'builder']),
  /** A bet builder's joint price (it pays at this, not the legs' product); null otherwise. */
  builder_odds: z.string().nullable(),
  system_size: z.number().int().nullable(),
  lines: z.number().int(),
  currency: z.string(),
  stake_minor: z.string(),
  line_stake_minor: z.string(),
  potential_return_minor: z.string(),
  payout_minor: z.string().nullable(),
  status: z.enum(['pending', 'open', 'settled', 'cashed_out', 'rejected']),
  reject_message: z.string().nullable(),
  accept_odds: z.enum(['none', 'higher', 'any']),
  settle_version: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /** Open bets: today's cash-out offer (null while unavailable); cashed out: the amount. */
  cashout_minor: z.string().nullable(),
  /**
   * An open bet without an offer: why (decision 0662). `not_offered`: the operator does not offer
   * cash-out on a sport of this bet; `suspended`: a market is suspended or has no price for now;
   * `free_bet`: staked with a free-bet token. Null or absent otherwise.
   */
  cashout_unavailable: z.enum(['not_offered', 'suspended', 'free_bet']).nullable().optional(),
  /** Staked with a free-bet token: returns show the winnings only (stake not returned). */
  free_bet: z.boolean(),
  legs: z.array(sbBetLeg),
  /** Stake already cashed out by partial cash-outs; `stake_minor` is what still rides. */
  cashout_stake_minor: z.string().optional(),
  /** Each cash-out taken, oldest first. */
  cashouts: z
    .array(z.object({ stake_minor: z.string(), amount_minor: z.string(), at: z.string() }))
    .optional(),
  /** A correction waiting for the trading desk (decision 0621), else absent. */
  review: z.enum(['INSUFFICIENT_FUNDS']).nullable().optional(),
});
export type SbBet = z.infer<typeof sbBet>;

export const sbBetsQuery = z.object({
  status: z.enum(['open', 'settled', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const sbCashout = z.object({
  /** The offer the player accepted, minor units as a digit string. */
  amount_minor: z.string().regex(/^\d{1,18}$/, 'must be minor units'),
  /**
   * The part of the stake to cash out (minor units; the whole stake when absent). The rest
   * stays on at the price taken.
   */
  stake_minor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be positive minor units')
    .optional(),
});

/** Live odds socket (`/api/v1/sports/ws`): no sign-in needed, odds are public. */
export const sbSocketClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), events: z.array(z.string().max(80)).max(60) }),
  z.object({ type: z.literal('ping') }),
]);
export type SbSocketClientMessage = z.infer<typeof sbSocketClientMessage>;
export type SbSocketServerMessage =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'event'; event_id: string; data: SbEventState }
  | { type: 'market'; event_id: string; data: SbMarket };

/**
 * How a player reads prices; display only (prices stay decimal thousandths). Hong Kong is the
 * profit per 1 staked, the "rate" Indian books quote (0.85 = 85 paisa per rupee).
 */
export const oddsFormat = z.enum([
  'decimal',
  'fractional',
  'american',
  'hong_kong',
  'malay',
  'indonesian',
]);
export type OddsFormat = z.infer<typeof oddsFormat>;

export const sbPreferences = z.object({ odds_format: oddsFormat });

/** A bet builder quote request: picks (selection ids) of one event. */
export const sbBuilderQuoteRequest = z.object({
  event_id: z.string().min(1).max(80),
  selections: z
    .array(z.string().regex(/^\d{1,18}$/, 'must be a selection id'))
    .min(2)
    .max(20),
});
export type SbBuilderQuoteRequest = z.infer<typeof sbBuilderQuoteRequest>;

export const sbBuilderQuote = z.object({
  quote_id: z.string(),
  event_id: z.string(),
  /** The joint price, decimal string ("7.40"); place it as `builder_odds`. */
  odds: z.string(),
  odds_milli: z.number().int(),
  /** Π of the picks' own prices: what a plain multiple of them would show. */
  product_odds: z.string(),
  /** P(every pick wins) from the book's model, basis points. */
  probability_bp: z.number().int(),
  margin_bp: z.number().int(),
  /** Simulated matches behind the price; null when it is exact. */
  samples: z.number().int().nullable(),
  legs: z.array(z.object({ selection_id: z.string(), market_id: z.string(), odds: z.string() })),
  expires_at: z.string(),
});
export type SbBuilderQuote = z.infer<typeof sbBuilderQuote>;

/** The bet builder's settings for one sport (back office). */
export const sbBuilderSettings = z.object({
  sport_id: z.string(),
  enabled: z.boolean(),
  margin_bp: z.number().int(),
  legs_max: z.number().int(),
  odds_max_milli: z.number().int(),
});
export type SbBuilderSettings = z.infer<typeof sbBuilderSettings>;

/** The odds feed's choice, settings and health (back office; the key shown by its last four characters). */
export const sbEarlyPayoutSettings = z.object({
  sport_id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  market_types: z.array(z.enum(['match_winner'])),
  lead: z.number().int(),
  /** No rule of the sport's own: the default (football on at two goals, others off). */
  default: z.boolean(),
});
export type SbEarlyPayoutSettings = z.infer<typeof sbEarlyPayoutSettings>;

export const sbCashoutSettings = z.object({
  sport_id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** The share of the fair value the book keeps, basis points. */
  margin_bp: z.number().int(),
  /** The least share of the stake a partial cash-out takes and leaves, basis points. */
  partial_min_bp: z.number().int(),
  /** No settings of the sport's own: the defaults (on, 5 %, 10 %). */
  default: z.boolean(),
});
export type SbCashoutSettings = z.infer<typeof sbCashoutSettings>;

/** The desk writes a held correction off (decision 0643): why the house takes the loss. */
export const SB_WRITE_OFF_REASON_MAX = 500;
export const sbWriteOffRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'give a reason (3 characters or more)')
    .max(SB_WRITE_OFF_REASON_MAX),
});
export const sbWriteOff = z.object({
  bet_id: z.string(),
  /** The bet as its results now say: settled, or open again after a rollback. */
  status: z.enum(['pending', 'open', 'settled', 'cashed_out', 'rejected']),
  payout_minor: z.string().nullable(),
  /** What the house made up from its write-off account. */
  written_off_minor: z.string(),
});
export type SbWriteOff = z.infer<typeof sbWriteOff>;

export const sbFeedSettings = z.object({
  provider: z.enum(['simulator', 'odds_api', 'odds_api_fake', 'disabled']),
  api_key_hint: z.string().nullable(),
  regions: z.array(z.string()),
  sports: z.array(z.string()),
  monthly_budget: z.number().int(),
  margin_bp: z.number().int(),
  stale_ms: z.number().int(),
  updated_at: z.string().nullable(),
  health: z.object({
    provider: z.string(),
    state: z.enum(['ok', 'stale', 'failing', 'starting', 'disabled', 'stopped']),
    last_success_at: z.string().nullable().optional(),
    last_error: z
      .object({ at: z.string(), kind: z.string(), message: z.string() })
      .nullable()
      .optional(),
    requests_remaining: z.number().int().nullable().optional(),
    requests_used: z.number().int().nullable().optional(),
    unknown_markets: z.number().int().optional(),
    unpriced_markets: z.number().int().optional(),
    sports: z
      .array(
        z.object({
          key: z.string(),
          live: z.boolean(),
          next_poll_at: z.string(),
          last_success_at: z.string().nullable(),
          stale: z.boolean(),
        }),
      )
      .optional(),
  }),
});
export type SbFeedSettings = z.infer<typeof sbFeedSettings>;
