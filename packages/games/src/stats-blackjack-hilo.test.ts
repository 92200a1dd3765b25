import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BlackjackState, blackjackAct, blackjackDeal, blackjackPayout } from './blackjack.ts';
import { blackjackRtp, blackjackStrategy } from './blackjack-ev.ts';
import { DECK_SIZE } from './cards.ts';
import { bytesToFloats } from './fair.ts';
import { hiloCards, hiloGuess, hiloPayout, hiloRank, hiloStart } from './hilo.ts';
import { ROUNDS } from './stats.support.ts';

/**
 * The scheme's floats as one stream: HMAC round after HMAC round (8 floats each), each game
 * round taking as many cards as it needs. The floats are independent and uniform whatever their
 * place, so this is the same experiment as one nonce per round, at a fraction of the HMAC work
 * (a round uses ~5 of its nonce's 8 floats, and the machine is shared).
 */
function floatStream(seed: string) {
  let block: number[] = [];
  let at = 8;
  let nonce = 0;
  return () => {
    if (at === 8) {
      block = bytesToFloats(createHmac('sha256', seed).update(`client-seed:${nonce++}:0`).digest());
      at = 0;
    }
    return block[at++]!;
  };
}

/** Plays one round to the end with the optimal strategy, drawing cards as it needs them. */
function playBlackjack(next: () => number): BlackjackState {
  // Each position is drawn once, in order (the engine never reads one twice).
  // cardFromFloat(f).index, without the card object.
  const cards = () => Math.floor(next() * DECK_SIZE);
  let state = blackjackDeal(cards);
  while (state.phase !== 'done') state = blackjackAct(state, blackjackStrategy(state), cards);
  return state;
}

describe('return to player', { timeout: 300_000 }, () => {
  it(`blackjack: optimal play returns 99.31 % (exact, infinite deck); ${ROUNDS} rounds agree`, () => {
    const exact = blackjackRtp();
    // Infinite deck, S17, 3:2, peek, double any two, one split, no double after split.
    expect(exact).toBeCloseTo(0.99309763, 7);
    let sum = 0;
    let squares = 0;
    const next = floatStream('blackjack-rtp');
    for (let round = 0; round < ROUNDS; round++) {
      const state = playBlackjack(next);
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
    const next = floatStream('hilo-rtp');
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
