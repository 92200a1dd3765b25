import { floats, type SeedPair } from './fair.ts';

/**
 * Dice, as Stake maps it: roll = floor(f × 10001) / 100, from 0.00 to 100.00. Rolls and targets
 * are kept in hundredths (integers) so that no float decides a win or a payout.
 */
export type DiceDirection = 'over' | 'under';

/** The player's chance to win, in hundredths of a percent (4950 = 49.50 %). */
export function diceChance(target_x100: number, direction: DiceDirection): number {
  return direction === 'over' ? 10_000 - target_x100 : target_x100;
}

/** Targets allowed: the chance stays between 0.01 % and 98 % (Stake's range). */
export const DICE_CHANCE_MIN = 1;
export const DICE_CHANCE_MAX = 9_800;

export function isValidDiceTarget(target_x100: number, direction: DiceDirection): boolean {
  if (!Number.isInteger(target_x100) || target_x100 < 0 || target_x100 > 10_000) return false;
  const chance = diceChance(target_x100, direction);
  return chance >= DICE_CHANCE_MIN && chance <= DICE_CHANCE_MAX;
}

/** The roll in hundredths (0–10000) from the bet's first float. */
export function diceRollFromFloat(f: number): number {
  return Math.floor(f * 10_001);
}

export async function diceRoll(seeds: SeedPair): Promise<number> {
  const [f] = await floats(seeds, 1);
  return diceRollFromFloat(f!);
}

export function diceWins(
  roll_x100: number,
  target_x100: number,
  direction: DiceDirection,
): boolean {
  return direction === 'over' ? roll_x100 > target_x100 : roll_x100 < target_x100;
}

/**
 * Payout in minor units for a winning stake: stake × (100 % − edge) / chance, toward zero.
 * `edge_bp` is the house edge in basis points (100 = 1 %).
 */
export function dicePayout(
  stake_minor: bigint,
  target_x100: number,
  direction: DiceDirection,
  edge_bp: number,
): bigint {
  const chance = BigInt(diceChance(target_x100, direction));
  return (stake_minor * BigInt(10_000 - edge_bp)) / chance;
}

/** The multiplier as shown to players (4 decimals, toward zero), e.g. "1.9800". */
export function diceMultiplier(
  target_x100: number,
  direction: DiceDirection,
  edge_bp: number,
): string {
  const scaled = (10_000n * BigInt(10_000 - edge_bp)) / BigInt(diceChance(target_x100, direction));
  const text = scaled.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}
