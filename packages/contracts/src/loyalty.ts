import { z } from 'zod';

/**
 * Loyalty: VIP levels by real-money wagered volume, level-up rewards and rakeback (decision 0700).
 * Volume, thresholds and cash rewards are EUR amounts (the operator's rates convert each bet);
 * a player's rakeback is in the currency of their bets. Amounts are decimal strings.
 */

/** Levels an operator may define. */
export const LOYALTY_LEVELS_MAX = 20;
/** Benefit lines per level, and characters per line. */
export const LOYALTY_BENEFITS_MAX = 8;
export const LOYALTY_BENEFIT_CHARS_MAX = 120;
/** The largest share of the house edge a level may give back (50 %). */
export const LOYALTY_RAKEBACK_BP_MAX = 5_000;
/** The largest edge an operator may set for the sportsbook (30 %). */
export const LOYALTY_SPORTS_EDGE_BP_MAX = 3_000;

export const LOYALTY_REWARD_KINDS = ['none', 'cash', 'bonus'] as const;
export type LoyaltyRewardKind = (typeof LOYALTY_REWARD_KINDS)[number];

const eurAmount = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, `${field}: a EUR amount such as 1000 or 12.50`);

const level = z.object({
  rank: z.number().int(),
  name: z.string(),
  /** EUR wagered to reach it. */
  threshold: z.string(),
  /** Share of the house edge given back, percent with 2 decimals. */
  rakeback_percent: z.string(),
  reward: z.object({
    kind: z.enum(LOYALTY_REWARD_KINDS),
    /** EUR, for a cash reward. */
    amount: z.string().nullable(),
    promotion_id: z.string().nullable(),
  }),
  benefits: z.array(z.string()),
});
export type LoyaltyLevel = z.infer<typeof level>;

/** `GET /api/v1/loyalty`: the player's level, progress, claimable rakeback and the ladder. */
export const loyaltyOverview = z.object({
  level: z.object({ rank: z.number().int(), name: z.string() }).nullable(),
  next: z.object({ rank: z.number().int(), name: z.string(), threshold: z.string() }).nullable(),
  /** EUR wagered with real money, all time. */
  wagered: z.string(),
  /** Towards the next level, 0–100 (display only). */
  progress_percent: z.number().min(0).max(100),
  rakeback: z.object({
    currency: z.string(),
    claimable: z.string(),
    claimable_minor: z.string(),
    claimed: z.string(),
  }),
  /** Levels reached the player has not been told of; empty for players who take no marketing. */
  notices: z.array(z.object({ rank: z.number().int(), name: z.string() })),
  levels: z.array(level),
});
export type LoyaltyOverview = z.infer<typeof loyaltyOverview>;

export const loyaltyClaim = z.object({
  claim_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  amount_minor: z.string(),
});
export type LoyaltyClaim = z.infer<typeof loyaltyClaim>;

export const loyaltyNoticesSeen = z.object({
  rank: z.coerce.number().int().min(1).max(LOYALTY_LEVELS_MAX),
});

/** One level as the back office writes it. */
export const loyaltyLevelInput = z
  .object({
    name: z.string().trim().min(1, 'name: give the level a name').max(40),
    threshold: eurAmount('threshold'),
    rakeback_bp: z
      .number()
      .int('rakeback_bp: a whole number of basis points')
      .min(0)
      .max(LOYALTY_RAKEBACK_BP_MAX, `rakeback_bp: at most ${LOYALTY_RAKEBACK_BP_MAX}`),
    reward_kind: z.enum(LOYALTY_REWARD_KINDS),
    reward_amount: eurAmount('reward_amount').nullable().default(null),
    reward_promotion_id: z
      .string()
      .regex(/^\d{1,18}$/, 'reward_promotion_id: a promotion id')
      .nullable()
      .default(null),
    benefits: z
      .array(z.string().trim().min(1).max(LOYALTY_BENEFIT_CHARS_MAX))
      .max(LOYALTY_BENEFITS_MAX)
      .default([]),
  })
  .refine(
    (l) => l.reward_kind !== 'cash' || (l.reward_amount !== null && Number(l.reward_amount) > 0),
    {
      message: 'reward_amount: a cash reward needs an amount above 0',
      path: ['reward_amount'],
    },
  )
  .refine((l) => l.reward_kind !== 'bonus' || l.reward_promotion_id !== null, {
    message: 'reward_promotion_id: a bonus reward names a promotion',
    path: ['reward_promotion_id'],
  });
export type LoyaltyLevelInput = z.infer<typeof loyaltyLevelInput>;

/** `PUT /api/admin/loyalty/levels`: the whole ladder, lowest level first. */
export const loyaltyLevelsInput = z.object({
  levels: z
    .array(loyaltyLevelInput)
    .min(1, 'levels: at least one level')
    .max(LOYALTY_LEVELS_MAX, `levels: at most ${LOYALTY_LEVELS_MAX}`),
});

export const loyaltySettingsInput = z.object({
  sports_edge_bp: z
    .number()
    .int('sports_edge_bp: a whole number of basis points')
    .min(0)
    .max(LOYALTY_SPORTS_EDGE_BP_MAX, `sports_edge_bp: at most ${LOYALTY_SPORTS_EDGE_BP_MAX}`),
});

export const loyaltyAdminLevels = z.object({
  levels: z.array(level.extend({ threshold_eur_minor: z.string(), rakeback_bp: z.number().int() })),
  settings: z.object({ sports_edge_bp: z.number().int(), updated_at: z.string() }),
});
export type LoyaltyAdminLevels = z.infer<typeof loyaltyAdminLevels>;

/** A player's loyalty as the back office's player view shows it. */
export const loyaltyAdminPlayer = z.object({
  player_id: z.string(),
  level: z.object({ rank: z.number().int(), name: z.string() }).nullable(),
  wagered: z.string(),
  last_bet_at: z.string().nullable(),
  rakeback: z.array(
    z.object({
      currency: z.string(),
      accrued: z.string(),
      claimed: z.string(),
      claimable: z.string(),
    }),
  ),
  rewards: z.array(
    z.object({
      rank: z.number().int(),
      kind: z.enum(['cash', 'bonus']),
      currency: z.string(),
      amount: z.string(),
      status: z.enum(['pending', 'paid', 'refused']),
      created_at: z.string(),
    }),
  ),
  claims: z.array(
    z.object({ id: z.string(), currency: z.string(), amount: z.string(), created_at: z.string() }),
  ),
});
export type LoyaltyAdminPlayer = z.infer<typeof loyaltyAdminPlayer>;

/** The VIP host's view: players per level and the most active VIPs. */
export const loyaltyHostView = z.object({
  levels: z.array(
    z.object({ rank: z.number().int(), name: z.string(), players: z.number().int() }),
  ),
  players: z.array(
    z.object({
      player_id: z.string(),
      rank: z.number().int(),
      level: z.string(),
      wagered: z.string(),
      wagered_30d: z.string(),
      bets_30d: z.number().int(),
      last_bet_at: z.string().nullable(),
      rakeback_claimed: z.array(z.object({ currency: z.string(), amount: z.string() })),
      /** Completed deposits, all time, per currency. */
      deposits: z.array(z.object({ currency: z.string(), amount: z.string() })),
    }),
  ),
});
export type LoyaltyHostView = z.infer<typeof loyaltyHostView>;
