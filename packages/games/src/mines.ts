import { floats, type SeedPair } from './fair.ts';

/**
 * Mines, as Stake maps it: the 25 tiles (0–24, row by row from the top left) are shuffled by
 * Fisher–Yates driven by the bet's floats: pick i takes `remaining[floor(f_i × remaining.length)]`
 * out of the ordered list of tiles not yet picked. The first `mines` picks are the mines. A full
 * shuffle uses 24 floats (3 HMAC rounds); the mines need only the first `mines` of them, which
 * give the same picks.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export function minesFromFloats(fs: readonly number[], mines: number): number[] {
  if (fs.length < mines) throw new RangeError('not enough floats for the mines');
  const remaining = Array.from({ length: MINES_TILES }, (_, i) => i);
  const picked: number[] = [];
  for (let i = 0; i < mines; i++) {
    picked.push(remaining.splice(Math.floor(fs[i]! * remaining.length), 1)[0]!);
  }
  return picked;
}

export async function minesPositions(seeds: SeedPair, mines: number): Promise<number[]> {
  return minesFromFloats(await floats(seeds, mines), mines);
}

export function isValidMines(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/**
 * Payout after `revealed` safe tiles: stake × (1 − edge) × C(25, k) / C(25 − mines, k), toward
 * zero (the fair odds of surviving k picks, less the edge). Zero gems pays the stake back.
 */
export function minesPayout(
  stake_minor: bigint,
  mines: number,
  revealed: number,
  edge_bp = 100,
): bigint {
  if (revealed === 0) return stake_minor;
  const safe = MINES_TILES - mines;
  if (revealed > safe) throw new RangeError('more gems than safe tiles');
  return (
    (stake_minor * BigInt(10_000 - edge_bp) * choose(MINES_TILES, revealed)) /
    (10_000n * choose(safe, revealed))
  );
}

/** The multiplier after `revealed` gems, 4 decimals toward zero ("1.0312"). */
export function minesMultiplier(mines: number, revealed: number, edge_bp = 100): string {
  const scaled = minesPayout(10_000n, mines, revealed, edge_bp);
  const text = scaled.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}
