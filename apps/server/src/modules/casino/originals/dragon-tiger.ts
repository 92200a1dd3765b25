import {
  DRAGON_TIGER_BETS,
  DRAGON_TIGER_FLOATS,
  type DragonTigerBet,
  type DragonTigerWinner,
  dragonTigerFromFloats,
  dragonTigerReturn_x100,
} from '@casino/games';
import type { BetRow } from '../originals.repository.ts';
import { cardPlan, chipsDetails, type StoredChip } from './card-bets.ts';

const returnsOf = (winner: DragonTigerWinner) => (spot: string) =>
  dragonTigerReturn_x100(winner, spot as DragonTigerBet) * 100;

/** Dragon Tiger: two cards from 2 floats settle every chip (packages/games dragon-tiger.ts). */
export function dragonTigerPlan(chips: readonly StoredChip[]) {
  return cardPlan({
    chips,
    floats: DRAGON_TIGER_FLOATS,
    deal: dragonTigerFromFloats,
    returns: (deal) => returnsOf(deal.winner),
    cases: (['dragon', 'tiger', 'tie'] as const).map(returnsOf),
    outcome: (deal) => ({
      dragon: deal.dragon.index,
      tiger: deal.tiger.index,
      winner: deal.winner,
    }),
  });
}

export const DRAGON_TIGER_SPOTS: readonly string[] = DRAGON_TIGER_BETS;

export function dragonTigerDetails(bet: BetRow, scale: number) {
  const o = bet.outcome as Record<string, unknown>;
  return { chips: chipsDetails(bet, scale), dragon: o.dragon, tiger: o.tiger, winner: o.winner };
}
