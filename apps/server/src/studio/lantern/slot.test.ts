import { describe, expect, it } from 'vitest';
import {
  evaluate,
  exactRtp,
  LINES,
  linePay,
  PAYTABLE,
  REELS,
  STATED_RTP_BP,
  spin,
  WILD,
} from './slot.ts';

describe('Lantern Fortune maths', () => {
  it('has 5 reels, 3 rows and 10 paylines', () => {
    expect(REELS).toHaveLength(5);
    expect(LINES).toBe(10);
    expect(evaluate([0, 0, 0, 0, 0]).grid.every((column) => column.length === 3)).toBe(true);
  });

  it('pays the longest left run with wilds substituting, wilds alone when that pays more', () => {
    expect(linePay(['A', 'A', 'A', 'K', 'Q'])).toEqual({
      symbol: 'A',
      count: 3,
      pay: PAYTABLE.A[0],
    });
    expect(linePay(['W', 'A', 'A', 'A', 'Q'])).toEqual({
      symbol: 'A',
      count: 4,
      pay: PAYTABLE.A[1],
    });
    expect(linePay([WILD, WILD, WILD, 'J', 'J'])).toEqual({
      symbol: 'W',
      count: 3,
      pay: PAYTABLE.W[0],
    });
    expect(linePay(['A', 'A', 'K', 'A', 'A'])).toBeNull();
    expect(linePay(['T', 'T', 'W', 'T', 'T'])!.count).toBe(5);
  });

  it('states the RTP its reel strips and paytable give (exact computation)', () => {
    const rtp = exactRtp();
    expect(Math.abs(rtp * 10_000 - STATED_RTP_BP)).toBeLessThan(1);
  });

  it('a simulation of 200,000 spins lands within the confidence interval of the stated RTP', () => {
    // A fixed-seed generator so the test is repeatable; the server uses crypto.randomInt.
    let state = 12345;
    const random = (max: number) => {
      state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      state ^= state >>> 13;
      return state % max;
    };
    const n = 200_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const pay = spin(random).total / LINES;
      sum += pay;
      squares += pay * pay;
    }
    const mean = sum / n;
    const sd = Math.sqrt(squares / n - mean * mean);
    const margin = (4 * sd) / Math.sqrt(n);
    expect(Math.abs(mean - STATED_RTP_BP / 10_000)).toBeLessThan(margin);
  });
});
