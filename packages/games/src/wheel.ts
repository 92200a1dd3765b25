import { floats, type SeedPair } from './fair.ts';

/**
 * Wheel, as Stake maps it: segment = floor(f × segments) from the bet's first float; the
 * segment's multiplier comes from the table for (segments, risk). The tables are Stake's
 * published ones (10–50 segments × low / medium / high); each returns exactly 99 % (the sum of a
 * table is 0.99 × its segments). At another edge every multiplier is scaled by
 * (1 − edge) / 0.99 and floored to 4 decimals, so the return is at most 1 − edge and never more
 * than 0.01 % under it.
 */
export type WheelRisk = 'low' | 'medium' | 'high';
export const WHEEL_RISKS: readonly WheelRisk[] = ['low', 'medium', 'high'];
export const WHEEL_SEGMENTS: readonly number[] = [10, 20, 30, 40, 50];

const repeat = (pattern: number[], times: number) =>
  Array.from({ length: times }, () => pattern).flat();
const LOW = [150, 120, 120, 120, 0, 120, 120, 120, 120, 0];
const jackpot = (segments: number) => [...Array<number>(segments - 1).fill(0), segments * 99];

/** Multipliers in hundredths, segment 0 first (clockwise from the top). */
const TABLES: Record<number, Record<WheelRisk, number[]>> = {
  10: {
    low: LOW,
    medium: [0, 190, 0, 150, 0, 200, 0, 150, 0, 300],
    high: jackpot(10),
  },
  20: {
    low: repeat(LOW, 2),
    medium: [150, 0, 200, 0, 200, 0, 200, 0, 150, 0, 300, 0, 180, 0, 200, 0, 200, 0, 200, 0],
    high: jackpot(20),
  },
  30: {
    low: repeat(LOW, 3),
    medium: [
      150, 0, 150, 0, 200, 0, 150, 0, 200, 0, 200, 0, 150, 0, 300, 0, 150, 0, 200, 0, 200, 0, 170,
      0, 400, 0, 150, 0, 200, 0,
    ],
    high: jackpot(30),
  },
  40: {
    low: repeat(LOW, 4),
    medium: [
      200, 0, 300, 0, 200, 0, 150, 0, 300, 0, 150, 0, 150, 0, 200, 0, 150, 0, 300, 0, 150, 0, 200,
      0, 200, 0, 160, 0, 200, 0, 150, 0, 300, 0, 150, 0, 200, 0, 150, 0,
    ],
    high: jackpot(40),
  },
  50: {
    low: repeat(LOW, 5),
    medium: [
      200, 0, 150, 0, 200, 0, 150, 0, 300, 0, 150, 0, 150, 0, 200, 0, 150, 0, 300, 0, 150, 0, 200,
      0, 150, 0, 200, 0, 200, 0, 150, 0, 300, 0, 150, 0, 200, 0, 150, 0, 150, 0, 500, 0, 150, 0,
      200, 0, 150, 0,
    ],
    high: jackpot(50),
  },
};

export function isValidWheel(segments: number, risk: string): risk is WheelRisk {
  return WHEEL_SEGMENTS.includes(segments) && (WHEEL_RISKS as readonly string[]).includes(risk);
}

/** Stake's table (hundredths, at 1 %), one multiplier per segment. */
export function wheelBaseTable(segments: number, risk: WheelRisk): number[] {
  const table = TABLES[segments]?.[risk];
  if (!table) throw new RangeError('segments must be 10, 20, 30, 40 or 50');
  return table;
}

/** The multipliers at the given edge, in ten-thousandths (12000 = 1.20×). */
export function wheelTable(segments: number, risk: WheelRisk, edge_bp = 100): number[] {
  return wheelBaseTable(segments, risk).map((m) =>
    Math.floor((m * 100 * (10_000 - edge_bp)) / 9_900),
  );
}

export function wheelSegmentFromFloat(f: number, segments: number): number {
  return Math.floor(f * segments);
}

export async function wheelSegment(seeds: SeedPair, segments: number): Promise<number> {
  const [f] = await floats(seeds, 1);
  return wheelSegmentFromFloat(f!, segments);
}

/** stake × the segment's multiplier, toward zero. */
export function wheelPayout(
  stake_minor: bigint,
  segments: number,
  risk: WheelRisk,
  segment: number,
  edge_bp = 100,
): bigint {
  const m = wheelTable(segments, risk, edge_bp)[segment];
  if (m === undefined) throw new RangeError('no such segment');
  return (stake_minor * BigInt(m)) / 10_000n;
}

/** The exact return: the table's mean multiplier (every segment equally likely). */
export function wheelRtp(segments: number, risk: WheelRisk, edge_bp = 100): number {
  const sum = wheelTable(segments, risk, edge_bp).reduce((a, b) => a + b, 0);
  return sum / 10_000 / segments;
}
