import { type Card, cardOf, DECK_SIZE, ORDERED_DECK } from './cards.ts';

/**
 * Andar Bahar, from one 52-card deck without replacement, dealt by the single-deck splice of
 * cards.ts (draw i takes `remaining[floor(f_i × remaining.length)]`): the first card is the
 * Joker; then cards go to Andar, Bahar, Andar, … — Andar first — until one matches the Joker's
 * rank. That side wins. At most 49 cards follow the Joker (the three other cards of its rank
 * are then the last), so a round reads at most 50 floats.
 *
 * Andar, dealt to first, wins slightly more often (51.5 %), so it pays 0.9:1 and Bahar 1:1 —
 * the rule of the common online tables. Side bets on how many cards are dealt after the Joker,
 * the matching one included (1–49), pay by range.
 */
export const ANDAR_BAHAR_FLOATS = 50;
export const ANDAR_BAHAR_SIDES = ['andar', 'bahar'] as const;
export type AndarBaharSide = (typeof ANDAR_BAHAR_SIDES)[number];

/** Per unit staked, in hundredths, when the side wins. */
export const ANDAR_BAHAR_PAYS_X100: Readonly<Record<AndarBaharSide, number>> = {
  andar: 190,
  bahar: 200,
};

/** The card-count side bets: [first, last] cards dealt after the Joker, and what they return. */
export const ANDAR_BAHAR_RANGES = [
  { id: '1-5', first: 1, last: 5, pays_x100: 350 },
  { id: '6-10', first: 6, last: 10, pays_x100: 450 },
  { id: '11-15', first: 11, last: 15, pays_x100: 550 },
  { id: '16-25', first: 16, last: 25, pays_x100: 450 },
  { id: '26-30', first: 26, last: 30, pays_x100: 1500 },
  { id: '31-35', first: 31, last: 35, pays_x100: 2500 },
  { id: '36-40', first: 36, last: 40, pays_x100: 5000 },
  { id: '41-49', first: 41, last: 49, pays_x100: 12000 },
] as const;
export type AndarBaharRange = (typeof ANDAR_BAHAR_RANGES)[number]['id'];
export const ANDAR_BAHAR_RANGE_IDS = ANDAR_BAHAR_RANGES.map((r) => r.id) as AndarBaharRange[];

export type AndarBaharDeal = {
  joker: Card;
  andar: Card[];
  bahar: Card[];
  winner: AndarBaharSide;
  /** Cards dealt after the Joker, the matching one included. */
  dealt: number;
};

export function andarBaharFromFloats(fs: readonly number[]): AndarBaharDeal {
  let next = 0;
  return andarBaharDeal(() => {
    if (next >= fs.length) throw new RangeError('not enough floats for the deal');
    return fs[next++]!;
  });
}

/** The deal from a source of floats read one at a time (the simulation reads only those used). */
export function andarBaharDeal(nextFloat: () => number): AndarBaharDeal {
  const remaining = ORDERED_DECK.slice();
  const draw = () => CARDS[remaining.splice(Math.floor(nextFloat() * remaining.length), 1)[0]!]!;
  const joker = draw();
  const andar: Card[] = [];
  const bahar: Card[] = [];
  for (;;) {
    const side = andar.length === bahar.length ? andar : bahar;
    const card = draw();
    side.push(card);
    if (card.rank === joker.rank) {
      return {
        joker,
        andar,
        bahar,
        winner: side === andar ? 'andar' : 'bahar',
        dealt: andar.length + bahar.length,
      };
    }
  }
}

/** The 52 cards, made once (a deal hands out these, never changed). */
const CARDS: readonly Card[] = ORDERED_DECK.map(cardOf);

export function andarBaharRangeOf(dealt: number): AndarBaharRange {
  return ANDAR_BAHAR_RANGES.find((r) => dealt >= r.first && dealt <= r.last)!.id;
}

/**
 * The exact chance that the match is the n-th card after the Joker, by dynamic programming over
 * the deck: 51 cards remain, 3 of them match; step by step, the chance of no match yet times the
 * chance that the next card is one of the 3 among those left. Equal to C(51 − n, 2) / C(51, 3).
 */
export function andarBaharDealtOdds(): number[] {
  const out = [0];
  let none = 1;
  for (let n = 1, left = DECK_SIZE - 1; n <= 49; n++, left--) {
    const hit = 3 / left;
    out.push(none * hit);
    none *= 1 - hit;
  }
  return out;
}

/** The exact return of a side or a range bet (1 = 100 %). */
export function andarBaharRtp(bet: AndarBaharSide | AndarBaharRange): number {
  const odds = andarBaharDealtOdds();
  let sum = 0;
  for (let n = 1; n <= 49; n++) {
    if (bet === 'andar' || bet === 'bahar') {
      const winner = n % 2 === 1 ? 'andar' : 'bahar';
      if (winner === bet) sum += odds[n]! * ANDAR_BAHAR_PAYS_X100[bet];
    } else if (andarBaharRangeOf(n) === bet) {
      sum += odds[n]! * ANDAR_BAHAR_RANGES.find((r) => r.id === bet)!.pays_x100;
    }
  }
  return sum / 100;
}
