/**
 * Playing cards as the provably fair games draw them.
 *
 * Infinite deck (Stake's mapping, so public verifiers agree): one float per card,
 * `index = floor(f × 52)`, index order ♦2, ♥2, ♠2, ♣2, ♦3, … ♣A — rank = floor(index / 4),
 * suit = index mod 4. Every draw is independent, as from a shoe that never runs out.
 *
 * Single deck (games whose rules need distinct cards): the 52 indices are dealt by the same
 * Fisher–Yates splice as Mines and Keno — draw i takes `remaining[floor(f_i × remaining.length)]`
 * out of the ordered list of cards not yet dealt.
 */
export const SUITS = ['diamonds', 'hearts', 'spades', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];
/** Rank labels by rank index 0–12: 2 … 10, J, Q, K, A. */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];
export const DECK_SIZE = 52;

export type Card = {
  /** 0–51 in the order above. */
  index: number;
  /** 0 (two) – 12 (ace). */
  rank: number;
  suit: Suit;
};

export function cardOf(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index >= DECK_SIZE) {
    throw new RangeError(`card index out of range: ${index}`);
  }
  return { index, rank: Math.floor(index / 4), suit: SUITS[index % 4]! };
}

/** One card from one float, from an infinite deck. */
export function cardFromFloat(f: number): Card {
  return cardOf(Math.floor(f * DECK_SIZE));
}

/** The indices 0–51 in order, copied for each deal (faster than building the list anew). */
export const ORDERED_DECK: readonly number[] = Array.from({ length: DECK_SIZE }, (_, i) => i);

/** `count` cards from one 52-card deck, without replacement, from the first `count` floats. */
export function dealFromDeck(fs: readonly number[], count: number): Card[] {
  if (count > DECK_SIZE) throw new RangeError('a deck has 52 cards');
  if (fs.length < count) throw new RangeError('not enough floats for the cards');
  const remaining = ORDERED_DECK.slice();
  const dealt: Card[] = [];
  for (let i = 0; i < count; i++) {
    dealt.push(cardOf(remaining.splice(Math.floor(fs[i]! * remaining.length), 1)[0]!));
  }
  return dealt;
}

/** "A♠", "10♦" — for logs, tests and the verifier's text. */
export function cardLabel(card: Card): string {
  const glyph = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' }[card.suit];
  return `${RANKS[card.rank]}${glyph}`;
}
