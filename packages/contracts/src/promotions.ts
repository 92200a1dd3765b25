import { z } from 'zod';

/** Promotions and bonuses (issue 19): the player's and the back office's shapes. */
export const PROMOTION_KINDS = [
  'deposit_match',
  'no_deposit',
  'cashback',
  'free_bet',
  'free_spins',
] as const;
const amounts = z.record(z.string().regex(/^[A-Z]{3,5}$/), z.number().int().min(0).max(1e15));
const texts = z
  .record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), z.string().max(4000))
  .refine(
    (value) => typeof value.en === 'string' && value.en.length > 0,
    'needs an English text (en)',
  );

export const promotion = z.object({
  id: z.string(),
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  terms: z.string(),
  percent: z.string().nullable(),
  max_bonus: z.string().nullable(),
  min_deposit: z.string().nullable(),
  fixed_amount: z.string().nullable(),
  max_bet: z.string().nullable(),
  /** Cashback: paid after each day or week on the net loss, at least `min_loss`. */
  cashback_period: z.enum(['daily', 'weekly']).nullable(),
  min_loss: z.string().nullable(),
  /** Free spins: how many, on which games (catalogue slugs); the bet per spin is `fixed_amount`. */
  free_spins: z.number().int().nullable(),
  free_spin_games: z.array(z.string()).nullable(),
  currency: z.string().nullable(),
  wagering_multiplier: z.number().int(),
  wagering_base: z.enum(['bonus', 'bonus_plus_deposit']),
  contributions: z.record(z.string(), z.number()),
  expiry_days: z.number().int(),
  auto_first_deposit: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotion>;

export const playerBonus = z.object({
  id: z.string(),
  promotion_id: z.string(),
  title: z.string(),
  currency: z.string(),
  amount: z.string(),
  /** What is left of it (bonus-first spending moves it; 0 once it has ended). */
  balance: z.string(),
  wagering_required: z.string(),
  wagered: z.string(),
  progress: z.number().int().min(0).max(100),
  max_bet: z.string().nullable(),
  status: z.enum(['active', 'completed', 'expired', 'forfeited', 'lost']),
  expires_at: z.string(),
  converted: z.string().nullable(),
});
export type PlayerBonus = z.infer<typeof playerBonus>;

/** A free-bet token: stakes one sports bet; a win pays the winnings, not the stake. */
export const playerFreeBet = z.object({
  id: z.string(),
  promotion_id: z.string(),
  title: z.string(),
  currency: z.string(),
  amount: z.string(),
  status: z.enum(['available', 'locked', 'used', 'expired']),
  expires_at: z.string(),
  free_bet: z.literal(true),
});
export type PlayerFreeBet = z.infer<typeof playerFreeBet>;

/** Free spins: N spins at a fixed bet on given games; the total win becomes a bonus. */
export const playerFreeSpins = z.object({
  id: z.string(),
  promotion_id: z.string(),
  title: z.string(),
  currency: z.string(),
  bet: z.string(),
  spins_total: z.number().int(),
  spins_left: z.number().int(),
  win: z.string(),
  games: z.array(z.string()),
  status: z.enum(['active', 'completed', 'expired']),
  expires_at: z.string(),
  free_spins: z.literal(true),
});
export type PlayerFreeSpins = z.infer<typeof playerFreeSpins>;

/** A promotion's fields as the back office sends them (no defaults: see the two schemas below). */
const promotionFields = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, 'letters, digits, _ and -, 3 to 32')
    .nullable()
    .optional(),
  kind: z.enum(PROMOTION_KINDS),
  title: texts,
  terms: texts.optional(),
  percent: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, 'a percent such as 100 or 12.5')
    .nullable()
    .optional(),
  max_bonus: amounts.optional(),
  min_deposit: amounts.optional(),
  fixed_amount: amounts.optional(),
  max_bet: amounts.optional(),
  cashback_period: z.enum(['daily', 'weekly']).nullable().optional(),
  min_loss: amounts.optional(),
  free_spins: z.number().int().min(1).max(500).nullable().optional(),
  free_spin_games: z
    .array(z.string().regex(/^[a-z0-9-]{1,80}$/, 'a game slug'))
    .min(1)
    .max(20)
    .nullable()
    .optional(),
  wagering_multiplier: z.number().int().min(0).max(200),
  wagering_base: z.enum(['bonus', 'bonus_plus_deposit']),
  contributions: z
    .record(z.string().regex(/^[a-z_]{2,20}$/), z.number().int().min(0).max(100))
    .optional(),
  max_conversion_multiplier: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/)
    .nullable()
    .optional(),
  expiry_days: z.number().int().min(1).max(365),
  per_player_limit: z.number().int().min(1).max(1000),
  total_limit: z.number().int().min(1).nullable().optional(),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .nullable()
    .optional(),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3,5}$/))
    .max(50)
    .nullable()
    .optional(),
  auto_first_deposit: z.boolean(),
  starts_at: z.iso.datetime().optional(),
  ends_at: z.iso.datetime().nullable().optional(),
  enabled: z.boolean(),
  sort_order: z.number().int().min(-1000).max(1000),
});

/** A new promotion: what is left out takes its default. */
export const adminPromotionInput = promotionFields.extend({
  wagering_multiplier: promotionFields.shape.wagering_multiplier.default(0),
  wagering_base: promotionFields.shape.wagering_base.default('bonus'),
  expiry_days: promotionFields.shape.expiry_days.default(30),
  per_player_limit: promotionFields.shape.per_player_limit.default(1),
  auto_first_deposit: promotionFields.shape.auto_first_deposit.default(false),
  enabled: promotionFields.shape.enabled.default(true),
  sort_order: promotionFields.shape.sort_order.default(0),
});

/**
 * A change to a promotion: only the fields sent change (no defaults, or a patch of one field
 * would reset the others); the kind is fixed once created.
 */
export const adminPromotionPatch = promotionFields.omit({ kind: true }).partial();
export type AdminPromotionInput = z.infer<typeof adminPromotionInput>;

export const adminPromotion = adminPromotionInput.extend({
  id: z.string(),
  code: z.string().nullable(),
  terms: z.record(z.string(), z.string()),
  title: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;
