/**
 * Limits of the money core. Each one bounds the size of the bigints we build, so no input can
 * make parsing or conversion slow, and each one is far beyond any real balance.
 */

/** Largest currency scale (ETH uses 18: one wei). Also the most decimals `formatAmount` shows. */
export const SCALE_MAX = 18;

/** Integer digits of an amount: 10^30 major units is beyond any wallet, in any currency. */
export const AMOUNT_INTEGER_DIGITS_MAX = 30;

/** Characters of an amount string, leading zeros and trailing fraction zeros included. */
export const AMOUNT_TEXT_LENGTH_MAX = 64;

/** Integer digits of an exchange rate (1 EUR = up to 10^18 - 1 units of the other currency). */
export const RATE_INTEGER_DIGITS_MAX = 18;

/** Fraction digits of an exchange rate (1 EUR = 0.000000000000000001 units at the finest). */
export const RATE_FRACTION_DIGITS_MAX = 18;

/** Digits of a rate's numerator or denominator, kept when a rate is inverted. */
export const RATE_PART_DIGITS_MAX = RATE_INTEGER_DIGITS_MAX + RATE_FRACTION_DIGITS_MAX;

/** Characters of a rate or percent string. */
export const RATE_TEXT_LENGTH_MAX = 64;

/** Fraction digits of a percentage ('2.5', '0.125'). */
export const PERCENT_FRACTION_DIGITS_MAX = 6;

/** Largest percentage `percentOf` takes (a 1000% bonus is already beyond any offer). */
export const PERCENT_MAX = 1000n;

/** Largest fee percentage: a fee cannot take more than the whole amount. */
export const FEE_PERCENT_MAX = 100n;

/** Spec §4 and §9: balances are shown with 3 decimals. */
export const BALANCE_DISPLAY_DECIMALS = 3;

/** Spec §9: the euro conversion is shown with 2 decimals, the scale of EUR. */
export const EURO_DISPLAY_DECIMALS = 2;
