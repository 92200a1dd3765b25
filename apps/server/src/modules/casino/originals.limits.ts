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

const EXTRA_WORDS = {
  double: 'Doubling',
  split: 'Splitting',
  insurance: 'Insurance',
} as const;

/**
 * A further stake on a round in play (Blackjack's double, split and insurance): the round's
 * stakes together, `total` with the new one, must stay within the game's max bet, as one bet's
 * stake does (decision 0561). The min bet is the opening stake's alone: insurance is half of it.
 */
export function enforceRoundStake(
  limits: GameLimits,
  currency: { code: string; scale: number },
  total: bigint,
  action: keyof typeof EXTRA_WORDS,
) {
  if (limits.max_bet_minor === null || total <= limits.max_bet_minor) return;
  const money = (minor: bigint) => `${formatAmount(minor, currency.scale)} ${currency.code}`;
  throw casinoError(
    'BET_OVER_LIMIT',
    `action: ${EXTRA_WORDS[action]} would bring this round's stakes to ${money(total)}, above the maximum bet of ${money(limits.max_bet_minor)}`,
    'action',
  );
}
