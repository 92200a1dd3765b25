import { describe, expect, it } from 'vitest';
import { andarBaharDeal, andarBaharRangeOf, andarBaharRtp } from './andar-bahar.ts';
import {
  BACCARAT_FLOATS,
  baccaratFromFloats,
  baccaratReturn_x100,
  baccaratRtp,
} from './baccarat.ts';
import { dragonTigerFromFloats, dragonTigerReturn_x100, dragonTigerRtp } from './dragon-tiger.ts';
import { ROUNDS } from './stats.support.ts';
import {
  PAIR_PLUS_PAYS_X100,
  pairPlusRtp,
  teenPattiAnte_x10000,
  teenPattiAnteRtp,
  teenPattiFromFloats,
} from './teen-patti.ts';

/**
 * The card games against their exact returns, a million rounds each. The floats come from a
 * fast 32-bit generator (mulberry32) with the scheme's resolution — u / 2³² — rather than the
 * HMAC stream: Andar Bahar reads up to 50 floats a round, and a million rounds of HMAC would take
 * many seconds on this shared machine. The mapping from floats to cards is the code under test;
 * vectors-cards.test.ts pins it to the HMAC stream.
 */
function floatSource(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mean return per unit of each named bet over ROUNDS rounds, with standard errors. */
function simulate(seed: number, count: number, play: (fs: number[]) => Record<string, number>) {
  const next = floatSource(seed);
  const fs = new Array<number>(count);
  const sums: Record<string, { sum: number; squares: number }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < count; i++) fs[i] = next();
    for (const [bet, x] of Object.entries(play(fs))) {
      const s = sums[bet] ?? { sum: 0, squares: 0 };
      sums[bet] = s;
      s.sum += x;
      s.squares += x * x;
    }
  }
  return Object.fromEntries(
    Object.entries(sums).map(([bet, { sum, squares }]) => {
      const mean = sum / ROUNDS;
      return [bet, { mean, standardError: Math.sqrt((squares / ROUNDS - mean * mean) / ROUNDS) }];
    }),
  );
}

function expectAgrees(result: { mean: number; standardError: number }, exact: number) {
  expect(Math.abs(result.mean - exact)).toBeLessThan(4 * result.standardError);
}

describe('return to player of the card games', { timeout: 120_000 }, () => {
  it(`baccarat: Player, Banker, Tie and Pair, ${ROUNDS} coups agree with the enumeration`, () => {
    const r = simulate(11, BACCARAT_FLOATS, (fs) => {
      const coup = baccaratFromFloats(fs);
      return {
        player: baccaratReturn_x100(coup, 'player') / 100,
        banker: baccaratReturn_x100(coup, 'banker') / 100,
        tie: baccaratReturn_x100(coup, 'tie') / 100,
        pair: baccaratReturn_x100(coup, 'player_pair') / 100,
      };
    });
    expectAgrees(r.player!, baccaratRtp('player'));
    expectAgrees(r.banker!, baccaratRtp('banker'));
    expectAgrees(r.tie!, baccaratRtp('tie'));
    expectAgrees(r.pair!, baccaratRtp('player_pair'));
  });

  it(`dragon tiger: Dragon and Tie, ${ROUNDS} deals agree`, () => {
    const r = simulate(12, 2, (fs) => {
      const { winner } = dragonTigerFromFloats(fs);
      return {
        dragon: dragonTigerReturn_x100(winner, 'dragon') / 100,
        tie: dragonTigerReturn_x100(winner, 'tie') / 100,
      };
    });
    expectAgrees(r.dragon!, dragonTigerRtp('dragon'));
    expectAgrees(r.tie!, dragonTigerRtp('tie'));
  });

  it(`teen patti: Ante at 1 % and Pair Plus, ${ROUNDS} deals agree`, () => {
    const r = simulate(13, 6, (fs) => {
      const deal = teenPattiFromFloats(fs);
      return {
        ante: teenPattiAnte_x10000(deal.winner, 100) / 10_000,
        pairPlus: PAIR_PLUS_PAYS_X100[deal.player_hand] / 100,
      };
    });
    expectAgrees(r.ante!, teenPattiAnteRtp(100));
    expectAgrees(r.pairPlus!, pairPlusRtp());
  });

  it(`andar bahar: Andar, Bahar and the 1–5 and 41+ counts, ${ROUNDS} deals agree`, () => {
    // The deal reads its floats one by one (about 14 a round), straight from the source.
    const source = floatSource(15);
    const r = simulate(14, 0, () => {
      const deal = andarBaharDeal(source);
      const range = andarBaharRangeOf(deal.dealt);
      return {
        andar: deal.winner === 'andar' ? 1.9 : 0,
        bahar: deal.winner === 'bahar' ? 2 : 0,
        low: range === '1-5' ? 3.5 : 0,
        high: range === '41-49' ? 120 : 0,
      };
    });
    expectAgrees(r.andar!, andarBaharRtp('andar'));
    expectAgrees(r.bahar!, andarBaharRtp('bahar'));
    expectAgrees(r.low!, andarBaharRtp('1-5'));
    expectAgrees(r.high!, andarBaharRtp('41-49'));
  });
});
