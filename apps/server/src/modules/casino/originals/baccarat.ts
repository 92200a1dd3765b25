import {
  BACCARAT_BETS,
  BACCARAT_FLOATS,
  type BaccaratBet,
  type BaccaratWinner,
  baccaratFromFloats,
  baccaratReturn_x100,
} from '@casino/games';
import type { BetRow } from '../originals.repository.ts';
import { cardPlan, chipsDetails, type StoredChip } from './card-bets.ts';

const indices = (cards: readonly { index: number }[]) => cards.map((c) => c.index);

/** Every kind of coup a slip can meet: the winner and whether each side is a pair. */
const CASES = (['player', 'banker', 'tie'] as BaccaratWinner[]).flatMap((winner) =>
  [false, true].flatMap((player_pair) =>
    [false, true].map(
      (banker_pair) => (spot: string) =>
        baccaratReturn_x100({ winner, player_pair, banker_pair }, spot as BaccaratBet) * 100,
    ),
  ),
);

/** Baccarat (Punto Banco): one coup from 6 floats settles every chip (packages/games baccarat.ts). */
export function baccaratPlan(chips: readonly StoredChip[]) {
  return cardPlan({
    chips,
    floats: BACCARAT_FLOATS,
    deal: baccaratFromFloats,
    returns: (coup) => (spot) => baccaratReturn_x100(coup, spot as BaccaratBet) * 100,
    cases: CASES,
    outcome: (coup) => ({
      player: indices(coup.player),
      banker: indices(coup.banker),
      player_total: coup.player_total,
      banker_total: coup.banker_total,
      winner: coup.winner,
      player_pair: coup.player_pair,
      banker_pair: coup.banker_pair,
    }),
  });
}

export const BACCARAT_SPOTS: readonly string[] = BACCARAT_BETS;

export function baccaratDetails(bet: BetRow, scale: number) {
  const o = bet.outcome as Record<string, unknown>;
  return {
    chips: chipsDetails(bet, scale),
    player: o.player,
    banker: o.banker,
    player_total: o.player_total,
    banker_total: o.banker_total,
    winner: o.winner,
    player_pair: o.player_pair,
    banker_pair: o.banker_pair,
  };
}
