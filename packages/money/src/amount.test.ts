import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './amount.ts';
import type { MoneyErrorCode } from './errors.ts';
import { AMOUNT_INTEGER_DIGITS_MAX, SCALE_MAX } from './limits.ts';
import { expectMoneyError } from './test-support.ts';

describe('parseAmount', () => {
  it.each([
    ['1234.5', 2, 123450n],
    ['12', 2, 1200n],
    ['12.5', 2, 1250n],
    ['0.001', 3, 1n],
    ['0', 2, 0n],
    ['007.5', 2, 750n],
    ['1234.500', 2, 123450n],
    ['1.00000000', 0, 1n],
    ['0.00000001', 8, 1n],
    ['1.000000000000000001', 18, 1_000_000_000_000_000_001n],
    ['9'.repeat(AMOUNT_INTEGER_DIGITS_MAX), 0, 10n ** 30n - 1n],
  ])('reads %s at scale %i as %s', (input, scale, expected) => {
    expect(parseAmount(input, scale)).toBe(expected);
  });

  it('reads a negative amount only when allowed', () => {
    expect(parseAmount('-12.34', 2, { allow_negative: true })).toBe(-1234n);
    expect(parseAmount('-0', 2, { allow_negative: true })).toBe(0n);
    expectMoneyError(() => parseAmount('-12.34', 2), 'NEGATIVE_AMOUNT');
  });

  // Ordered by precedence: where an input breaks two rules, the earlier code wins.
  const invalid: [string, unknown, number, MoneyErrorCode][] = [
    ['scale below 0', '1', -1, 'INVALID_SCALE'],
    ['scale above SCALE_MAX', '1', SCALE_MAX + 1, 'INVALID_SCALE'],
    ['fractional scale', '1', 1.5, 'INVALID_SCALE'],
    ['scale checked before the text', 'abc', 19, 'INVALID_SCALE'],
    ['a number, not a string', 12.5, 2, 'INVALID_AMOUNT'],
    ['empty', '', 2, 'INVALID_AMOUNT'],
    ['longer than the text limit', `0.${'0'.repeat(63)}`, 2, 'INVALID_AMOUNT'],
    ['whitespace around', ' 12', 2, 'INVALID_AMOUNT'],
    ['whitespace inside', '1 2', 2, 'INVALID_AMOUNT'],
    ['trailing newline', '12\n', 2, 'INVALID_AMOUNT'],
    ['exponent', '1e3', 2, 'INVALID_AMOUNT'],
    ['exponent with fraction', '1.5E-2', 2, 'INVALID_AMOUNT'],
    ['grouping comma', '1,234.5', 2, 'INVALID_AMOUNT'],
    ['decimal comma', '12,5', 2, 'INVALID_AMOUNT'],
    ['plus sign', '+12', 2, 'INVALID_AMOUNT'],
    ['bare point first', '.5', 2, 'INVALID_AMOUNT'],
    ['bare point last', '5.', 2, 'INVALID_AMOUNT'],
    ['two points', '1.2.3', 2, 'INVALID_AMOUNT'],
    ['only a sign', '-', 2, 'INVALID_AMOUNT'],
    ['double sign', '--1', 2, 'INVALID_AMOUNT'],
    ['non-ASCII digits', '١٢', 2, 'INVALID_AMOUNT'],
    ['full-width digits', '１２', 2, 'INVALID_AMOUNT'],
    ['NaN text', 'NaN', 2, 'INVALID_AMOUNT'],
    ['Infinity text', 'Infinity', 2, 'INVALID_AMOUNT'],
    ['hex', '0x10', 2, 'INVALID_AMOUNT'],
    ['underscore separator', '1_000', 2, 'INVALID_AMOUNT'],
    ['currency sign', '€12', 2, 'INVALID_AMOUNT'],
    ['negative not allowed', '-1', 2, 'NEGATIVE_AMOUNT'],
    ['negative zero not allowed', '-0', 2, 'NEGATIVE_AMOUNT'],
    ['sign checked before size', `-${'9'.repeat(31)}`, 2, 'NEGATIVE_AMOUNT'],
    ['31 integer digits', '1'.padEnd(31, '0'), 2, 'AMOUNT_TOO_LARGE'],
    ['size checked before decimals', `${'1'.padEnd(31, '0')}.001`, 2, 'AMOUNT_TOO_LARGE'],
    ['one decimal too many', '12.345', 2, 'TOO_MANY_DECIMALS'],
    ['any decimal at scale 0', '1.5', 0, 'TOO_MANY_DECIMALS'],
    ['a satoshi fraction', '0.000000001', 8, 'TOO_MANY_DECIMALS'],
  ];
  it.each(invalid)('rejects %s', (_name, input, scale, code) => {
    expectMoneyError(() => parseAmount(input as string, scale), code);
  });

  it('refuses a magnitude above max_minor, either sign, and says the bound in major units', () => {
    const max_minor = 10n ** 15n;
    expect(parseAmount('10000000000000.00', 2, { max_minor })).toBe(max_minor);
    expect(parseAmount('-10000000000000', 2, { max_minor, allow_negative: true })).toBe(-max_minor);
    expectMoneyError(() => parseAmount('10000000000000.01', 2, { max_minor }), 'AMOUNT_TOO_LARGE');
    expectMoneyError(
      () => parseAmount('-99999999999999999999', 2, { max_minor, allow_negative: true }),
      'AMOUNT_TOO_LARGE',
    );
    expect(() => parseAmount('99999999999999999999', 2, { max_minor })).toThrow(
      'amount must be at most 10000000000000.00',
    );
  });
});

describe('formatAmount', () => {
  it.each([
    [123450n, 2, undefined, '1234.50'],
    [123450n, 2, 3, '1234.500'],
    [5n, 2, undefined, '0.05'],
    [-5n, 2, undefined, '-0.05'],
    [0n, 2, 3, '0.000'],
    [42n, 0, undefined, '42'],
    [42n, 0, 3, '42.000'],
    [1n, 18, undefined, '0.000000000000000001'],
    [123n, 2, 0, '1'],
  ])('formats %s at scale %i with %s decimals as %s', (amount, scale, decimals, expected) => {
    const options = decimals === undefined ? {} : { decimals, rounding: 'toward_zero' as const };
    expect(formatAmount(amount, scale, options)).toBe(expected);
  });

  it('shows a BTC balance with the spec 3 decimals, rounded toward zero', () => {
    const rounding = 'toward_zero';
    expect(formatAmount(123_456_789n, 8, { decimals: 3, rounding })).toBe('1.234');
    expect(formatAmount(-123_456_789n, 8, { decimals: 3, rounding })).toBe('-1.234');
    expect(formatAmount(99_999n, 8, { decimals: 3, rounding })).toBe('0.000');
    expect(formatAmount(-99_999n, 8, { decimals: 3, rounding })).toBe('0.000');
  });

  it('requires the rounding rule whenever decimals are below the scale', () => {
    // Even for an amount that would not need rounding: behaviour never depends on the value.
    expectMoneyError(() => formatAmount(100_000n, 8, { decimals: 3 }), 'INVALID_ROUNDING');
    const unknown = { decimals: 3, rounding: 'half_up' as 'toward_zero' };
    expectMoneyError(() => formatAmount(1n, 8, unknown), 'INVALID_ROUNDING');
  });

  it('rejects bad scales, decimals and non-bigint amounts', () => {
    expectMoneyError(() => formatAmount(1n, 19), 'INVALID_SCALE');
    expectMoneyError(() => formatAmount(1n, 2, { decimals: 19 }), 'INVALID_SCALE');
    expectMoneyError(() => formatAmount(1n, 2, { decimals: -1 }), 'INVALID_SCALE');
    expectMoneyError(() => formatAmount(1 as unknown as bigint, 2), 'INVALID_AMOUNT');
  });
});

const scale_arbitrary = fc.integer({ min: 0, max: SCALE_MAX });

/** Amounts up to the integer-digit limit at `scale`, both signs. */
function amountAt(scale: number) {
  const limit = 10n ** BigInt(AMOUNT_INTEGER_DIGITS_MAX + scale) - 1n;
  return fc.oneof(fc.bigInt({ min: -limit, max: limit }), fc.bigInt({ min: -1000n, max: 1000n }));
}

/** Canonical strings: what formatAmount prints with the default decimals. */
const canonical_arbitrary = scale_arbitrary.chain((scale) =>
  fc
    .record({
      negative: fc.boolean(),
      integer: fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,29}$/)),
      fraction: fc.string({
        unit: fc.constantFrom(...'0123456789'),
        minLength: scale,
        maxLength: scale,
      }),
    })
    .map(({ negative, integer, fraction }) => {
      const unsigned = scale === 0 ? integer : `${integer}.${fraction}`;
      const is_zero = /^[0.]+$/.test(unsigned);
      return { scale, text: negative && !is_zero ? `-${unsigned}` : unsigned };
    }),
);

describe('parse and format round trips', () => {
  it('format(parse(s)) is s for canonical strings', () => {
    fc.assert(
      fc.property(canonical_arbitrary, ({ scale, text }) => {
        const amount = parseAmount(text, scale, { allow_negative: true });
        expect(formatAmount(amount, scale)).toBe(text);
      }),
    );
  });

  it('parse(format(x)) is x for any amount and scale', () => {
    fc.assert(
      fc.property(
        scale_arbitrary.chain((scale) => fc.tuple(fc.constant(scale), amountAt(scale))),
        ([scale, amount]) => {
          const text = formatAmount(amount, scale);
          expect(parseAmount(text, scale, { allow_negative: true })).toBe(amount);
        },
      ),
    );
  });

  it('padding to more decimals reads back to the same amount', () => {
    fc.assert(
      fc.property(
        scale_arbitrary.chain((scale) =>
          fc.tuple(fc.constant(scale), amountAt(scale), fc.integer({ min: scale, max: SCALE_MAX })),
        ),
        ([scale, amount, decimals]) => {
          const text = formatAmount(amount, scale, { decimals });
          expect(parseAmount(text, scale, { allow_negative: true })).toBe(amount);
        },
      ),
    );
  });

  it('fewer decimals never shows more than the amount, and loses less than one digit', () => {
    fc.assert(
      fc.property(
        scale_arbitrary.chain((scale) =>
          fc.tuple(fc.constant(scale), amountAt(scale), fc.integer({ min: 0, max: scale })),
        ),
        ([scale, amount, decimals]) => {
          const text = formatAmount(amount, scale, { decimals, rounding: 'toward_zero' });
          const shown = parseAmount(text, scale, { allow_negative: true });
          const magnitude = (x: bigint) => (x < 0n ? -x : x);
          expect(magnitude(shown) <= magnitude(amount)).toBe(true);
          expect(magnitude(amount) - magnitude(shown) < 10n ** BigInt(scale - decimals)).toBe(true);
          expect(shown === 0n || shown < 0n === amount < 0n).toBe(true);
        },
      ),
    );
  });
});
