import {
  type BlackjackAction,
  type BlackjackState,
  bestTotal,
  blackjackIsLegal,
  cardPoints,
} from './blackjack.ts';

/**
 * The exact expected return of this Blackjack (blackjack.ts's rules) under optimal play, from
 * an infinite deck, where every card is independent: P(point value v) = 1/13 for 1 (ace) … 9,
 * 4/13 for 10. Every decision is the argmax of its expected value given the player's hand and
 * the dealer's up card (for an infinite deck that is the optimal strategy, and so the basic
 * strategy: the cards already seen change nothing). Insurance is declined (its value is −1/13).
 *
 * Money is counted per first stake: RTP = 1 + E[net result] / stake, the usual way of quoting
 * a blackjack house edge (doubles and splits add stakes, measured against the first one).
 */
const P = (v: number) => (v === 10 ? 4 / 13 : 1 / 13);
const POINTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/** Hard totals up to 31 (a hard 21 plus a ten); index ace 0/1. */
const HARD_MAX = 32;
const key = (hard: number, ace: boolean) => hard * 2 + (ace ? 1 : 0);
const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/** P(dealer ends on 17, 18, 19, 20, 21, bust) from a hand, standing on all 17s. */
function dealerFrom(hard: number, ace: boolean, memo: Map<number, number[]>): number[] {
  const k = key(hard, ace);
  const known = memo.get(k);
  if (known) return known;
  const out = [0, 0, 0, 0, 0, 0];
  const total = best(hard, ace);
  if (hard > 21) out[5] = 1;
  else if (total >= 17) out[total - 17] = 1;
  else {
    for (const v of POINTS) {
      const next = dealerFrom(hard + v, ace || v === 1, memo);
      for (let i = 0; i < 6; i++) out[i]! += P(v) * next[i]!;
    }
  }
  memo.set(k, out);
  return out;
}

/** P(dealer blackjack) for an up card's points: the hole card a ten under an ace, and so on. */
export const dealerBlackjackChance = (up: number) => (up === 1 ? 4 / 13 : up === 10 ? 1 / 13 : 0);

/** The dealer's final totals given the up card, knowing the peek found no blackjack. */
function dealerGivenUp(up: number): number[] {
  const memo = new Map<number, number[]>();
  const out = [0, 0, 0, 0, 0, 0];
  const noBj = 1 - dealerBlackjackChance(up);
  for (const hole of POINTS) {
    if ((up === 1 && hole === 10) || (up === 10 && hole === 1)) continue;
    const d = dealerFrom(up + hole, up === 1 || hole === 1, memo);
    for (let i = 0; i < 6; i++) out[i]! += (P(hole) / noBj) * d[i]!;
  }
  return out;
}

/** Expected values of every decision against one up card. */
export type UpTable = {
  up: number;
  stand: Float64Array;
  /** Hit now, then play on optimally (no double). */
  hit: Float64Array;
  /** max(stand, hit) — a hand that may not double (after a hit, or a split). */
  play: Float64Array;
  double: Float64Array;
  /** Split a pair of cards of these points (index: points 1–10), per first stake. */
  split: Float64Array;
};

function standValue(total: number, dealer: number[]): number {
  if (total > 21) return -1;
  let value = dealer[5]!;
  for (let d = 17; d <= 21; d++) {
    const p = dealer[d - 17]!;
    if (total > d) value += p;
    else if (total < d) value -= p;
  }
  return value;
}

function table(up: number): UpTable {
  const dealer = dealerGivenUp(up);
  const size = HARD_MAX * 2;
  const t: UpTable = {
    up,
    stand: new Float64Array(size),
    hit: new Float64Array(size),
    play: new Float64Array(size),
    double: new Float64Array(size),
    split: new Float64Array(11),
  };
  // From high hard totals down: a hit only ever raises the hard total.
  for (let hard = HARD_MAX - 1; hard >= 2; hard--) {
    for (const ace of [false, true]) {
      const k = key(hard, ace);
      const total = best(hard, ace);
      t.stand[k] = standValue(total, dealer);
      if (hard > 21) {
        t.hit[k] = -1;
        t.play[k] = -1;
        t.double[k] = -2;
        continue;
      }
      let hit = 0;
      let double = 0;
      for (const v of POINTS) {
        const h = hard + v;
        const a = ace || v === 1;
        hit += P(v) * (h > 21 ? -1 : t.play[key(h, a)]!);
        double += P(v) * 2 * (h > 21 ? -1 : standValue(best(h, a), dealer));
      }
      t.hit[k] = hit;
      t.double[k] = double;
      // 21 stands by itself.
      t.play[k] = total === 21 ? t.stand[k]! : Math.max(t.stand[k]!, hit);
    }
  }
  for (const v of POINTS) {
    let one = 0;
    for (const c of POINTS) {
      const hard = v + c;
      const ace = v === 1 || c === 1;
      // Split aces take one card and stand; other split hands play on, without doubling.
      one += P(c) * (v === 1 ? t.stand[key(hard, ace)]! : t.play[key(hard, ace)]!);
    }
    t.split[v] = 2 * one;
  }
  return t;
}

let tables: UpTable[] | null = null;
/** The decision tables per up card's points (index 1–10), computed once. */
export function blackjackTables(): UpTable[] {
  if (!tables) {
    const list = POINTS.map(table);
    tables = [list[9]!, ...list];
  }
  return tables;
}

/** The optimal first decision's value for a two-card hand (not a natural) against `up`. */
function firstDecision(c1: number, c2: number, pair: boolean, t: UpTable): number {
  const hard = c1 + c2;
  const k = key(hard, c1 === 1 || c2 === 1);
  let value = Math.max(t.stand[k]!, t.hit[k]!, t.double[k]!);
  if (pair) value = Math.max(value, t.split[c1]!);
  return value;
}

/**
 * The exact RTP of optimal play: every two-card start and up card by rank (13 × 13 × 13, each
 * 1/13 — a pair is two cards of one rank), with the naturals, the peek and the decision values.
 */
export function blackjackRtp(): number {
  const t = blackjackTables();
  const ranks = Array.from({ length: 13 }, (_, r) => cardPoints(r * 4));
  let ev = 0;
  for (let r1 = 0; r1 < 13; r1++) {
    for (let r2 = 0; r2 < 13; r2++) {
      const c1 = ranks[r1]!;
      const c2 = ranks[r2]!;
      const natural = c1 + c2 === 11 && (c1 === 1 || c2 === 1);
      for (let u = 0; u < 13; u++) {
        const up = ranks[u]!;
        const pBj = dealerBlackjackChance(up);
        const value = natural
          ? (1 - pBj) * 1.5
          : -pBj + (1 - pBj) * firstDecision(c1, c2, r1 === r2, t[up]!);
        ev += value / 13 ** 3;
      }
    }
  }
  return 1 + ev;
}

/** The optimal action for a round in play (insurance declined): what the simulation plays. */
export function blackjackStrategy(state: BlackjackState): BlackjackAction {
  if (state.phase === 'insurance') return 'no_insurance';
  const t = blackjackTables()[cardPoints(state.dealer[0]!)]!;
  const hand = state.hands[state.active]!.cards;
  if (bestTotal(hand) >= 21) return 'stand';
  let hard = 0;
  let ace = false;
  for (let i = 0; i < hand.length; i++) {
    const p = cardPoints(hand[i]!);
    hard += p;
    if (p === 1) ace = true;
  }
  const k = key(hard, ace);
  let action: BlackjackAction = t.hit[k]! > t.stand[k]! ? 'hit' : 'stand';
  let value = Math.max(t.hit[k]!, t.stand[k]!);
  if (blackjackIsLegal(state, 'double') && t.double[k]! > value) {
    action = 'double';
    value = t.double[k]!;
  }
  if (blackjackIsLegal(state, 'split') && t.split[cardPoints(hand[0]!)]! > value) action = 'split';
  return action;
}
