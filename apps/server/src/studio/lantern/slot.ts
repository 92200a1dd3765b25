/**
 * Lantern Studio's slots: one engine, three games with different maths (low, medium and high
 * volatility). 5 reels × 3 rows, fixed paylines paid left to right, a wild that substitutes for
 * every paying symbol; Dragon Pearls adds a scatter that pays anywhere and starts free spins.
 * Pure maths: the studio's server spins (never the browser); `exactRtp` computes the return to
 * player from the reel strips and the paytable (a test holds it against the stated figure, a
 * brute-force enumeration of every reel stop and a simulation).
 */
import { randomInt } from 'node:crypto';

export type SymbolId = string;

export type SlotGame = {
  /** The studio's game code (the operator's `provider_game_code`). */
  code: string;
  name: string;
  volatility: 'low' | 'medium' | 'high';
  symbols: readonly SymbolId[];
  /** Display names (the paytable the game shows). */
  names: Record<SymbolId, string>;
  wild: SymbolId;
  /** Pays anywhere in multiples of the total bet and starts the free spins (not on lines). */
  scatter?: SymbolId;
  /** Pays in multiples of the line bet for 3, 4 and 5 of a kind from the leftmost reel. */
  paytable: Record<SymbolId, readonly [number, number, number]>;
  reels: SymbolId[][];
  /** Row index (0 top, 2 bottom) on each reel for each payline. */
  paylines: number[][];
  /** Total bets offered, in minor units at two decimals. */
  bets: bigint[];
  /** Scatters anywhere: pays (× total bet) and free spins for 3, 4 and 5; wins × multiplier. */
  feature?: {
    pays: readonly [number, number, number];
    spins: readonly [number, number, number];
    multiplier: number;
  };
  /** The RTP the studio states (basis points); `exactRtp` must agree. */
  statedRtpBp: number;
  /**
   * Volatility as a number: the standard deviation of one paid spin's return, in total bets
   * (free spins a spin starts counted in that spin); from a 2,000,000-spin simulation, held by
   * a test.
   */
  statedSd: number;
};

/** Strips built from symbol counts per reel, shuffled once by a fixed-seed generator. */
function strips(
  symbols: readonly SymbolId[],
  counts: Record<SymbolId, readonly number[]>,
  seed: number,
): SymbolId[][] {
  return [0, 1, 2, 3, 4].map((reel) => {
    const strip = symbols.flatMap((symbol) => Array<SymbolId>(counts[symbol]![reel]!).fill(symbol));
    let state = seed ^ (reel * 0x85ebca6b);
    for (let i = strip.length - 1; i > 0; i--) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const j = state % (i + 1);
      [strip[i], strip[j]] = [strip[j]!, strip[i]!];
    }
    return strip;
  });
}

const TEN_LINES: number[][] = [
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
const TWENTY_LINES: number[][] = [
  ...TEN_LINES,
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
/**
 * A game's symbols as one table, a row each in paying order: its display name, what 3, 4 and 5
 * of it pay, and how many of it each reel's strip holds. The symbol list, the names, the
 * paytable and the strips (shuffled by `seed`) all come from it.
 */
function symbolTable(
  rows: Record<
    SymbolId,
    readonly [name: string, pays: readonly [number, number, number], counts: readonly number[]]
  >,
  seed: number,
): Pick<SlotGame, 'symbols' | 'names' | 'paytable' | 'reels'> {
  const symbols = Object.keys(rows);
  const column = <I extends 0 | 1 | 2>(i: I) =>
    Object.fromEntries(symbols.map((symbol) => [symbol, rows[symbol]![i]])) as Record<
      SymbolId,
      (typeof rows)[SymbolId][I]
    >;
  return {
    symbols,
    names: column(0),
    paytable: column(1),
    reels: strips(symbols, column(2), seed),
  };
}

/** Medium volatility: 10 lines, a strong wild. */
export const LANTERN_FORTUNE: SlotGame = {
  code: 'lantern-fortune',
  name: 'Lantern Fortune',
  volatility: 'medium',
  ...symbolTable(
    {
      W: ['Lantern (wild)', [50, 250, 1500], [2, 2, 2, 2, 2]],
      D: ['Dragon', [30, 125, 600], [2, 2, 2, 2, 2]],
      K: ['Koi', [20, 80, 300], [2, 3, 3, 3, 3]],
      C: ['Coin', [18, 50, 200], [3, 3, 3, 3, 3]],
      A: ['A', [12, 30, 100], [3, 3, 3, 3, 4]],
      R: ['K', [9, 25, 80], [3, 3, 3, 4, 4]],
      Q: ['Q', [7, 25, 60], [3, 3, 4, 4, 4]],
      J: ['J', [5, 15, 40], [4, 4, 4, 4, 4]],
      T: ['10', [5, 10, 30], [4, 4, 4, 4, 4]],
    },
    0x9e3779b9,
  ),
  wild: 'W',
  paylines: TEN_LINES,
  bets: [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n],
  statedRtpBp: 9601,
  statedSd: 3.05,
};

/** Low volatility: 20 lines, dense low pays, small top prizes, wins on most spins. */
export const KOI_GARDEN: SlotGame = {
  code: 'koi-garden',
  name: 'Koi Garden',
  volatility: 'low',
  ...symbolTable(
    {
      W: ['Moon (wild)', [20, 60, 250], [2, 2, 2, 2, 2]],
      K: ['Koi', [15, 40, 120], [2, 2, 2, 2, 2]],
      L: ['Lotus', [10, 30, 80], [2, 2, 2, 2, 2]],
      F: ['Frog', [8, 20, 50], [3, 3, 3, 3, 3]],
      A: ['A', [5, 12, 30], [3, 3, 3, 3, 3]],
      Q: ['Q', [5, 10, 20], [4, 4, 4, 4, 4]],
      J: ['J', [4, 9, 16], [4, 4, 4, 4, 4]],
    },
    0x2545f491,
  ),
  wild: 'W',
  paylines: TWENTY_LINES,
  bets: [20n, 40n, 100n, 200n, 400n, 1000n, 2000n, 4000n, 10000n],
  statedRtpBp: 9634,
  statedSd: 1.47,
};

/** High volatility: 10 lines, rare big line wins, pearl scatters start tripled free spins. */
export const DRAGON_PEARLS: SlotGame = {
  code: 'dragon-pearls',
  name: 'Dragon Pearls',
  volatility: 'high',
  ...symbolTable(
    {
      W: ['Dragon (wild)', [100, 1000, 5000], [1, 1, 1, 1, 1]],
      S: ['Pearl (scatter)', [0, 0, 0], [1, 1, 1, 1, 1]],
      D: ['Drum', [50, 250, 1000], [2, 2, 2, 2, 2]],
      T: ['Tiger', [30, 120, 500], [2, 2, 2, 3, 3]],
      P: ['Phoenix', [20, 80, 300], [3, 3, 3, 3, 3]],
      A: ['A', [12, 40, 120], [4, 4, 4, 4, 4]],
      R: ['K', [10, 30, 100], [4, 4, 4, 4, 4]],
      Q: ['Q', [6, 20, 60], [5, 5, 5, 5, 5]],
      J: ['J', [5, 16, 50], [5, 5, 5, 5, 5]],
    },
    0x1b873593,
  ),
  wild: 'W',
  scatter: 'S',
  paylines: TEN_LINES,
  bets: [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n],
  feature: { pays: [2, 10, 50], spins: [8, 12, 20], multiplier: 3 },
  statedRtpBp: 9597,
  statedSd: 4.31,
};

export const SLOT_GAMES: readonly SlotGame[] = [LANTERN_FORTUNE, KOI_GARDEN, DRAGON_PEARLS];
export const slotGame = (code: string): SlotGame | undefined =>
  SLOT_GAMES.find((game) => game.code === code);

export type LineWin = { symbol: SymbolId; count: number; pay: number };

/**
 * What one line pays (in line bets) for the five symbols on it: the longest run from the left
 * of one symbol with wilds substituting; a run of wilds alone pays as wilds if that is more.
 * A scatter pays only as a scatter and breaks a run.
 */
export function linePay(game: SlotGame, symbols: readonly SymbolId[]): LineWin | null {
  const { wild, paytable } = game;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  const wildPay = wildRun >= 3 ? paytable[wild]![wildRun - 3]! : 0;
  let best: LineWin | null = wildPay > 0 ? { symbol: wild, count: wildRun, pay: wildPay } : null;
  const target = symbols.find((symbol) => symbol !== wild);
  if (target && target !== game.scatter) {
    let run = 0;
    while (run < symbols.length && (symbols[run] === target || symbols[run] === wild)) run++;
    const pay = run >= 3 ? paytable[target]![run - 3]! : 0;
    if (pay > (best?.pay ?? 0)) best = { symbol: target, count: run, pay };
  }
  return best;
}

export type SpinResult = {
  /** Stop position of each reel (the middle row's index on its strip). */
  stops: number[];
  /** grid[reel][row] */
  grid: SymbolId[][];
  wins: Array<{ line: number } & LineWin>;
  /** Scatters anywhere (Dragon Pearls): how many, what they pay (line bets), spins started. */
  scatter: { count: number; pay: number; spins: number } | null;
  /** What the spin pays, in line bets (a free spin's with its multiplier). */
  total: number;
};

export function gridAt(game: SlotGame, stops: readonly number[]): SymbolId[][] {
  return stops.map((stop, reel) => {
    const strip = game.reels[reel]!;
    return [-1, 0, 1].map((offset) => strip[(stop + offset + strip.length) % strip.length]!);
  });
}

/** One spin at the given stops; `multiplier` for a free spin, which never starts more. */
export function evaluate(game: SlotGame, stops: readonly number[], multiplier = 1): SpinResult {
  const grid = gridAt(game, stops);
  const wins: SpinResult['wins'] = [];
  game.paylines.forEach((rows, line) => {
    const win = linePay(
      game,
      rows.map((row, reel) => grid[reel]![row]!),
    );
    if (win) wins.push({ line, ...win, pay: win.pay * multiplier });
  });
  let scatter: SpinResult['scatter'] = null;
  if (game.scatter && game.feature) {
    const count = grid.flat().filter((symbol) => symbol === game.scatter).length;
    const tier = Math.min(count, 5) - 3;
    scatter = {
      count,
      pay: tier >= 0 ? game.feature.pays[tier]! * game.paylines.length * multiplier : 0,
      spins: tier >= 0 && multiplier === 1 ? game.feature.spins[tier]! : 0,
    };
  }
  const total = wins.reduce((sum, win) => sum + win.pay, 0) + (scatter?.pay ?? 0);
  return { stops: [...stops], grid, wins, scatter, total };
}

export type Play = {
  base: SpinResult;
  /** The free spins the base spin started, played at once (each `total` multiplied). */
  free: SpinResult[];
  /** Base and free spins together, in line bets. */
  total: number;
};

/** One paid (or operator-granted) spin with the free spins it starts: one round. */
export function play(game: SlotGame, random: (max: number) => number = randomInt): Play {
  const stopsOf = () => game.reels.map((strip) => random(strip.length));
  const base = evaluate(game, stopsOf());
  const free: SpinResult[] = [];
  for (let i = 0; i < (base.scatter?.spins ?? 0); i++)
    free.push(evaluate(game, stopsOf(), game.feature!.multiplier));
  return { base, free, total: base.total + free.reduce((sum, spin) => sum + spin.total, 0) };
}

/** The win in minor units for a total bet: line bets paid, rounded down to a minor unit. */
export function winMinor(game: SlotGame, stake: bigint, totalLineBets: number): bigint {
  return (BigInt(totalLineBets) * stake) / BigInt(game.paylines.length);
}

/**
 * The exact return to player. Each reel stops uniformly, independently of the others, so:
 * one line's expected pay sums, over every 5-tuple of symbols, the product of each symbol's
 * frequency on its reel (every line sees the same frequencies); the scatter count's
 * distribution is the convolution of each reel's, found by enumerating that reel's stops
 * (a 3-row window may hold 0, 1 or more). A free spin returns the base spin's expectation
 * times the multiplier, so RTP = B × (1 + multiplier × expected free spins per paid spin),
 * B being one spin's expected lines plus scatter pay per total bet.
 */
export function exactRtp(game: SlotGame): number {
  const probabilities = game.reels.map((strip) => {
    const map = new Map<SymbolId, number>();
    for (const symbol of strip) map.set(symbol, (map.get(symbol) ?? 0) + 1 / strip.length);
    return [...map.entries()];
  });
  let line = 0;
  const walk = (reel: number, chosen: SymbolId[], p: number) => {
    if (reel === game.reels.length) {
      line += p * (linePay(game, chosen)?.pay ?? 0);
      return;
    }
    for (const [symbol, q] of probabilities[reel]!) walk(reel + 1, [...chosen, symbol], p * q);
  };
  walk(0, [], 1);
  let base = line;
  const feature = game.feature;
  if (!feature || !game.scatter) return base;
  const counts = scatterDistribution(game);
  let spins = 0;
  for (let k = 3; k < counts.length; k++) {
    const tier = Math.min(k, 5) - 3;
    base += counts[k]! * feature.pays[tier]!;
    spins += counts[k]! * feature.spins[tier]!;
  }
  return base * (1 + feature.multiplier * spins);
}

/** P(k scatters on the grid) for k = 0…15, by enumerating each reel's stops. */
export function scatterDistribution(game: SlotGame): number[] {
  let distribution = [1];
  for (const strip of game.reels) {
    const reel: number[] = [];
    for (let stop = 0; stop < strip.length; stop++) {
      const n = [-1, 0, 1].filter(
        (offset) => strip[(stop + offset + strip.length) % strip.length] === game.scatter,
      ).length;
      reel[n] = (reel[n] ?? 0) + 1 / strip.length;
    }
    const next: number[] = [];
    for (const [a, p] of distribution.entries()) {
      for (const [b, q] of reel.entries()) next[a + b] = (next[a + b] ?? 0) + p * (q ?? 0);
    }
    distribution = next.map((p) => p ?? 0);
  }
  return distribution;
}
