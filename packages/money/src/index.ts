// The package's public surface, named one by one: what is not listed here is internal.
export {
  type FormatAmountOptions,
  formatAmount,
  type ParseAmountOptions,
  parseAmount,
} from './amount.ts';
export {
  assertRate,
  convert,
  invertRate,
  parseRate,
  percentOf,
  type Rate,
  toEuroAfterFee,
} from './conversion.ts';
export { assertCurrencyCode, type CurrencyUnit, currencyUnit, EUR, SCALES } from './currency.ts';
export { assertScale } from './decimal.ts';
export { decimalStringFromNumber, toDisplayNumber } from './edge.ts';
export { isMoneyError, MoneyError, type MoneyErrorCode } from './errors.ts';
export {
  AMOUNT_INTEGER_DIGITS_MAX,
  AMOUNT_TEXT_LENGTH_MAX,
  BALANCE_DISPLAY_DECIMALS,
  EURO_DISPLAY_DECIMALS,
  FEE_PERCENT_MAX,
  PERCENT_FRACTION_DIGITS_MAX,
  PERCENT_MAX,
  RATE_FRACTION_DIGITS_MAX,
  RATE_INTEGER_DIGITS_MAX,
  RATE_PART_DIGITS_MAX,
  RATE_TEXT_LENGTH_MAX,
  SCALE_MAX,
} from './limits.ts';
export {
  add,
  assertSameCurrency,
  compare,
  isNegative,
  isZero,
  type Money,
  money,
  negate,
  subtract,
  sum,
} from './money.ts';
export type { Rounding } from './rounding.ts';
