import { describe, expect, it } from 'vitest';
import { crashFromHmacHex } from './crash.ts';
import { minesFromFloats, minesPayout } from './mines.ts';
import { plinkoBucket, plinkoMultiplier_x100, plinkoPathFromFloats, plinkoRtp } from './plinko.ts';
import { exactShare, ROUNDS, simulate } from './stats.support.ts';

const hex8 = (f: number) =>
  Math.floor(f * 2 ** 32)
    .toString(16)
    .padStart(8, '0');

describe('return to player', { timeout: 120_000 }, () => {
  it(`mines: 3 mines, 5 gems then cash out; RTP 99 %, ${ROUNDS} rounds agree`, () => {
    const multiplier = Number(minesPayout(1_000_000n, 3, 5)) / 1_000_000;
    // Surviving 5 picks among 22 safe of 25 tiles: C(22,5) / C(25,5).
    const exact = multiplier * (26_334 / 53_130);
    expect(exact).toBeCloseTo(0.99, 5);
    const picks = [0, 6, 12, 18, 24];
    const { mean, standardError } = simulate('mines-rtp', 2, (floats) => {
      const mines = minesFromFloats(floats, 3);
      return picks.some((tile) => mines.includes(tile)) ? 0 : multiplier;
    });
    expect(Math.abs(mean - exact)).toBeLessThan(4 * standardError);
  });

  it(`plinko: 8 rows, high risk; RTP 99.06 %, ${ROUNDS} rounds agree`, () => {
    const exact = plinkoRtp(8, 'high');
    expect(exact).toBeCloseTo(0.990625, 6);
    const { mean, standardError } = simulate(
      'plinko-rtp',
      1,
      (floats) =>
        plinkoMultiplier_x100(8, 'high', plinkoBucket(plinkoPathFromFloats(floats, 8))) / 100,
    );
    expect(Math.abs(mean - exact)).toBeLessThan(4 * standardError);
  });

  it(`crash: cash out at 2.00×; RTP 99 %, ${ROUNDS} rounds agree`, () => {
    // A round's HMAC's first 8 hex digits are a uniform 32-bit integer; here each float of the
    // stream stands for one (same distribution), and the exact share runs over all 2³².
    const exact = 2 * exactShare((f) => crashFromHmacHex(hex8(f)) >= 200, 'low');
    expect(exact).toBeCloseTo(0.99, 6);
    const { mean, standardError } = simulate('crash-rtp', 8, ([f]) =>
      crashFromHmacHex(hex8(f!)) >= 200 ? 2 : 0,
    );
    expect(Math.abs(mean - exact)).toBeLessThan(4 * standardError);
  });
});
