import { floats, type SeedPair } from './fair.ts';

/**
 * Limbo, as Stake maps it: floor((1e8 / (f × 1e8)) × (1 − edge) × 100) / 100, at least 1.00.
 * Returned in hundredths (250 = 2.50×).
 */
export async function limboResult(seeds: SeedPair, edge_bp = 100): Promise<number> {
  const [f] = await floats(seeds, 1);
  if (f! === 0) return 100_000_000 * 100;
  const raw = Math.floor((1e8 / (f! * 1e8)) * ((10_000 - edge_bp) / 10_000) * 100);
  return Math.max(100, raw);
}
