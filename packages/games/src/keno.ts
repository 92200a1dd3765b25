import { floats, type SeedPair } from './fair.ts';

/**
 * Keno, drawn as Stake draws it: the 40 squares (0–39 here, shown 1–40) are shuffled by
 * Fisher–Yates driven by the bet's floats, exactly as Mines shuffles its 25 tiles: draw i takes
 * `remaining[floor(f_i × remaining.length)]` out of the ordered list of squares not yet drawn.
 * The first 10 draws are the numbers (10 floats, 2 HMAC rounds).
 *
 * The player picks 1–10 squares; the payout depends on the hits and the risk. The chance of h
 * hits with n picks is hypergeometric, C(n, h) · C(40 − n, 10 − h) / C(40, 10). Each risk has a
 * shape per pick count (relative prizes, below); the multipliers are that shape scaled so the
 * exact return is 1 − edge: m(h) = floor(shape(h) × (1 − edge) / R × 10⁴) / 10⁴, where
 * R = Σ P(h) · shape(h) is computed exactly in integers. The floor to 4 decimals keeps every
 * table at or just under 1 − edge (never more than 0.01 % under; `kenoRtp` gives it exactly).
 */
export type KenoRisk = 'classic' | 'low' | 'medium' | 'high';
export const KENO_RISKS: readonly KenoRisk[] = ['classic', 'low', 'medium', 'high'];
export const KENO_SQUARES = 40;
export const KENO_DRAWN = 10;
export const KENO_PICKS_MAX = 10;

/**
 * Relative prizes by hits (index = hits), per risk, for 1–10 picks. Classic pays from about
 * half the picks; low pays from fewer hits with smaller tops; medium and high pay from more
 * hits toward tops of 750× and 1000× for ten hits. Only the ratios matter (see above).
 */
const SHAPES: Record<KenoRisk, number[][]> = {
  classic: [
    [0, 400],
    [0, 160, 660],
    [0, 0, 470, 2900],
    [0, 0, 230, 830, 7000],
    [0, 0, 0, 670, 3300, 37000],
    [0, 0, 0, 380, 1300, 8600, 50000],
    [0, 0, 0, 0, 1300, 5900, 20000, 50000],
    [0, 0, 0, 0, 720, 2600, 8000, 20000, 50000],
    [0, 0, 0, 0, 500, 1300, 3200, 8000, 20000, 50000],
    [0, 0, 0, 110, 250, 500, 1300, 3200, 8000, 20000, 50000],
  ],
  low: [
    [0, 400],
    [0, 190, 480],
    [0, 130, 230, 790],
    [0, 110, 160, 360, 1500],
    [0, 98, 120, 220, 640, 3200],
    [0, 0, 150, 250, 570, 2000, 12000],
    [0, 0, 130, 180, 350, 980, 4100, 25000],
    [0, 0, 100, 150, 260, 610, 2000, 10000, 25000],
    [0, 0, 100, 130, 260, 640, 1600, 4000, 10000, 25000],
    [0, 0, 100, 120, 200, 400, 1000, 2500, 6000, 10000, 25000],
  ],
  medium: [
    [0, 400],
    [0, 140, 780],
    [0, 0, 410, 3600],
    [0, 0, 190, 860, 11000],
    [0, 0, 0, 520, 3500, 63000],
    [0, 0, 0, 300, 1300, 13000, 75000],
    [0, 0, 0, 0, 1100, 6700, 30000, 75000],
    [0, 0, 0, 0, 600, 2900, 12000, 30000, 75000],
    [0, 0, 0, 0, 400, 1500, 4800, 12000, 30000, 75000],
    [0, 0, 0, 100, 190, 590, 1900, 4800, 12000, 30000, 75000],
  ],
  high: [
    [0, 400],
    [0, 0, 1700],
    [0, 0, 340, 4300],
    [0, 0, 0, 1200, 23000],
    [0, 0, 0, 370, 3400, 99000],
    [0, 0, 0, 0, 1800, 25000, 100000],
    [0, 0, 0, 0, 880, 7600, 40000, 100000],
    [0, 0, 0, 0, 0, 5900, 16000, 40000, 100000],
    [0, 0, 0, 0, 330, 1600, 6400, 16000, 40000, 100000],
    [0, 0, 0, 0, 260, 940, 2600, 6400, 16000, 40000, 100000],
  ],
};

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** The ways to get h hits with `picks` picks, out of C(40, 10) equally likely draws. */
export function kenoWays(picks: number, hits: number): bigint {
  return choose(picks, hits) * choose(KENO_SQUARES - picks, KENO_DRAWN - hits);
}
export const KENO_DRAWS_TOTAL = choose(KENO_SQUARES, KENO_DRAWN);

export function isValidKenoRisk(risk: string): risk is KenoRisk {
  return (KENO_RISKS as readonly string[]).includes(risk);
}

/** 1–10 distinct squares, each 1–40 (as shown). */
export function isValidKenoPicks(picks: readonly number[]): boolean {
  return (
    picks.length >= 1 &&
    picks.length <= KENO_PICKS_MAX &&
    new Set(picks).size === picks.length &&
    picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_SQUARES)
  );
}

const tables = new Map<string, number[]>();

/** The multipliers by hits (index = hits), in ten-thousandths (39600 = 3.96×). */
export function kenoTable(picks: number, risk: KenoRisk, edge_bp = 100): number[] {
  const key = `${picks}:${risk}:${edge_bp}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const shape = SHAPES[risk]?.[picks - 1];
  if (!shape) throw new RangeError('picks must be 1–10');
  // R · C(40,10) = Σ ways(h) · shape(h): the shape's return, kept as an integer numerator.
  let weighted = 0n;
  shape.forEach((s, h) => {
    weighted += kenoWays(picks, h) * BigInt(s);
  });
  const table = shape.map((s) =>
    Number((BigInt(s) * BigInt(10_000 - edge_bp) * KENO_DRAWS_TOTAL) / weighted),
  );
  tables.set(key, table);
  return table;
}

/** The exact return of a table: Σ P(h) · m(h), as a number (the rational is in the test). */
export function kenoRtp(picks: number, risk: KenoRisk, edge_bp = 100): number {
  const table = kenoTable(picks, risk, edge_bp);
  let sum = 0n;
  table.forEach((m, h) => {
    sum += kenoWays(picks, h) * BigInt(m);
  });
  return Number((sum * 10n ** 12n) / (KENO_DRAWS_TOTAL * 10_000n)) / 1e12;
}

/** The 10 drawn squares (1–40) in draw order, from the bet's first 10 floats. */
export function kenoFromFloats(fs: readonly number[]): number[] {
  if (fs.length < KENO_DRAWN) throw new RangeError('not enough floats for the draw');
  // The ordered squares not yet drawn; taking one out shifts the rest down (a splice).
  const remaining = new Uint8Array(KENO_SQUARES);
  for (let i = 0; i < KENO_SQUARES; i++) remaining[i] = i + 1;
  const drawn: number[] = [];
  for (let i = 0, left = KENO_SQUARES; i < KENO_DRAWN; i++, left--) {
    const at = Math.floor(fs[i]! * left);
    drawn.push(remaining[at]!);
    remaining.copyWithin(at, at + 1, left);
  }
  return drawn;
}

export async function kenoDraw(seeds: SeedPair): Promise<number[]> {
  return kenoFromFloats(await floats(seeds, KENO_DRAWN));
}

export function kenoHits(picks: readonly number[], drawn: readonly number[]): number[] {
  return picks.filter((n) => drawn.includes(n));
}

/** stake × m(hits), toward zero. */
export function kenoPayout(
  stake_minor: bigint,
  picks: number,
  risk: KenoRisk,
  hits: number,
  edge_bp = 100,
): bigint {
  const m = kenoTable(picks, risk, edge_bp)[hits];
  if (m === undefined) throw new RangeError('more hits than picks');
  return (stake_minor * BigInt(m)) / 10_000n;
}
