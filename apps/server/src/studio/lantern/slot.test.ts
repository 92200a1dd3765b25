import { describe, expect, it } from 'vitest';
import {
  DRAGON_PEARLS,
  evaluate,
  exactRtp,
  KOI_GARDEN,
  LANTERN_FORTUNE,
  linePay,
  play,
  SLOT_GAMES,
  type SlotGame,
  winMinor,
} from './slot.ts';

/** A fixed-seed generator so the simulations are repeatable; the server uses crypto.randomInt. */
function seeded(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    state ^= state >>> 13;
    return state % max;
  };
}

describe('Lantern Studio slot maths', () => {
  it('three games of 5 reels × 3 rows with low, medium and high volatility, in that order of σ', () => {
    expect(SLOT_GAMES.map((game) => game.volatility).sort()).toEqual(['high', 'low', 'medium']);
    for (const game of SLOT_GAMES) {
      expect(game.reels).toHaveLength(5);
      expect(evaluate(game, [0, 0, 0, 0, 0]).grid.every((column) => column.length === 3)).toBe(
        true,
      );
    }
    expect(KOI_GARDEN.paylines).toHaveLength(20);
    expect(KOI_GARDEN.statedSd).toBeLessThan(LANTERN_FORTUNE.statedSd);
    expect(LANTERN_FORTUNE.statedSd).toBeLessThan(DRAGON_PEARLS.statedSd);
  });

  it('pays the longest left run with wilds substituting, wilds alone when that pays more', () => {
    const g = LANTERN_FORTUNE;
    expect(linePay(g, ['A', 'A', 'A', 'K', 'Q'])).toEqual({
      symbol: 'A',
      count: 3,
      pay: g.paytable.A![0],
    });
    expect(linePay(g, ['W', 'A', 'A', 'A', 'Q'])).toEqual({
      symbol: 'A',
      count: 4,
      pay: g.paytable.A![1],
    });
    expect(linePay(g, ['W', 'W', 'W', 'J', 'J'])).toEqual({
      symbol: 'W',
      count: 3,
      pay: g.paytable.W![0],
    });
    expect(linePay(g, ['A', 'A', 'K', 'A', 'A'])).toBeNull();
    expect(linePay(g, ['T', 'T', 'W', 'T', 'T'])!.count).toBe(5);
    // A scatter never pays on a line and is not substituted by the wild.
    expect(linePay(DRAGON_PEARLS, ['S', 'S', 'S', 'A', 'A'])).toBeNull();
    expect(linePay(DRAGON_PEARLS, ['W', 'S', 'A', 'A', 'A'])).toBeNull();
  });

  it('states the RTP its reel strips and paytable give (exact computation)', () => {
    for (const game of SLOT_GAMES) {
      expect(Math.abs(exactRtp(game) * 10_000 - game.statedRtpBp), game.code).toBeLessThan(1);
    }
  });

  it('the exact formula equals a brute-force enumeration of every reel stop (feature included)', () => {
    // A small game of the same kind (scatter, free spins, multiplier) whose 6^5 stops can all
    // be played: what each stop pays, plus the free spins it starts at their expectation.
    const toy: SlotGame = {
      ...DRAGON_PEARLS,
      code: 'toy',
      reels: [
        ['W', 'S', 'A', 'J', 'A', 'J'],
        ['A', 'J', 'S', 'W', 'J', 'A'],
        ['J', 'A', 'A', 'S', 'W', 'J'],
        ['S', 'J', 'A', 'J', 'A', 'W'],
        ['A', 'S', 'J', 'W', 'J', 'A'],
      ],
    };
    const stops = (index: number) =>
      [0, 1, 2, 3, 4].map((reel) => Math.floor(index / 6 ** reel) % 6);
    let base = 0;
    let spins = 0;
    const n = 6 ** 5;
    for (let i = 0; i < n; i++) {
      const spin = evaluate(toy, stops(i));
      base += spin.total / toy.paylines.length / n;
      spins += (spin.scatter?.spins ?? 0) / n;
    }
    const brute = base * (1 + toy.feature!.multiplier * spins);
    expect(spins).toBeGreaterThan(0);
    expect(exactRtp(toy)).toBeCloseTo(brute, 8);
  });

  it('scatters start the free spins, played at once with the multiplier and never retriggered', () => {
    const game = DRAGON_PEARLS;
    // Stops that put a scatter in the middle row of reels 1–3 and none on reels 4–5 (the
    // round's first draws).
    const clear = (strip: string[]) =>
      strip.findIndex(
        (_, stop) =>
          ![-1, 0, 1].some((o) => strip[(stop + o + strip.length) % strip.length] === 'S'),
      );
    const scatterStops = game.reels.map((strip, reel) =>
      reel < 3 ? strip.indexOf('S') : clear(strip),
    );
    const draws = [...scatterStops];
    const random = seeded(7);
    const round = play(game, (max) => (draws.length > 0 ? draws.shift()! : random(max)));
    expect(round.base.scatter).toMatchObject({ count: 3, spins: game.feature!.spins[0] });
    expect(round.base.scatter!.pay).toBe(game.feature!.pays[0] * game.paylines.length);
    expect(round.free).toHaveLength(game.feature!.spins[0]);
    for (const spin of round.free) {
      expect(spin.scatter!.spins).toBe(0);
      const unmultiplied = evaluate(game, spin.stops);
      expect(spin.total).toBe(unmultiplied.total * game.feature!.multiplier);
    }
    expect(round.total).toBe(round.base.total + round.free.reduce((s, f) => s + f.total, 0));
  });

  it('pays whole minor units, rounding a fraction of a line bet down', () => {
    expect(winMinor(KOI_GARDEN, 20n, 3)).toBe(3n);
    expect(winMinor(KOI_GARDEN, 50n, 3)).toBe(7n); // 7.5 → 7
    expect(winMinor(LANTERN_FORTUNE, 100n, 15)).toBe(150n);
  });

  it('simulations land within the confidence interval of the stated RTP, and near the stated σ', () => {
    for (const game of SLOT_GAMES) {
      const random = seeded(12345);
      const n = 20_000;
      let sum = 0;
      let squares = 0;
      for (let i = 0; i < n; i++) {
        const pay = play(game, random).total / game.paylines.length;
        sum += pay;
        squares += pay * pay;
      }
      const mean = sum / n;
      const sd = Math.sqrt(squares / n - mean * mean);
      expect(Math.abs(mean - game.statedRtpBp / 10_000), game.code).toBeLessThan(
        (4 * game.statedSd) / Math.sqrt(n),
      );
      expect(Math.abs(sd - game.statedSd) / game.statedSd, game.code).toBeLessThan(0.35);
    }
    // About a second alone; generous for a loaded machine.
  });
});
