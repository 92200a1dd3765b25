import { floats, type SeedPair } from './fair.ts';

/**
 * Plinko, as Stake maps it: one float per row, `floor(f × 2)` is the direction (0 = left,
 * 1 = right); the bucket is the number of rights (0 … rows, from the left). The multipliers
 * are Stake's published tables per rows (8–16) and risk (each one returns 98.9–99.2 %). They
 * hold at the default 1 % edge; another edge scales every multiplier by (1 − edge) / 0.99.
 */
export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_ROWS_MIN = 8;
export const PLINKO_ROWS_MAX = 16;

/** The left half (bucket 0 up to the centre) in hundredths; the right half mirrors it. */
const HALF: Record<number, Record<PlinkoRisk, number[]>> = {
  8: {
    low: [560, 210, 110, 100, 50],
    medium: [1300, 300, 130, 70, 40],
    high: [2900, 400, 150, 30, 20],
  },
  9: {
    low: [560, 200, 160, 100, 70],
    medium: [1800, 400, 170, 90, 50],
    high: [4300, 700, 200, 60, 20],
  },
  10: {
    low: [890, 300, 140, 110, 100, 50],
    medium: [2200, 500, 200, 140, 60, 40],
    high: [7600, 1000, 300, 90, 30, 20],
  },
  11: {
    low: [840, 300, 190, 130, 100, 70],
    medium: [2400, 600, 300, 180, 70, 50],
    high: [12000, 1400, 520, 140, 40, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [17000, 2400, 810, 200, 70, 20, 20],
  },
  13: {
    low: [810, 400, 300, 190, 120, 90, 70],
    medium: [4300, 1300, 600, 300, 130, 70, 40],
    high: [26000, 3700, 1100, 400, 100, 20, 20],
  },
  14: {
    low: [710, 400, 190, 140, 130, 110, 100, 50],
    medium: [5800, 1500, 700, 400, 190, 100, 50, 20],
    high: [42000, 5600, 1800, 500, 190, 30, 20, 20],
  },
  15: {
    low: [1500, 800, 300, 200, 150, 110, 100, 70],
    medium: [8800, 1800, 1100, 500, 300, 130, 50, 30],
    high: [62000, 8300, 2700, 800, 300, 50, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

export function isValidPlinko(rows: number, risk: string): risk is PlinkoRisk {
  return (
    Number.isInteger(rows) &&
    rows >= PLINKO_ROWS_MIN &&
    rows <= PLINKO_ROWS_MAX &&
    (PLINKO_RISKS as readonly string[]).includes(risk)
  );
}

/** The table for `rows` and `risk`, rows + 1 multipliers in hundredths, left to right. */
export function plinkoTable(rows: number, risk: PlinkoRisk): number[] {
  const half = HALF[rows]?.[risk];
  if (!half) throw new RangeError('rows must be 8–16');
  const mirrored = half.slice(0, rows + 1 - half.length).reverse();
  return [...half, ...mirrored];
}

/** Directions (0 = left, 1 = right) per row; the bucket is their sum. */
export function plinkoPathFromFloats(fs: readonly number[], rows: number): number[] {
  if (fs.length < rows) throw new RangeError('not enough floats for the rows');
  return fs.slice(0, rows).map((f) => Math.floor(f * 2));
}

export async function plinkoPath(seeds: SeedPair, rows: number): Promise<number[]> {
  return plinkoPathFromFloats(await floats(seeds, rows), rows);
}

export const plinkoBucket = (path: readonly number[]) => path.reduce((sum, d) => sum + d, 0);

/** The bucket's multiplier in hundredths at the given edge (the table itself at 1 %). */
export function plinkoMultiplier_x100(
  rows: number,
  risk: PlinkoRisk,
  bucket: number,
  edge_bp = 100,
): number {
  const base = plinkoTable(rows, risk)[bucket];
  if (base === undefined) throw new RangeError('no such bucket');
  return edge_bp === 100 ? base : Math.floor((base * (10_000 - edge_bp)) / 9_900);
}

/** stake × multiplier, toward zero. */
export function plinkoPayout(
  stake_minor: bigint,
  rows: number,
  risk: PlinkoRisk,
  bucket: number,
  edge_bp = 100,
): bigint {
  return (stake_minor * BigInt(plinkoMultiplier_x100(rows, risk, bucket, edge_bp))) / 100n;
}

/** The exact return of a table (binomial bucket odds), e.g. 0.98984 for 8 rows, low. */
export function plinkoRtp(rows: number, risk: PlinkoRisk, edge_bp = 100): number {
  let sum = 0;
  let ways = 1; // C(rows, k), built up as k grows
  for (let k = 0; k <= rows; k++) {
    sum += ways * plinkoMultiplier_x100(rows, risk, k, edge_bp);
    ways = (ways * (rows - k)) / (k + 1);
  }
  return sum / 100 / 2 ** rows;
}
