import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookRatio,
  CASHOUT_MARGIN_BP,
  cashoutKey,
  fairCashoutOffer,
  splitCashout,
} from './sportsbook.cashout.ts';

const single = (stake: bigint) => ({
  kind: 'single' as const,
  system_size: null,
  line_stake_minor: stake,
});

describe('the cash-out offer', () => {
  it('prices at the fair price (the book taken out), less the margin, rounded down', () => {
    // 10.00 at 2.00; the market now 1.60 / 3.40 / 3.75 (book 2419/2040): fair 1.897…,
    // value 10.54, less 5 % = 10.01.
    const book = bookRatio([1_600, 3_400, 3_750]);
    expect(book).toEqual({
      num: (1_600n * 3_400n * 3_750n * 2_419n) / 2_040n,
      den: 1_600n * 3_400n * 3_750n,
    });
    expect(
      fairCashoutOffer(single(10_00n), [
        { odds_milli: 2_000, result: 'open', current_odds_milli: 1_600, book },
      ]),
    ).toBe(10_01n);
    // A suspended leg: no offer; a decided leg counts its factor.
    expect(
      fairCashoutOffer(single(10_00n), [
        { odds_milli: 2_000, result: 'open', current_odds_milli: null },
      ]),
    ).toBeNull();
    expect(
      fairCashoutOffer({ kind: 'multiple', system_size: null, line_stake_minor: 10_00n }, [
        { odds_milli: 2_000, result: 'won', current_odds_milli: null },
        { odds_milli: 1_500, result: 'open', current_odds_milli: 1_500 },
      ]),
    ).toBe(19_00n);
    // A book under 1 (a few names of a top-batsman market) counts as 1.
    expect(bookRatio([5_000, 8_000])).toEqual({ num: 1n, den: 1n });
  });

  it('a cash-out and any bets at the book prices never lock in a profit over keeping the bet', () => {
    // The market's prices have the book's margin (Σ 1/price ≥ 1); the player holds a single on
    // selection 0. After cashing out C and betting x_j on each selection j at the book's prices,
    // the difference with keeping the bet must not be positive in every outcome.
    const market = fc
      .array(fc.integer({ min: 1_010, max: 50_000 }), { minLength: 2, maxLength: 4 })
      .filter((prices) => prices.reduce((s, p) => s + 1_000_000n / BigInt(p), 0n) >= 1_000n);
    fc.assert(
      fc.property(
        market,
        fc.integer({ min: 1_010, max: 50_000 }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.array(fc.bigInt({ min: 0n, max: 100_000_000n }), { minLength: 4, maxLength: 4 }),
        (prices, taken, stake, margin, hedges) => {
          const offer = fairCashoutOffer(
            single(stake),
            [
              {
                odds_milli: taken,
                result: 'open',
                current_odds_milli: prices[0]!,
                book: bookRatio(prices),
              },
            ],
            margin,
          );
          expect(offer).not.toBeNull();
          const c = offer!;
          // Rebuilding the bet at the book's price costs at least the offer.
          expect(c * BigInt(prices[0]!)).toBeLessThanOrEqual(stake * BigInt(taken));
          // In thousandths of a minor unit: outcome k pays x_k × price_k; every x_j is spent.
          const spent = prices.reduce((s, _p, j) => s + hedges[j]! * 1000n, 0n);
          const diff = prices.map(
            (p, k) =>
              c * 1000n - spent + hedges[k]! * BigInt(p) - (k === 0 ? stake * BigInt(taken) : 0n),
          );
          expect(diff.every((d) => d > 0n)).toBe(false);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('the margin is the book’s: the offer is never above the fair value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_010, max: 20_000 }),
        fc.integer({ min: 1_010, max: 20_000 }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (taken, now, stake) => {
          const offer = fairCashoutOffer(single(stake), [
            {
              odds_milli: taken,
              result: 'open',
              current_odds_milli: now,
              book: { num: 1n, den: 1n },
            },
          ])!;
          const fair = (stake * BigInt(taken)) / BigInt(now);
          expect(offer).toBeLessThanOrEqual(fair);
          expect(offer).toBe((fair * BigInt(10_000 - CASHOUT_MARGIN_BP)) / 10_000n);
        },
      ),
    );
  });
});

describe('a partial cash-out', () => {
  const bet = { lines: 1, stake_minor: 10_00n, potential_return_minor: 20_00n };
  it('splits the stake: the part cashed, the rest riding at the price taken', () => {
    expect(splitCashout(bet, 4_00n)).toEqual({
      line_stake_minor: 4_00n,
      remaining: { stake_minor: 6_00n, line_stake_minor: 6_00n, potential_return_minor: 12_00n },
    });
    expect(splitCashout(bet, 10_00n)).toMatchObject({ remaining: { stake_minor: 0n } });
  });

  it('refuses a part over the stake, under the minimum, leaving too little, or uneven over lines', () => {
    expect(splitCashout(bet, 10_01n)).toHaveProperty('refusal');
    expect(splitCashout(bet, 99n)).toHaveProperty('refusal');
    expect(splitCashout(bet, 9_01n)).toHaveProperty('refusal');
    expect(splitCashout(bet, 1_00n)).not.toHaveProperty('refusal');
    expect(
      splitCashout({ lines: 3, stake_minor: 30_00n, potential_return_minor: 90_00n }, 10_01n),
    ).toHaveProperty('refusal');
  });

  it('keys each cash-out of a bet apart, the first as a whole cash-out always was', () => {
    expect(cashoutKey(7n, 1)).toBe('sb:bet:7:cashout');
    expect(cashoutKey(7n, 2)).toBe('sb:bet:7:cashout:2');
  });
});
