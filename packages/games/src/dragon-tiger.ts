import { type Card, cardFromFloat } from './cards.ts';

/**
 * Dragon Tiger: one card to the Dragon, one to the Tiger; the higher card wins, aces low
 * (A, 2 … 10, J, Q, K). An infinite deck as in Baccarat: the Dragon's card is
 * `floor(f₀ × 52)`, the Tiger's `floor(f₁ × 52)`, in the order of cards.ts. Suits do not count.
 *
 * Pays (per unit staked, in hundredths): Dragon or Tiger 1:1; on a tie they lose half (50 back);
 * Tie 11:1.
 */
export const DRAGON_TIGER_FLOATS = 2;
export const DRAGON_TIGER_BETS = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerBet = (typeof DRAGON_TIGER_BETS)[number];
export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';

export const DRAGON_TIGER_PAYS_X100: Readonly<Record<DragonTigerBet, number>> = {
  dragon: 200,
  tiger: 200,
  tie: 1200,
};
/** What a Dragon or Tiger bet gets back when the cards tie. */
export const DRAGON_TIGER_TIE_REFUND_X100 = 50;

/** 1 (ace) … 13 (king), from cards.ts's rank index (0 = two … 12 = ace). */
export function dragonTigerValue(rank: number): number {
  return rank === 12 ? 1 : rank + 2;
}

export type DragonTigerDeal = { dragon: Card; tiger: Card; winner: DragonTigerWinner };

export function dragonTigerFromFloats(fs: readonly number[]): DragonTigerDeal {
  if (fs.length < DRAGON_TIGER_FLOATS) throw new RangeError('dragon tiger needs 2 floats');
  const dragon = cardFromFloat(fs[0]!);
  const tiger = cardFromFloat(fs[1]!);
  const d = dragonTigerValue(dragon.rank);
  const t = dragonTigerValue(tiger.rank);
  return { dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

export function dragonTigerReturn_x100(winner: DragonTigerWinner, bet: DragonTigerBet): number {
  if (bet === 'tie') return winner === 'tie' ? DRAGON_TIGER_PAYS_X100.tie : 0;
  if (winner === 'tie') return DRAGON_TIGER_TIE_REFUND_X100;
  return winner === bet ? DRAGON_TIGER_PAYS_X100[bet] : 0;
}

/**
 * The exact return of a bet: of the 13 × 13 equally likely rank pairs, 13 tie and 78 favour
 * each side, so Dragon returns (78 × 2 + 13 × ½) / 169 = 25/26 and Tie 13 × 12 / 169 = 12/13.
 */
export function dragonTigerRtp(bet: DragonTigerBet): number {
  let sum = 0;
  for (let d = 0; d < 13; d++) {
    for (let t = 0; t < 13; t++) {
      const winner = d > t ? 'dragon' : t > d ? 'tiger' : 'tie';
      sum += dragonTigerReturn_x100(winner, bet);
    }
  }
  return sum / 100 / 169;
}
