import { formatAmount } from '@casino/money';
import { casinoError } from './casino.errors.ts';
import type { GameLimits } from './originals.settings.ts';

/**
 * The stake checks every original's bet path makes before any money moves: below the minimum,
 * above the maximum, or a best win above the max payout, each a 422 naming the limit and the
 * amount in the player's currency. `bestPayout` null: the game caps the win itself (Mines and
 * Crash cash out at the max payout) instead of refusing the stake.
 */
export function enforceStake(
  limits: GameLimits,
  currency: { code: string; scale: number },
  stake: bigint,
  bestPayout: bigint | null,
): GameLimits {
  const money = (minor: bigint) => `${formatAmount(minor, currency.scale)} ${currency.code}`;
  if (limits.min_bet_minor !== null && stake < limits.min_bet_minor) {
    throw casinoError(
      'BET_UNDER_LIMIT',
      `amount: the minimum bet is ${money(limits.min_bet_minor)}; ${money(stake)} is below it`,
      'amount',
    );
  }
  if (limits.max_bet_minor !== null && stake > limits.max_bet_minor) {
    throw casinoError(
      'BET_OVER_LIMIT',
      `amount: the maximum bet is ${money(limits.max_bet_minor)}; ${money(stake)} is above it`,
      'amount',
    );
  }
  if (bestPayout !== null && bestPayout > limits.max_payout_minor) {
    throw casinoError(
      'PAYOUT_OVER_LIMIT',
      `The win could be ${money(bestPayout)}, above the maximum payout of ${money(limits.max_payout_minor)}: lower the amount or the multiplier.`,
      'amount',
    );
  }
  return limits;
}
