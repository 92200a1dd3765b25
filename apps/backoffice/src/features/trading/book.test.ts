import { describe, expect, it } from 'vitest';
import { bookBp, bookWith, oddsMilli, percent } from './book.ts';

describe("the desk's book preview", () => {
  it('adds up 1/odds in basis points and shows it as a percentage', () => {
    expect(bookBp([2_000, 3_400, 3_750])).toBe(10_607);
    expect(bookBp([1_010, 423_500, 1_000_000])).toBe(9_934);
    expect(bookBp([null, null])).toBeNull();
    expect(percent(10_607)).toBe('106.07 %');
  });

  it('previews a manual price against the others as offered', () => {
    const market = [
      { id: '1', odds_milli: 2_000 },
      { id: '2', odds_milli: 3_400 },
      { id: '3', odds_milli: 3_750 },
    ];
    expect(bookWith(market, '1', 2_500)).toBe(9_607);
    expect(oddsMilli('2.5')).toBe(2_500);
    expect(oddsMilli('2.5555')).toBeNull();
    expect(oddsMilli('abc')).toBeNull();
  });
});
