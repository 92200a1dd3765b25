import { describe, expect, it } from 'vitest';
import { cardFromFloat, cardLabel, cardOf, dealFromDeck } from './cards.ts';

describe('cards', () => {
  it('maps indices in Stake order: ♦2 ♥2 ♠2 ♣2 … ♣A', () => {
    expect(cardLabel(cardOf(0))).toBe('2♦');
    expect(cardLabel(cardOf(1))).toBe('2♥');
    expect(cardLabel(cardOf(2))).toBe('2♠');
    expect(cardLabel(cardOf(3))).toBe('2♣');
    expect(cardLabel(cardOf(4))).toBe('3♦');
    expect(cardLabel(cardOf(51))).toBe('A♣');
    expect(() => cardOf(52)).toThrow(RangeError);
  });

  it('draws floor(f × 52) from one float', () => {
    expect(cardFromFloat(0).index).toBe(0);
    expect(cardFromFloat(0.999999).index).toBe(51);
    expect(cardFromFloat(0.5).index).toBe(26);
  });

  it('deals a single deck without repeats, by the splice order', () => {
    const fs = Array.from({ length: 52 }, () => 0.999999);
    const cards = dealFromDeck(fs, 52);
    expect(new Set(cards.map((c) => c.index)).size).toBe(52);
    // Always taking the last remaining card deals the deck in reverse order.
    expect(cards.map((c) => c.index)).toEqual(Array.from({ length: 52 }, (_, i) => 51 - i));
    expect(dealFromDeck([0, 0], 2).map((c) => c.index)).toEqual([0, 1]);
  });
});
