import { cardLabel, cardOf, handTotal } from '@casino/games';

/** The cards of a round as one line of text ("Q♦ K♠ 6♦"): what the verifier compares. */
export const cardsText = (cards: readonly number[]) =>
  cards.map((c) => cardLabel(cardOf(c))).join(' ');

/** A Blackjack round as text: each hand with its total, then the dealer's. */
export function blackjackText(hands: readonly (readonly number[])[], dealer: readonly number[]) {
  const hand = (cards: readonly number[]) => `${cardsText(cards)} (${handTotal(cards).total})`;
  return `${hands.map(hand).join(' · ')} | ${hand(dealer)}`;
}

/** The moves as typed in the verifier ("hit, stand"): known words only, in order. */
export function parseMoves<T extends string>(text: string, allowed: readonly T[]): T[] | null {
  const words = text
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  return words.every((w) => (allowed as readonly string[]).includes(w)) ? (words as T[]) : null;
}
