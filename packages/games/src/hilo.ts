import { cardFromFloat, DECK_SIZE } from './cards.ts';

/**
 * HiLo (docs/decisions/0551): a start card, then guess whether the next card is higher, lower
 * or the same rank — or skip it. Infinite deck: float k of the bet is card k, `floor(f_k × 52)`
 * in Stake's index order (cards.ts), at most 52 cards a round. Ranks run ace low (1) to king
 * high (13), as Stake's HiLo.
 *
 * A guess that k of the 13 ranks win has chance k / 13. The round's multiplier after winning
 * guesses with k₁ … kₙ winning ranks is (1 − edge) × 13ⁿ / (k₁ ⋯ kₙ): the fair odds of the
 * whole run, less the edge once (not per guess). Any play that cashes out after at least one
 * won guess therefore returns exactly 1 − edge per unit staked.
 */
export const HILO_CARDS_MAX = DECK_SIZE;
export type HiloGuess = 'higher' | 'lower' | 'same' | 'skip';
export const HILO_GUESSES: readonly HiloGuess[] = ['higher', 'lower', 'same', 'skip'];

/** HiLo rank of a card index: ace 1, two 2, … king 13. */
export function hiloRank(index: number): number {
  const rank = Math.floor(index / 4);
  return rank === 12 ? 1 : rank + 2;
}

/** How many of the 13 ranks win a guess from `rank` (0: the guess cannot win; skip: 13). */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  switch (guess) {
    case 'higher':
      return 13 - rank;
    case 'lower':
      return rank - 1;
    case 'same':
      return 1;
    case 'skip':
      return 13;
  }
}

export function hiloWins(from: number, to: number, guess: HiloGuess): boolean {
  const a = hiloRank(from);
  const b = hiloRank(to);
  switch (guess) {
    case 'higher':
      return b > a;
    case 'lower':
      return b < a;
    case 'same':
      return b === a;
    case 'skip':
      return true;
  }
}

/** The round's cards from its floats. */
export function hiloCards(fs: readonly number[]): number[] {
  return fs.slice(0, HILO_CARDS_MAX).map((f) => cardFromFloat(f).index);
}

/**
 * What the round pays after the won guesses `ks` (their winning-rank counts), toward zero:
 * stake × (1 − edge) × 13ⁿ / Πk. Before any won guess: the stake.
 */
export function hiloPayout(stake_minor: bigint, ks: readonly number[], edge_bp = 100): bigint {
  if (ks.length === 0) return stake_minor;
  let num = stake_minor * BigInt(10_000 - edge_bp);
  let den = 10_000n;
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1 || k > 12) throw new RangeError(`winning ranks: ${k}`);
    num *= 13n;
    den *= BigInt(k);
  }
  return num / den;
}

/** The multiplier after `ks`, 4 decimals toward zero ("1.0725"). */
export function hiloMultiplier(ks: readonly number[], edge_bp = 100): string {
  const scaled = hiloPayout(10_000n, ks, edge_bp);
  const text = scaled.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

/** The multiplier one more won guess with `k` winning ranks would give. */
export function hiloNextMultiplier(ks: readonly number[], k: number, edge_bp = 100): string {
  return hiloMultiplier([...ks, k], edge_bp);
}

export type HiloStep = { guess: HiloGuess; card: number; won: boolean; winning_ranks: number };
export type HiloRound = {
  /** Cards shown so far: the start card, then one per step. */
  cards: number[];
  steps: HiloStep[];
  /** Winning-rank counts of the won guesses (skips excluded): the multiplier's factors. */
  ks: number[];
  lost: boolean;
};

/** Why a guess is refused (the server answers 409 with the code). */
export class HiloRuleError extends Error {
  constructor(
    readonly code: 'ACTION_NOT_ALLOWED' | 'ROUND_OVER' | 'OUT_OF_CARDS',
    message: string,
  ) {
    super(message);
    this.name = 'HiloRuleError';
  }
}

export function hiloStart(cards: readonly number[]): HiloRound {
  return { cards: [cards[0]!], steps: [], ks: [], lost: false };
}

/** A copy of the round with one guess (or skip) played on the next card. */
export function hiloGuess(round: HiloRound, guess: HiloGuess, cards: readonly number[]): HiloRound {
  if (round.lost) throw new HiloRuleError('ROUND_OVER', 'The round is over.');
  const position = round.cards.length;
  if (position >= Math.min(cards.length, HILO_CARDS_MAX)) {
    throw new HiloRuleError('OUT_OF_CARDS', 'The round has used all of its 52 cards.');
  }
  const from = round.cards[position - 1]!;
  const k = hiloWinningRanks(hiloRank(from), guess);
  if (k === 0) {
    throw new HiloRuleError(
      'ACTION_NOT_ALLOWED',
      guess === 'higher' ? 'Nothing is higher than a king.' : 'Nothing is lower than an ace.',
    );
  }
  const card = cards[position]!;
  const won = hiloWins(from, card, guess);
  return {
    cards: [...round.cards, card],
    steps: [...round.steps, { guess, card, won, winning_ranks: k }],
    ks: won && guess !== 'skip' ? [...round.ks, k] : round.ks,
    lost: !won,
  };
}

/** Replays a round from its cards and its recorded guesses (the verifier's path). */
export function hiloReplay(cards: readonly number[], guesses: readonly HiloGuess[]): HiloRound {
  let round = hiloStart(cards);
  for (const guess of guesses) round = hiloGuess(round, guess, cards);
  return round;
}
