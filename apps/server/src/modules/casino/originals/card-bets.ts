import { formatAmount } from '@casino/money';
import { AppError } from '../../../platform/http/errors.ts';
import type { Plan } from '../originals.plan.ts';
import type { BetRow } from '../originals.repository.ts';

/**
 * What the card tables share: a slip of chips on named spots (Player, Tie, Pair Plus, …) settled
 * by one deal. The stake is the chips' sum — limits, the gate and the money see one bet — and the
 * payout the sum of what each chip returns.
 */
export type CardSlipInput = Partial<Record<string, string>>;
/** A chip as stored with the bet. */
export type StoredChip = { spot: string; amount_minor: string };

/** A spot's return per unit staked, in ten-thousandths (19,500 = 1.95 for 1); 0 when it loses. */
export type SpotReturns = (spot: string) => number;

function invalid(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/** Ten-thousandths as the multiplier's text ("1.9500"). */
const x10000Text = (n: bigint) => `${n / 10_000n}.${String(n % 10_000n).padStart(4, '0')}`;

/**
 * The slip's chips in the table's spot order, each amount parsed by `parse` (which refuses more
 * decimals than the currency has, or nothing); at least one chip.
 */
export function cardSlip(
  bets: CardSlipInput,
  spots: readonly string[],
  parse: (amount: string, path: string) => bigint,
) {
  for (const spot of Object.keys(bets)) {
    if (!spots.includes(spot))
      invalid(`bets: no spot "${spot}"; spots: ${spots.join(', ')}`, 'bets');
  }
  const chips: StoredChip[] = [];
  for (const spot of spots) {
    const amount = bets[spot];
    if (amount === undefined) continue;
    chips.push({ spot, amount_minor: String(parse(amount, `bets.${spot}`)) });
  }
  if (chips.length === 0)
    invalid(`bets: place a chip on at least one of ${spots.join(', ')}`, 'bets');
  return { chips, total: chips.reduce((sum, chip) => sum + BigInt(chip.amount_minor), 0n) };
}

const payoutOf = (chips: readonly StoredChip[], returns: SpotReturns) =>
  chips.map((chip) => (BigInt(chip.amount_minor) * BigInt(returns(chip.spot))) / 10_000n);

/**
 * The plan of a one-deal card game: `deal` turns the floats into the game's result, `returns`
 * says what each spot gets for it, `cases` lists returns for every kind of result so that the best
 * payout (checked against the max payout before the bet) is known.
 */
export function cardPlan<R>(game: {
  chips: readonly StoredChip[];
  floats: number;
  deal: (fs: number[]) => R;
  returns: (result: R) => SpotReturns;
  cases: readonly SpotReturns[];
  outcome: (result: R) => Record<string, unknown>;
}) {
  return (stake: bigint): Plan => {
    const best = game.cases
      .map((returns) => payoutOf(game.chips, returns).reduce((a, b) => a + b, 0n))
      .reduce((a, b) => (b > a ? b : a), 0n);
    return {
      bestPayout: best,
      floats: game.floats,
      params: { chips: game.chips },
      resolve: (fs) => {
        const result = game.deal(fs);
        const returns = payoutOf(game.chips, game.returns(result));
        const payout = returns.reduce((a, b) => a + b, 0n);
        return {
          payout,
          multiplier: x10000Text((payout * 10_000n) / stake),
          outcome: { ...game.outcome(result), returns: returns.map(String), won: payout > stake },
        };
      },
    };
  };
}

/** Every chip of a settled bet with what it returned, as the player sees it. */
export function chipsDetails(bet: BetRow, scale: number) {
  const params = bet.params as { chips: StoredChip[] };
  const outcome = bet.outcome as { returns: string[] };
  return params.chips.map((chip, i) => ({
    spot: chip.spot,
    amount: formatAmount(BigInt(chip.amount_minor), scale),
    payout: formatAmount(BigInt(outcome.returns[i] ?? '0'), scale),
  }));
}
