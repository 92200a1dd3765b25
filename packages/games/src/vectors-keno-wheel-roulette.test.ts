import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  KENO_DRAWS_TOTAL,
  KENO_RISKS,
  kenoDraw,
  kenoPayout,
  kenoTable,
  kenoWays,
  RED_NUMBERS,
  type RouletteBet,
  recompute,
  rouletteBestReturn,
  rouletteCovers,
  roulettePocket,
  rouletteReturns,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelRisk,
  wheelBaseTable,
  wheelPayout,
  wheelSegment,
  wheelTable,
} from './index.ts';

/**
 * Keno, Wheel and Roulette: results stake.com's calculation page shows for these seeds, from the
 * test data of the open-source verifier players use (provably-fair-betting/verifierform-stake,
 * tests/lib/games/testcases/{keno,wheel,roulette}.json), kept as published.
 */
const pair = (serverSeed: string, clientSeed: string, nonce: number) => ({
  serverSeed,
  clientSeed,
  nonce,
});

describe('published vectors: keno, wheel, roulette', () => {
  const keno = [
    [1, 7, 9, 12, 14, 16, 21, 23, 30, 39],
    [1, 6, 11, 12, 13, 22, 24, 29, 34, 35],
    [1, 8, 13, 17, 20, 28, 32, 34, 35, 36],
    [2, 3, 7, 16, 18, 24, 27, 31, 37, 39],
    [6, 14, 15, 17, 19, 22, 25, 28, 31, 39],
    [4, 6, 9, 14, 15, 17, 19, 26, 32, 38],
    [3, 10, 11, 14, 17, 25, 27, 28, 30, 31],
    [6, 7, 8, 9, 11, 17, 23, 30, 31, 40],
    [5, 8, 12, 22, 25, 26, 28, 30, 37, 40],
    [6, 7, 10, 13, 16, 17, 25, 30, 31, 34],
  ];
  it.each(keno.map((numbers, nonce) => ({ numbers, nonce })))(
    'keno, nonce $nonce → $numbers',
    async (v) => {
      const seeds = pair(
        'ae1581dc89398cb8fdb84f0a2c64e816',
        '971f4d5c49eb1111385e9309d105227f',
        v.nonce,
      );
      const drawn = await kenoDraw(seeds);
      expect([...drawn].sort((a, b) => a - b)).toEqual(v.numbers);
    },
  );

  // nonce k plays the k-th (risk, segments); the published result is the multiplier at 1 %.
  const wheel: [WheelRisk, number[]][] = [
    ['low', [120, 0, 120, 120, 120]],
    ['medium', [300, 0, 200, 0, 0]],
    ['high', [0, 0, 0, 0, 0]],
  ];
  const wheelRows = wheel.flatMap(([risk, results], r) =>
    results.map((multiplier, i) => ({
      risk,
      segments: 10 * (i + 1),
      nonce: r * 5 + i,
      multiplier,
    })),
  );
  it.each(wheelRows)('wheel, nonce $nonce ($risk, $segments) → $multiplier', async (v) => {
    const seeds = pair(
      '734db4b5d75c339f037ba64ac5ecada3',
      'bb0f7423c07974b393e4f03d86c6c6d8',
      v.nonce,
    );
    const segment = await wheelSegment(seeds, v.segments);
    expect(wheelBaseTable(v.segments, v.risk)[segment]).toBe(v.multiplier);
  });

  const roulette = [33, 6, 22, 33, 16, 9, 11, 16, 9, 20];
  it.each(roulette.map((pocket, nonce) => ({ pocket, nonce })))(
    'roulette, nonce $nonce → $pocket',
    async (v) => {
      const seeds = pair(
        'f7b51b19a4563681f2c1e00ef747884a',
        '94ffb08138facf8cffa9c376d703aaed',
        v.nonce,
      );
      expect(await roulettePocket(seeds)).toBe(v.pocket);
    },
  );
});

/** The published scheme written out again (Node's HMAC, its own byte reading and shuffle). */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const block = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let i = 0; i < 8 && out.length < count; i++) out.push(block.readUInt32BE(i * 4) / 2 ** 32);
  }
  return out;
}
/** Fisher–Yates over 1–40 by marking: the k-th square not yet taken, k = floor(f × left). */
function referenceKeno(fs: number[]) {
  const taken = new Array<boolean>(41).fill(false);
  return fs.slice(0, 10).map((f, i) => {
    let k = Math.floor(f * (40 - i));
    for (let square = 1; ; square++) {
      if (taken[square]) continue;
      if (k-- === 0) {
        taken[square] = true;
        return square;
      }
    }
  });
}

describe('vectors derived independently (Python, and the re-implementation above)', () => {
  const serverSeed = 'e2e4c3d1f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2';
  const clientSeed = 'lucky-seed';
  // Python (hmac + hashlib): the draw in order, the roulette pocket, the segment of 10 and 50.
  const expected = [
    { keno: [33, 4, 31, 16, 8, 39, 1, 27, 28, 6], pocket: 30, s10: 8, s50: 41 },
    { keno: [15, 21, 4, 14, 1, 26, 30, 11, 35, 5], pocket: 13, s10: 3, s50: 17 },
    { keno: [38, 9, 13, 23, 39, 22, 25, 20, 28, 8], pocket: 34, s10: 9, s50: 46 },
  ];
  it.each(expected.map((e, nonce) => ({ ...e, nonce })))('nonce $nonce', async (e) => {
    const seeds = { serverSeed, clientSeed, nonce: e.nonce };
    expect(await recompute(seeds, { game: 'keno' })).toEqual({ game: 'keno', drawn: e.keno });
    expect(await recompute(seeds, { game: 'roulette' })).toEqual({
      game: 'roulette',
      pocket: e.pocket,
    });
    expect(await recompute(seeds, { game: 'wheel', segments: 10 })).toEqual({
      game: 'wheel',
      segment: e.s10,
    });
    expect(await recompute(seeds, { game: 'wheel', segments: 50 })).toEqual({
      game: 'wheel',
      segment: e.s50,
    });
  });

  it('200 nonces: the draw, the pocket and the segment agree with the re-implementation', async () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const fs = referenceFloats('independent', 'client', nonce, 10);
      const seeds = pair('independent', 'client', nonce);
      expect(await kenoDraw(seeds), `nonce ${nonce}`).toEqual(referenceKeno(fs));
      expect(await roulettePocket(seeds)).toBe(Math.floor(fs[0]! * 37));
      expect(await wheelSegment(seeds, 30)).toBe(Math.floor(fs[0]! * 30));
    }
  });
});

describe('payout tables', () => {
  it("wheel: Stake's tables return exactly 99 %; another edge scales by (1 − edge) / 0.99", () => {
    for (const segments of WHEEL_SEGMENTS) {
      for (const risk of WHEEL_RISKS) {
        const base = wheelBaseTable(segments, risk);
        expect(base).toHaveLength(segments);
        // Σ multipliers = 0.99 × segments, in hundredths: exact.
        expect(
          base.reduce((a, b) => a + b, 0),
          `${segments} ${risk}`,
        ).toBe(99 * segments);
        const at300 = wheelTable(segments, risk, 300);
        const sum = at300.reduce((a, b) => a + b, 0);
        expect(sum).toBeLessThanOrEqual(9_700 * segments);
        expect(sum).toBeGreaterThan(9_699 * segments);
      }
    }
    expect(wheelTable(10, 'high')[9]).toBe(99_000);
    expect(wheelPayout(10_00n, 10, 'low', 0)).toBe(15_00n);
    expect(wheelPayout(10_00n, 10, 'low', 4)).toBe(0n);
  });

  it('keno: hypergeometric odds sum to one; every table returns 1 − edge to within 0.01 %', () => {
    for (let picks = 1; picks <= 10; picks++) {
      let ways = 0n;
      for (let h = 0; h <= picks; h++) ways += kenoWays(picks, h);
      expect(ways).toBe(KENO_DRAWS_TOTAL);
      for (const risk of KENO_RISKS) {
        for (const edge_bp of [0, 100, 250, 1000]) {
          const table = kenoTable(picks, risk, edge_bp);
          expect(table).toHaveLength(picks + 1);
          // Exact rational: Σ ways(h) · m(h) / (C(40,10) · 10⁴), compared in integers.
          let sum = 0n;
          table.forEach((m, h) => {
            sum += kenoWays(picks, h) * BigInt(m);
          });
          const target = KENO_DRAWS_TOTAL * BigInt(10_000 - edge_bp);
          expect(sum <= target, `${picks} ${risk} ${edge_bp}`).toBe(true);
          expect(sum >= target - KENO_DRAWS_TOTAL, `${picks} ${risk} ${edge_bp}`).toBe(true);
          // More hits never pay less.
          for (let h = 1; h <= picks; h++) expect(table[h]!).toBeGreaterThanOrEqual(table[h - 1]!);
        }
      }
    }
    expect(kenoTable(1, 'classic')).toEqual([0, 39_600]);
    expect(kenoPayout(1_00n, 1, 'high', 1)).toBe(3_96n);
    expect(kenoPayout(1_00n, 5, 'high', 2)).toBe(0n);
  });

  it('roulette: the layout, 36 / k returns, a 2.70 % edge on every bet', () => {
    expect(RED_NUMBERS).toHaveLength(18);
    expect(rouletteCovers({ type: 'split', numbers: [17, 20] })).toEqual([17, 20]);
    expect(rouletteCovers({ type: 'split', numbers: [0, 2] })).toEqual([0, 2]);
    expect(typeof rouletteCovers({ type: 'split', numbers: [3, 4] })).toBe('string');
    expect(rouletteCovers({ type: 'street', numbers: [13, 14, 15] })).toEqual([13, 14, 15]);
    expect(typeof rouletteCovers({ type: 'street', numbers: [14, 15, 16] })).toBe('string');
    expect(rouletteCovers({ type: 'corner', numbers: [0, 1, 2, 3] })).toEqual([0, 1, 2, 3]);
    expect(typeof rouletteCovers({ type: 'corner', numbers: [3, 4, 6, 7] })).toBe('string');
    expect(rouletteCovers({ type: 'six_line', numbers: [31, 32, 33, 34, 35, 36] })).toHaveLength(6);
    expect(rouletteCovers({ type: 'column', index: 1 })).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34,
    ]);
    expect(rouletteCovers({ type: 'dozen', index: 3 })).toEqual([
      25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
    ]);
    expect(typeof rouletteCovers({ type: 'dozen', index: 4 })).toBe('string');
    // Every bet type: Σ over the 37 pockets of its return = 36 × its stake (RTP 36/37).
    const bets = [
      { type: 'straight', numbers: [0] },
      { type: 'split', numbers: [1, 4] },
      { type: 'street', numbers: [0, 2, 3] },
      { type: 'corner', numbers: [1, 2, 4, 5] },
      { type: 'six_line', numbers: [1, 2, 3, 4, 5, 6] },
      { type: 'dozen', index: 2 },
      { type: 'column', index: 3 },
      { type: 'red' },
      { type: 'black' },
      { type: 'odd' },
      { type: 'even' },
      { type: 'low' },
      { type: 'high' },
    ] satisfies RouletteBet[];
    for (const bet of bets) {
      const covers = rouletteCovers(bet) as number[];
      const chip = { covers, amount_minor: 100n };
      let total = 0n;
      for (let pocket = 0; pocket < 37; pocket++) total += rouletteReturns([chip], pocket)[0]!;
      expect(total, bet.type).toBe(3_600n);
    }
    const chips = [
      { covers: [17], amount_minor: 100n },
      { covers: rouletteCovers({ type: 'red' }) as number[], amount_minor: 100n },
    ];
    // 17 is black: straight 36 × 1.00; 1 (red) pays 2 × 1.00 on red only.
    expect(rouletteReturns(chips, 17)).toEqual([3_600n, 0n]);
    expect(rouletteBestReturn(chips)).toBe(3_600n);
    expect(rouletteReturns(chips, 0)).toEqual([0n, 0n]);
  });
});
