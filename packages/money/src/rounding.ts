import { MoneyError } from './errors.ts';

/**
 * The one rounding rule of the platform: toward zero (truncation), for conversions, fees,
 * percentages and display alike. It never credits, converts or shows more than the exact value,
 * and it is symmetric, so the reversal of a conversion is exactly its negation. Callers name it
 * at every call site where rounding may happen; see README.md for why there is only one.
 */
export type Rounding = 'toward_zero';

const ROUNDINGS: readonly Rounding[] = ['toward_zero'];

/** Throws INVALID_ROUNDING unless `rounding` is a known mode (guards callers from plain JS). */
export function assertRounding(rounding: Rounding | undefined): asserts rounding is Rounding {
  if (rounding === undefined || !ROUNDINGS.includes(rounding)) {
    throw new MoneyError('INVALID_ROUNDING', `rounding must be one of: ${ROUNDINGS.join(', ')}`);
  }
}

/** numerator / denominator rounded by `rounding`; the denominator must be positive. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  assertRounding(rounding);
  if (denominator <= 0n) {
    // A programmer error: every caller builds its denominator from validated positive parts.
    throw new Error('divideRounded: denominator must be positive');
  }
  // bigint division truncates toward zero, which is exactly the rule.
  return numerator / denominator;
}
