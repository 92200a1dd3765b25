import { floats, type SeedPair } from './fair.ts';

/**
 * Limbo, as Stake maps it: result = floor((1e8 / (f × 1e8)) × (1 − edge) × 100) / 100, at least
 * 1.00. The player names a target multiplier before the draw and wins target × stake when the
 * result reaches it. Results and targets are kept in hundredths (250 = 2.50×); the float
 * arithmetic is the published one, step for step, so that independent verifiers agree.
 */
export const LIMBO_TARGET_MIN = 101; // 1.01×
export const LIMBO_TARGET_MAX = 100_000_000; // 1,000,000.00×

export function limboFromFloat(f: number, edge_bp = 100): number {
  // f = 0 has probability 2⁻³²; its result is unbounded: report the largest target instead.
  if (f === 0) return LIMBO_TARGET_MAX;
  const raw = Math.floor((1e8 / (f * 1e8)) * ((10_000 - edge_bp) / 10_000) * 100);
  return Math.max(100, raw);
}

export async function limboResult(seeds: SeedPair, edge_bp = 100): Promise<number> {
  const [f] = await floats(seeds, 1);
  return limboFromFloat(f!, edge_bp);
}

export function isValidLimboTarget(target_x100: number): boolean {
  return (
    Number.isInteger(target_x100) &&
    target_x100 >= LIMBO_TARGET_MIN &&
    target_x100 <= LIMBO_TARGET_MAX
  );
}

export function limboWins(result_x100: number, target_x100: number): boolean {
  return result_x100 >= target_x100;
}

/** A winning stake pays stake × target, toward zero. */
export function limboPayout(stake_minor: bigint, target_x100: number): bigint {
  return (stake_minor * BigInt(target_x100)) / 100n;
}

/** The chance to win, as a fraction: (1 − edge) / target (the result is ≥ T iff f ≤ (1−edge)/T). */
export function limboChance(target_x100: number, edge_bp = 100): number {
  return Math.min(1, ((10_000 - edge_bp) / 10_000) * (100 / target_x100));
}
