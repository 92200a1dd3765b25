import {
  ROULETTE_CHIPS_MAX,
  type RouletteBet,
  type RouletteBetType,
  rouletteBestReturn,
  rouletteColor,
  rouletteCovers,
  roulettePocketFromFloat,
  rouletteReturns,
} from '@casino/games';
import { formatAmount } from '@casino/money';
import { AppError } from '../../platform/http/errors.ts';
import { x10000Text } from './originals.keno.ts';
import type { Plan } from './originals.plan.ts';
import type { BetRow } from './originals.repository.ts';

export type RouletteChipInput = {
  type: RouletteBetType;
  numbers?: number[] | undefined;
  index?: number | undefined;
  amount: string;
};
/** A chip as stored with the bet: what it covers and its amount in minor units. */
type StoredChip = RouletteBet & { covers: number[]; amount_minor: string };

function invalid(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/**
 * The slip's chips, each checked against the layout and its amount parsed (`parse` refuses more
 * decimals than the currency has, or nothing); their sum is the bet's stake.
 */
export function rouletteSlip(
  chips: readonly RouletteChipInput[],
  parse: (amount: string, path: string) => bigint,
) {
  if (chips.length === 0 || chips.length > ROULETTE_CHIPS_MAX) {
    invalid(`chips: 1 to ${ROULETTE_CHIPS_MAX} chips`, 'chips');
  }
  const stored: StoredChip[] = chips.map((chip, i) => {
    const bet: RouletteBet = { type: chip.type };
    if (chip.numbers !== undefined) bet.numbers = chip.numbers;
    if (chip.index !== undefined) bet.index = chip.index;
    const covers = rouletteCovers(bet);
    if (typeof covers === 'string') invalid(`chips[${i}]: ${covers}`, `chips.${i}`);
    return { ...bet, covers, amount_minor: String(parse(chip.amount, `chips.${i}.amount`)) };
  });
  const total = stored.reduce((sum, chip) => sum + BigInt(chip.amount_minor), 0n);
  return { chips: stored, total };
}

const asChips = (chips: readonly StoredChip[]) =>
  chips.map((c) => ({ covers: c.covers, amount_minor: BigInt(c.amount_minor) }));

/**
 * European roulette: one pocket, floor(f × 37), settles every chip of the slip. The edge is the
 * wheel's (`edge_bp` is recorded as 270 for the verifier, never applied to the payouts).
 */
export function roulettePlan(chips: readonly StoredChip[]) {
  return (stake: bigint): Plan => {
    const slip = asChips(chips);
    return {
      bestPayout: rouletteBestReturn(slip),
      floats: 1,
      params: { chips },
      resolve: ([f]) => {
        const pocket = roulettePocketFromFloat(f!);
        const returns = rouletteReturns(slip, pocket);
        const payout = returns.reduce((a, b) => a + b, 0n);
        return {
          payout,
          multiplier: x10000Text(Number((payout * 10_000n) / stake)),
          outcome: {
            pocket,
            color: rouletteColor(pocket),
            returns: returns.map(String),
            won: payout > 0n,
          },
        };
      },
    };
  };
}

/** The bet's `details`: the pocket, its colour, and every chip with what it paid. */
export function rouletteDetails(bet: BetRow, scale: number) {
  const params = bet.params as { chips: StoredChip[] };
  const outcome = bet.outcome as { pocket: number; color: string; returns: string[] };
  return {
    pocket: outcome.pocket,
    color: outcome.color,
    chips: params.chips.map((chip, i) => ({
      type: chip.type,
      ...(chip.numbers ? { numbers: chip.numbers } : {}),
      ...(chip.index ? { index: chip.index } : {}),
      amount: formatAmount(BigInt(chip.amount_minor), scale),
      payout: formatAmount(BigInt(outcome.returns[i] ?? '0'), scale),
    })),
  };
}
