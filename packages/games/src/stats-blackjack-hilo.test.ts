import { describe, expect, it } from 'vitest';
import {
  type BlackjackState,
  blackjackActInPlace,
  blackjackDeal,
  blackjackPayout,
} from './blackjack.ts';
import { blackjackRtp, blackjackStrategy } from './blackjack-ev.ts';
import { DECK_SIZE } from './cards.ts';
import { hiloCards, hiloGuess, hiloPayout, hiloRank, hiloStart } from './hilo.ts';
import { ROUNDS } from './stats.support.ts';

/**
 * The floats come from a fast seeded 32-bit generator (mulberry32) at the scheme's resolution,
 * u / 2³², not from HMAC: a million hands would spend most of their time hashing on this shared
 * machine. The mapping from floats to cards is the code under test here; the published vectors
 * (blackjack.test.ts, vectors-cards.test.ts) pin it to the HMAC stream.
 */
function floatStream(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Plays one round to the end with the optimal strategy, drawing cards as it needs them. The
 * engine's rules applied to the round's one state (no copy per action: nothing looks back).
 */
function playBlackjack(cards: () => number): BlackjackState {
  const state = blackjackDeal(cards);
  while (state.phase !== 'done') blackjackActInPlace(state, blackjackStrategy(state), cards);
  return state;
}

describe('return to player', { timeout: 300_000 }, () => {
  it(`blackjack: optimal play returns 99.31 % (exact, infinite deck); ${ROUNDS} rounds agree`, () => {
    const exact = blackjackRtp();
    // Infinite deck, S17, 3:2, peek, double any two, one split, no double after split.
    expect(exact).toBeCloseTo(0.99309763, 7);
    let sum = 0;
    let squares = 0;
    const next = floatStream(0x0b1ac);
    // Each position is drawn once, in order (the engine never reads one twice):
    // cardFromFloat(f).index, without the card object.
    const cards = () => Math.floor(next() * DECK_SIZE);
    for (let round = 0; round < ROUNDS; round++) {
      const state = playBlackjack(cards);
      // Net result per first stake, as the exact figure counts it.
      const x = Number(blackjackPayout(state, 2n)) / 2 - netStaked(state);
      sum += x;
      squares += x * x;
    }
    const mean = 1 + sum / ROUNDS;
    const se = Math.sqrt((squares / ROUNDS - (sum / ROUNDS) ** 2) / ROUNDS);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });

  it(`hilo: the likelier side twice, then cash out; RTP 99 % exactly; ${ROUNDS} rounds agree`, () => {
    // Exact, by enumeration over the 13 ranks of each card (bigint: no rounding but the floor).
    let exactNum = 0n;
    const stake = 10n ** 12n;
    for (let a = 1; a <= 13; a++) {
      for (let b = 1; b <= 13; b++) {
        for (let c = 1; c <= 13; c++) {
          const ks = [];
          const g1 = a <= 7 ? 'higher' : 'lower';
          if (g1 === 'higher' ? b > a : b < a) ks.push(g1 === 'higher' ? 13 - a : a - 1);
          else continue;
          const g2 = b <= 7 ? 'higher' : 'lower';
          if (g2 === 'higher' ? c > b : c < b) ks.push(g2 === 'higher' ? 13 - b : b - 1);
          else continue;
          exactNum += hiloPayout(stake, ks);
        }
      }
    }
    const exact = Number(exactNum) / Number(stake) / 13 ** 3;
    expect(exact).toBeCloseTo(0.99, 9);
    const next = floatStream(0x0411);
    let sum = 0;
    let squares = 0;
    for (let r = 0; r < ROUNDS; r++) {
      let round = hiloStart(hiloCards([next()]));
      for (let i = 0; i < 2 && !round.lost; i++) {
        const rank = hiloRank(round.cards[round.cards.length - 1]!);
        const cards = [...round.cards, ...hiloCards([next()])];
        round = hiloGuess(round, rank <= 7 ? 'higher' : 'lower', cards);
      }
      const x = round.lost ? 0 : Number(hiloPayout(1_000_000n, round.ks)) / 1_000_000;
      sum += x;
      squares += x * x;
    }
    const mean = sum / ROUNDS;
    const se = Math.sqrt((squares / ROUNDS - mean * mean) / ROUNDS);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });
});

/** What a finished round took in stakes, per first stake (insurance is never taken here). */
function netStaked(state: BlackjackState): number {
  return state.hands.reduce((sum, hand) => sum + (hand.doubled ? 2 : 1), 0);
}
