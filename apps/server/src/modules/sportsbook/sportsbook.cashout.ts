/**
 * Cash-out arithmetic (decision 0620): the offer for an open bet and how a partial cash-out
 * splits it. Pure and exact: odds in thousandths, money in bigint minor units, rounded toward
 * zero (the book's favour) once per line.
 */
import { type BetShape, betLines, type Leg, legFactor, lineLost } from './sportsbook.math.ts';

/** The book keeps this share of the fair value of what a bet gives up. */
export const CASHOUT_MARGIN_BP = 500;
/**
 * A partial cash-out takes at least this share of the stake still on, and leaves at least as
 * much riding (else it is a whole cash-out).
 */
export const CASHOUT_PARTIAL_MIN_BP = 1_000;

/** A non-negative rational. */
export type Ratio = { num: bigint; den: bigint };
const ONE: Ratio = { num: 1n, den: 1n };

/**
 * A market's book, Σ 1/price over the prices offered, exactly. A fair book is 1; the book's
 * margin puts it above. A book below 1 (a non-exhaustive market such as top batsman offering
 * a few names) counts as 1, so the fair price is never taken above the book's own price.
 */
export function bookRatio(prices_milli: readonly number[]): Ratio {
  if (prices_milli.length === 0) return ONE;
  let den = 1n;
  for (const p of prices_milli) den *= BigInt(p);
  let num = 0n;
  for (let i = 0; i < prices_milli.length; i++) num += (den * 1000n) / BigInt(prices_milli[i]!);
  return num > den ? { num, den } : ONE;
}

/** An undecided leg carries its price now (null: suspended) and its market's book. */
export type CashoutLeg = Leg & { current_odds_milli: number | null; book?: Ratio };

/**
 * What an open bet is worth to the book now, less the cash-out margin: per line, the stake ×
 * Π over undecided legs of price taken / fair price now (the book's price × its market's book,
 * margin taken out) × the decided legs' factors; null when an undecided leg has no price.
 *
 * Because the fair price is never below the book's price, the offer is never above what the
 * book's own prices would charge to rebuild the same bet (stake × taken / price now), so a
 * cash-out followed by a bet at the book's prices cannot lock in a profit.
 */
export function fairCashoutOffer(
  shape: BetShape,
  legs: readonly CashoutLeg[],
  margin_bp: number = CASHOUT_MARGIN_BP,
): bigint | null {
  let total = 0n;
  for (const line of betLines(shape, legs.length)) {
    const lineLegs = line.map((i) => legs[i]!);
    if (lineLost(lineLegs)) continue;
    let num = shape.line_stake_minor;
    let den = 1n;
    for (const leg of lineLegs) {
      if (leg.result === 'open') {
        if (leg.current_odds_milli === null) return null;
        const book = leg.book ?? ONE;
        num *= BigInt(leg.odds_milli) * book.den;
        den *= BigInt(leg.current_odds_milli) * book.num;
      } else {
        const factor = legFactor(leg);
        num *= factor.num;
        den *= factor.den;
      }
    }
    total += num / den;
  }
  return (total * BigInt(10_000 - margin_bp)) / 10_000n;
}

export type CashoutSplit = {
  /** The stake cashed out, per line. */
  line_stake_minor: bigint;
  /** What stays on. */
  remaining: { stake_minor: bigint; line_stake_minor: bigint; potential_return_minor: bigint };
};

/**
 * Checks the part of a bet's stake a player asks to cash out and splits the bet. The part is a
 * whole number of minor units per line (a system bet's lines are cashed out alike); a partial
 * part is at least CASHOUT_PARTIAL_MIN_BP of the stake and leaves at least as much on. Returns
 * the refusal's message when it is not allowed.
 */
export function splitCashout(
  bet: { lines: number; stake_minor: bigint; potential_return_minor: bigint },
  part_minor: bigint,
  min_bp: number = CASHOUT_PARTIAL_MIN_BP,
): CashoutSplit | { refusal: string } {
  const lines = BigInt(bet.lines);
  if (part_minor <= 0n) return { refusal: 'The stake to cash out must be positive' };
  if (part_minor > bet.stake_minor)
    return { refusal: 'The stake to cash out is more than the stake on the bet' };
  if (part_minor % lines !== 0n)
    return {
      refusal: `The stake to cash out must divide evenly over the bet's ${bet.lines} lines`,
    };
  const left = bet.stake_minor - part_minor;
  const minimum = (bet.stake_minor * BigInt(min_bp) + 9_999n) / 10_000n;
  if (left > 0n && (part_minor < minimum || left < minimum)) {
    return {
      refusal: `A partial cash-out takes and leaves at least ${min_bp / 100} % of the stake (${minimum} minor units)`,
    };
  }
  return {
    line_stake_minor: part_minor / lines,
    remaining: {
      stake_minor: left,
      line_stake_minor: left / lines,
      potential_return_minor: (bet.potential_return_minor * left) / bet.stake_minor,
    },
  };
}

/** The ledger key of a bet's n-th cash-out; the first keeps the whole-bet key. */
export function cashoutKey(bet_id: bigint, seq: number): string {
  return seq === 1 ? `sb:bet:${bet_id}:cashout` : `sb:bet:${bet_id}:cashout:${seq}`;
}
