import { type CurrencyUnit, EUR } from './currency.ts';
import { assertAmountMinor, assertScale, powerOfTen, splitDecimal } from './decimal.ts';
import { MoneyError } from './errors.ts';
import {
  FEE_PERCENT_MAX,
  PERCENT_FRACTION_DIGITS_MAX,
  PERCENT_MAX,
  RATE_FRACTION_DIGITS_MAX,
  RATE_INTEGER_DIGITS_MAX,
  RATE_PART_DIGITS_MAX,
  RATE_TEXT_LENGTH_MAX,
} from './limits.ts';
import { divideRounded, type Rounding } from './rounding.ts';

/**
 * An exact exchange rate: numerator / denominator units of the target currency per one unit
 * (major) of the source currency. Both parts are positive and below 10^RATE_PART_DIGITS_MAX.
 */
export type Rate = { readonly numerator: bigint; readonly denominator: bigint };

const RATE_PART_LIMIT = powerOfTen(RATE_PART_DIGITS_MAX);

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Throws INVALID_RATE unless both parts are bigints, positive and within the limit. */
export function assertRate(rate: Rate): void {
  const { numerator, denominator } = rate;
  const valid =
    typeof numerator === 'bigint' &&
    typeof denominator === 'bigint' &&
    numerator > 0n &&
    denominator > 0n &&
    numerator < RATE_PART_LIMIT &&
    denominator < RATE_PART_LIMIT;
  if (!valid) {
    throw new MoneyError('INVALID_RATE', 'rate must be a positive fraction within the limits');
  }
}

/**
 * Parses a positive exact decimal ('83.25', '0.0000105') into a Rate in lowest terms.
 * At most RATE_INTEGER_DIGITS_MAX integer and RATE_FRACTION_DIGITS_MAX fraction digits;
 * anything else, zero included, is INVALID_RATE.
 */
export function parseRate(text: string): Rate {
  const parts =
    typeof text === 'string' && text.length <= RATE_TEXT_LENGTH_MAX ? splitDecimal(text) : null;
  const valid =
    parts !== null &&
    !parts.negative &&
    parts.integer_digits.length <= RATE_INTEGER_DIGITS_MAX &&
    parts.fraction_digits.length <= RATE_FRACTION_DIGITS_MAX &&
    (parts.integer_digits + parts.fraction_digits).length > 0;
  if (!valid) {
    throw new MoneyError(
      'INVALID_RATE',
      `rate must be a positive decimal with at most ${RATE_INTEGER_DIGITS_MAX} integer and ` +
        `${RATE_FRACTION_DIGITS_MAX} fraction digits`,
    );
  }
  const numerator = BigInt(parts.integer_digits + parts.fraction_digits);
  const denominator = powerOfTen(parts.fraction_digits.length);
  const divisor = greatestCommonDivisor(numerator, denominator);
  return Object.freeze({ numerator: numerator / divisor, denominator: denominator / divisor });
}

/** The rate in the other direction: 1 EUR = 90 INR becomes 1 INR = 1/90 EUR, exactly. */
export function invertRate(rate: Rate): Rate {
  assertRate(rate);
  return Object.freeze({ numerator: rate.denominator, denominator: rate.numerator });
}

/**
 * Converts minor units of `from` into minor units of `to`, where `rate` is units of `to` per
 * one unit of `from`. The exact result is a fraction; it is rounded once, by `rounding`.
 */
export function convert(
  amount_minor: bigint,
  from: CurrencyUnit,
  to: CurrencyUnit,
  rate: Rate,
  rounding: Rounding,
): bigint {
  assertAmountMinor(amount_minor);
  assertScale(from.scale);
  assertScale(to.scale);
  assertRate(rate);
  const numerator = amount_minor * rate.numerator * powerOfTen(to.scale);
  const denominator = rate.denominator * powerOfTen(from.scale);
  return divideRounded(numerator, denominator, rounding);
}

/** A percentage as an exact fraction: numerator / denominator percent. */
type Percent = { readonly numerator: bigint; readonly denominator: bigint };

function parsePercent(text: string, percent_max: bigint): Percent {
  const parts =
    typeof text === 'string' && text.length <= RATE_TEXT_LENGTH_MAX ? splitDecimal(text) : null;
  const valid =
    parts !== null &&
    !parts.negative &&
    parts.fraction_digits.length <= PERCENT_FRACTION_DIGITS_MAX &&
    parts.integer_digits.length <= percent_max.toString().length;
  if (!valid) {
    throw new MoneyError(
      'INVALID_PERCENT',
      `percent must be a decimal from 0 to ${percent_max} with at most ` +
        `${PERCENT_FRACTION_DIGITS_MAX} decimals`,
    );
  }
  const numerator = BigInt(`${parts.integer_digits}${parts.fraction_digits}` || '0');
  const denominator = powerOfTen(parts.fraction_digits.length);
  if (numerator > percent_max * denominator) {
    throw new MoneyError('INVALID_PERCENT', `percent must be at most ${percent_max}`);
  }
  return { numerator, denominator };
}

/**
 * `percent` percent of an amount ('2.5' is 2.5%), rounded once by `rounding`. The percent is
 * an exact decimal string from 0 to PERCENT_MAX with at most PERCENT_FRACTION_DIGITS_MAX
 * decimals; anything else is INVALID_PERCENT.
 */
export function percentOf(amount_minor: bigint, percent: string, rounding: Rounding): bigint {
  assertAmountMinor(amount_minor);
  const { numerator, denominator } = parsePercent(percent, PERCENT_MAX);
  return divideRounded(amount_minor * numerator, 100n * denominator, rounding);
}

/**
 * Spec §9: "Euro conversion = amount divided by rate, minus the fee percentage of that", where
 * `rate_to_eur` is the currency's roe.rate (1 EUR = rate units of `from`) and `fee_percent`
 * the gateway fee ('2.5'). Returns euro minor units (scale 2). The whole expression is
 * computed as one exact fraction and rounded once, so the fee and the division do not each
 * lose a cent. The spec's 'N/A' for a missing rate is the caller's, which has no Rate to pass.
 */
export function toEuroAfterFee(
  amount_minor: bigint,
  from: CurrencyUnit,
  rate_to_eur: Rate,
  fee_percent: string,
  rounding: Rounding,
): bigint {
  assertAmountMinor(amount_minor);
  assertScale(from.scale);
  assertRate(rate_to_eur);
  const fee = parsePercent(fee_percent, FEE_PERCENT_MAX);
  // eur = amount / 10^from.scale / rate * (100 - fee) / 100, in minor units of EUR.
  const kept_numerator = 100n * fee.denominator - fee.numerator;
  const numerator = amount_minor * rate_to_eur.denominator * kept_numerator * powerOfTen(EUR.scale);
  const denominator = powerOfTen(from.scale) * rate_to_eur.numerator * 100n * fee.denominator;
  return divideRounded(numerator, denominator, rounding);
}
