import {
  ANDAR_BAHAR_FLOATS,
  ANDAR_BAHAR_PAYS_X100,
  ANDAR_BAHAR_RANGES,
  ANDAR_BAHAR_SIDES,
  type AndarBaharRange,
  type AndarBaharSide,
  andarBaharFromFloats,
  andarBaharRangeOf,
} from '@casino/games';
import type { BetRow } from '../originals.repository.ts';
import { cardPlan, chipsDetails, type StoredChip } from './card-bets.ts';

/** Andar, Bahar, and the card-count ranges ("1-5" … "41-49"). */
export const ANDAR_BAHAR_SPOTS: readonly string[] = [
  ...ANDAR_BAHAR_SIDES,
  ...ANDAR_BAHAR_RANGES.map((r) => r.id),
];

const returnsOf = (winner: AndarBaharSide, range: AndarBaharRange) => (spot: string) => {
  if (spot === 'andar' || spot === 'bahar') {
    return spot === winner ? ANDAR_BAHAR_PAYS_X100[spot] * 100 : 0;
  }
  return spot === range ? ANDAR_BAHAR_RANGES.find((r) => r.id === range)!.pays_x100 * 100 : 0;
};

/** Andar Bahar: the Joker and the cards up to its match, from one deck (packages/games andar-bahar.ts). */
export function andarBaharPlan(chips: readonly StoredChip[]) {
  return cardPlan({
    chips,
    floats: ANDAR_BAHAR_FLOATS,
    deal: andarBaharFromFloats,
    returns: (deal) => returnsOf(deal.winner, andarBaharRangeOf(deal.dealt)),
    cases: ANDAR_BAHAR_SIDES.flatMap((side) =>
      ANDAR_BAHAR_RANGES.map((r) => returnsOf(side, r.id)),
    ),
    outcome: (deal) => ({
      joker: deal.joker.index,
      andar: deal.andar.map((c) => c.index),
      bahar: deal.bahar.map((c) => c.index),
      winner: deal.winner,
      dealt: deal.dealt,
    }),
  });
}

export function andarBaharDetails(bet: BetRow, scale: number) {
  const o = bet.outcome as Record<string, unknown>;
  return {
    chips: chipsDetails(bet, scale),
    joker: o.joker,
    andar: o.andar,
    bahar: o.bahar,
    winner: o.winner,
    dealt: o.dealt,
  };
}
