import { floats, type SeedPair } from './fair.ts';

/**
 * Limbo, as Stake computes it (its own calculation page, and the verifiers players use):
 *   n      = floor(f × 1e8) + 1                                  (1 … 1e8)
 *   result = max(1.00, floor(1e8 / n × (1 − edge) × 100) / 100)
 * Stake's game-events text writes `1e8 / (f × 1e8)`, without the floor; its real outputs and
 * the public verifiers floor first, and the two differ for about 1 bet in 750 (mostly high
 * multipliers: 9435.71 by the text, 9434.86 by the real rule). We follow the outputs, so any
 * verifier a player already uses agrees with us. The float arithmetic is kept step for step,
 * since a different order of the same operations can move the second decimal.
 *
 * Results and targets are kept in hundredths (250 = 2.50×). The largest result is
 * 99,000,000.00× at a 1 % edge (f < 1e-8); targets stop at 1,000,000.00×.
 */
export const LIMBO_TARGET_MIN = 101; // 1.01×
export const LIMBO_TARGET_MAX = 100_000_000; // 1,000,000.00×
/** The draw's resolution: f is cut to steps of 1e-8 before the division (Stake's rule). */
const LIMBO_SCALE = 1e8;

export function limboFromFloat(f: number, edge_bp = 100): number {
  const n = Math.floor(f * LIMBO_SCALE) + 1;
  const raw = Math.floor((LIMBO_SCALE / n) * ((10_000 - edge_bp) / 10_000) * 100);
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

/**
 * The chance to win, as a fraction: (1 − edge) / target (the result reaches T when f is below
 * about (1 − edge) / T; the draw's 1e-8 steps move this by less than 1e-8).
 */
export function limboChance(target_x100: number, edge_bp = 100): number {
  return Math.min(1, ((10_000 - edge_bp) / 10_000) * (100 / target_x100));
}
