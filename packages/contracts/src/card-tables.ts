import { z } from 'zod';

/**
 * The card originals' bets (Baccarat, Dragon Tiger, Teen Patti, Andar Bahar): chips on named
 * spots, each an amount in the wallet currency's major units ("2.50"); at least one. The stake is
 * their sum. Spots: the keys below; anything else is refused.
 */
const chip = z.string().max(40);
const key = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII');

export const baccaratBetRequest = z.object({
  bets: z
    .object({
      player: chip.optional(),
      banker: chip.optional(),
      tie: chip.optional(),
      player_pair: chip.optional(),
      banker_pair: chip.optional(),
    })
    .strict(),
  idempotency_key: key,
});

export const dragonTigerBetRequest = z.object({
  bets: z
    .object({ dragon: chip.optional(), tiger: chip.optional(), tie: chip.optional() })
    .strict(),
  idempotency_key: key,
});

export const teenPattiBetRequest = z.object({
  bets: z.object({ ante: chip.optional(), pair_plus: chip.optional() }).strict(),
  idempotency_key: key,
});

export const ANDAR_BAHAR_COUNT_SPOTS = [
  '1-5',
  '6-10',
  '11-15',
  '16-25',
  '26-30',
  '31-35',
  '36-40',
  '41-49',
] as const;
export const andarBaharBetRequest = z.object({
  bets: z
    .object({
      andar: chip.optional(),
      bahar: chip.optional(),
      ...Object.fromEntries(ANDAR_BAHAR_COUNT_SPOTS.map((spot) => [spot, chip.optional()])),
    })
    .strict(),
  idempotency_key: key,
});

/** A chip of a settled card bet, with what it returned. */
export const cardChipView = z.object({ spot: z.string(), amount: z.string(), payout: z.string() });

export type BaccaratBetRequest = z.infer<typeof baccaratBetRequest>;
export type DragonTigerBetRequest = z.infer<typeof dragonTigerBetRequest>;
export type TeenPattiBetRequest = z.infer<typeof teenPattiBetRequest>;
export type AndarBaharBetRequest = z.infer<typeof andarBaharBetRequest>;
export type CardChipView = z.infer<typeof cardChipView>;
