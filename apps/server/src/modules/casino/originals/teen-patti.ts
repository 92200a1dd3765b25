import {
  PAIR_PLUS_PAYS_X100,
  TEEN_PATTI_FLOATS,
  TEEN_PATTI_HANDS,
  type TeenPattiDeal,
  type TeenPattiHand,
  teenPattiAnte_x10000,
  teenPattiFromFloats,
} from '@casino/games';
import type { BetRow } from '../originals.repository.ts';
import { cardPlan, chipsDetails, type StoredChip } from './card-bets.ts';

/** Ante (the Player against the Dealer) and Pair Plus (the Player's hand alone). */
export const TEEN_PATTI_SPOTS: readonly string[] = ['ante', 'pair_plus'];

const returnsOf =
  (winner: TeenPattiDeal['winner'], hand: TeenPattiHand, edge_bp: number) => (spot: string) =>
    spot === 'ante' ? teenPattiAnte_x10000(winner, edge_bp) : PAIR_PLUS_PAYS_X100[hand] * 100;

/**
 * Teen Patti: six cards of one deck from 6 floats settle both chips (packages/games
 * teen-patti.ts). The operator's edge sets the Ante's win, 2 × (1 − edge) for 1; Pair Plus pays
 * its fixed table.
 */
export function teenPattiPlan(chips: readonly StoredChip[]) {
  return (stake: bigint, edge_bp: number) =>
    cardPlan({
      chips,
      floats: TEEN_PATTI_FLOATS,
      deal: teenPattiFromFloats,
      returns: (deal) => returnsOf(deal.winner, deal.player_hand, edge_bp),
      cases: (['player', 'dealer', 'tie'] as const).flatMap((winner) =>
        TEEN_PATTI_HANDS.map((hand) => returnsOf(winner, hand, edge_bp)),
      ),
      outcome: (deal) => ({
        player: deal.player.map((c) => c.index),
        dealer: deal.dealer.map((c) => c.index),
        player_hand: deal.player_hand,
        dealer_hand: deal.dealer_hand,
        winner: deal.winner,
      }),
    })(stake);
}

export function teenPattiDetails(bet: BetRow, scale: number) {
  const o = bet.outcome as Record<string, unknown>;
  return {
    chips: chipsDetails(bet, scale),
    player: o.player,
    dealer: o.dealer,
    player_hand: o.player_hand,
    dealer_hand: o.dealer_hand,
    winner: o.winner,
  };
}
