import { describe, expect, it } from 'vitest';
import { diceRollFromFloat, diceWins } from './dice.ts';
import { limboFromFloat, limboWins } from './limbo.ts';
import { exactShare, ROUNDS, simulate } from './stats.support.ts';

/**
 * 1,000,000 rounds per original over the real HMAC stream must land within 4 standard errors of
 * the exact RTP, itself computed over all 2³² floats (not assumed), which must be the stated one.
 */
describe('return to player', { timeout: 120_000 }, () => {
  it(`dice: over 50.00 pays 1.98×; RTP 98.99 % exactly, ${ROUNDS} rounds agree`, () => {
    const exact = 1.98 * exactShare((f) => diceWins(diceRollFromFloat(f), 5000, 'over'), 'high');
    expect(exact).toBeCloseTo((5000 / 10001) * 1.98, 6);
    const { mean, standardError } = simulate('dice-rtp', 8, ([f]) =>
      diceWins(diceRollFromFloat(f!), 5000, 'over') ? 1.98 : 0,
    );
    expect(Math.abs(mean - exact)).toBeLessThan(4 * standardError);
  });

  it(`limbo: target 2.00×; RTP 99 % exactly, ${ROUNDS} rounds agree`, () => {
    const exact = 2 * exactShare((f) => limboWins(limboFromFloat(f, 100), 200), 'low');
    expect(exact).toBeCloseTo(0.99, 6);
    const { mean, standardError } = simulate('limbo-rtp', 8, ([f]) =>
      limboWins(limboFromFloat(f!, 100), 200) ? 2 : 0,
    );
    expect(Math.abs(mean - exact)).toBeLessThan(4 * standardError);
  });
});
