import type { Plan } from '../originals.plan.ts';
import type { BetRow } from '../originals.repository.ts';
import { ANDAR_BAHAR_SPOTS, andarBaharDetails, andarBaharPlan } from './andar-bahar.ts';
import { BACCARAT_SPOTS, baccaratDetails, baccaratPlan } from './baccarat.ts';
import type { StoredChip } from './card-bets.ts';
import { DRAGON_TIGER_SPOTS, dragonTigerDetails, dragonTigerPlan } from './dragon-tiger.ts';
import { TEEN_PATTI_SPOTS, teenPattiDetails, teenPattiPlan } from './teen-patti.ts';

export const CARD_GAMES = ['baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'] as const;
export type CardGame = (typeof CARD_GAMES)[number];

export const isCardGame = (game: string): game is CardGame =>
  (CARD_GAMES as readonly string[]).includes(game);

/** Each card table: its spots, how a slip becomes a plan, and the bet's `details`. */
export const CARD_TABLES: Record<
  CardGame,
  {
    spots: readonly string[];
    plan: (chips: readonly StoredChip[]) => (stake: bigint, edge_bp: number) => Plan;
    details: (bet: BetRow, scale: number) => Record<string, unknown>;
  }
> = {
  baccarat: { spots: BACCARAT_SPOTS, plan: baccaratPlan, details: baccaratDetails },
  'dragon-tiger': { spots: DRAGON_TIGER_SPOTS, plan: dragonTigerPlan, details: dragonTigerDetails },
  'teen-patti': { spots: TEEN_PATTI_SPOTS, plan: teenPattiPlan, details: teenPattiDetails },
  'andar-bahar': { spots: ANDAR_BAHAR_SPOTS, plan: andarBaharPlan, details: andarBaharDetails },
};
