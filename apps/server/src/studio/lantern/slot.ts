/**
 * Lantern Fortune: the demo studio's slot. 5 reels × 3 rows, 10 fixed paylines, a wild that
 * substitutes for every symbol and pays on its own. Pure maths: the studio's server spins it
 * (never the browser), and `exactRtp` computes the return to player from the reel strips
 * and the paytable, which a test holds against the stated figure and a simulation.
 */
import { randomInt } from 'node:crypto';

export const SYMBOLS = ['W', 'D', 'K', 'C', 'A', 'R', 'Q', 'J', 'T'] as const;
export type SymbolId = (typeof SYMBOLS)[number];
export const WILD: SymbolId = 'W';

/** Display names (the paytable the game shows). */
export const SYMBOL_NAMES: Record<SymbolId, string> = {
  W: 'Lantern (wild)',
  D: 'Dragon',
  K: 'Koi',
  C: 'Coin',
  A: 'A',
  R: 'K',
  Q: 'Q',
  J: 'J',
  T: '10',
};

/** Pays in multiples of the line bet for 3, 4 and 5 of a kind from the leftmost reel. */
export const PAYTABLE: Record<SymbolId, [number, number, number]> = {
  W: [50, 250, 1500],
  D: [30, 125, 600],
  K: [20, 80, 300],
  C: [18, 50, 200],
  A: [12, 30, 100],
  R: [9, 25, 80],
  Q: [7, 25, 60],
  J: [5, 15, 40],
  T: [5, 10, 30],
};

/** How many of each symbol each reel strip holds (the strip order is fixed below). */
const COUNTS: Record<SymbolId, [number, number, number, number, number]> = {
  W: [2, 2, 2, 2, 2],
  D: [2, 2, 2, 2, 2],
  K: [2, 3, 3, 3, 3],
  C: [3, 3, 3, 3, 3],
  A: [3, 3, 3, 3, 4],
  R: [3, 3, 3, 4, 4],
  Q: [3, 3, 4, 4, 4],
  J: [4, 4, 4, 4, 4],
  T: [4, 4, 4, 4, 4],
};

/**
 * The reel strips: each reel's symbols in an order shuffled once by a fixed-seed generator
 * (the order changes what shows around a win, not the RTP: every line sees a uniform stop).
 */
export const REELS: SymbolId[][] = [0, 1, 2, 3, 4].map((reel) => {
  const strip = SYMBOLS.flatMap((symbol) => Array<SymbolId>(COUNTS[symbol][reel]!).fill(symbol));
  let state = 0x9e3779b9 ^ (reel * 0x85ebca6b);
  for (let i = strip.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [strip[i], strip[j]] = [strip[j]!, strip[i]!];
  }
  return strip;
});

/** Row index (0 top, 2 bottom) on each reel for each payline. */
export const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
export const LINES = PAYLINES.length;

/** The RTP the studio states (percent, two decimals); `exactRtp` must agree. */
export const STATED_RTP_BP = 9601;

/**
 * What one line pays (in line bets) for the five symbols on it: the longest run from the left
 * of one symbol with wilds substituting; a run of wilds alone pays as wilds if that is more.
 */
export function linePay(
  symbols: readonly SymbolId[],
): { symbol: SymbolId; count: number; pay: number } | null {
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === WILD) wildRun++;
  const wildPay = wildRun >= 3 ? PAYTABLE.W[wildRun - 3]! : 0;
  const target = symbols.find((symbol) => symbol !== WILD);
  let best: { symbol: SymbolId; count: number; pay: number } | null =
    wildPay > 0 ? { symbol: WILD, count: wildRun, pay: wildPay } : null;
  if (target) {
    let run = 0;
    while (run < symbols.length && (symbols[run] === target || symbols[run] === WILD)) run++;
    const pay = run >= 3 ? PAYTABLE[target][run - 3]! : 0;
    if (pay > (best?.pay ?? 0)) best = { symbol: target, count: run, pay };
  }
  return best;
}

export type SpinResult = {
  /** Stop position of each reel (the middle row's index on its strip). */
  stops: number[];
  /** grid[reel][row] */
  grid: SymbolId[][];
  wins: Array<{ line: number; symbol: SymbolId; count: number; pay: number }>;
  /** Total pay in line bets. */
  total: number;
};

export function gridAt(stops: readonly number[]): SymbolId[][] {
  return stops.map((stop, reel) => {
    const strip = REELS[reel]!;
    return [-1, 0, 1].map((offset) => strip[(stop + offset + strip.length) % strip.length]!);
  });
}

export function evaluate(stops: readonly number[]): SpinResult {
  const grid = gridAt(stops);
  const wins: SpinResult['wins'] = [];
  PAYLINES.forEach((rows, line) => {
    const win = linePay(rows.map((row, reel) => grid[reel]![row]!));
    if (win) wins.push({ line, ...win });
  });
  return { stops: [...stops], grid, wins, total: wins.reduce((sum, win) => sum + win.pay, 0) };
}

/** One spin with the platform's CSPRNG (uniform stop per reel). */
export function spin(random: (max: number) => number = randomInt): SpinResult {
  return evaluate(REELS.map((strip) => random(strip.length)));
}

/**
 * The exact return to player: every line sees, on each reel, a uniformly random strip
 * position, so one line's expected pay is the sum over all symbol 5-tuples weighted by their
 * probabilities; lines are paid one line bet each, so the RTP is that expectation.
 */
export function exactRtp(): number {
  const probabilities = REELS.map((strip) => {
    const map = new Map<SymbolId, number>();
    for (const symbol of strip) map.set(symbol, (map.get(symbol) ?? 0) + 1 / strip.length);
    return [...map.entries()];
  });
  let expected = 0;
  const walk = (reel: number, chosen: SymbolId[], p: number) => {
    if (reel === REELS.length) {
      expected += p * (linePay(chosen)?.pay ?? 0);
      return;
    }
    for (const [symbol, q] of probabilities[reel]!) walk(reel + 1, [...chosen, symbol], p * q);
  };
  walk(0, [], 1);
  return expected;
}
