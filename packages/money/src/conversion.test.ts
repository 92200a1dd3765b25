import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convert,
  invertRate,
  parseRate,
  percentOf,
  type Rate,
  toEuroAfterFee,
} from './conversion.ts';
import { type CurrencyUnit, EUR } from './currency.ts';
import type { MoneyErrorCode } from './errors.ts';
import { SCALE_MAX } from './limits.ts';
import { expectMoneyError } from './test-support.ts';

const INR: CurrencyUnit = { code: 'INR', scale: 2 };
const BTC: CurrencyUnit = { code: 'BTC', scale: 8 };
const ETH: CurrencyUnit = { code: 'ETH', scale: 18 };
const rounding = 'toward_zero';

describe('parseRate', () => {
  it.each([
    ['83.25', 333n, 4n],
    ['90', 90n, 1n],
    ['0.0000105', 21n, 2_000_000n],
    ['1.000', 1n, 1n],
    ['0.000000000000000001', 1n, 10n ** 18n],
  ])('reads %s as %s/%s in lowest terms', (text, numerator, denominator) => {
    expect(parseRate(text)).toEqual({ numerator, denominator });
  });

  const invalid: [string, unknown][] = [
    ['a number', 83.25],
    ['empty', ''],
    ['zero', '0'],
    ['zero with decimals', '0.000'],
    ['negative', '-1'],
    ['exponent', '1e3'],
    ['comma', '83,25'],
    ['whitespace', ' 83.25'],
    ['19 integer digits', '1'.padEnd(19, '0')],
    ['19 fraction digits', `0.${'1'.padStart(19, '0')}`],
    ['longer than the text limit', `1.${'0'.repeat(63)}`],
  ];
  it.each(invalid)('rejects %s', (_name, text) => {
    expectMoneyError(() => parseRate(text as string), 'INVALID_RATE');
  });

  it('inverts exactly, and rejects a rate built by hand that is not positive', () => {
    expect(invertRate(parseRate('83.25'))).toEqual({ numerator: 4n, denominator: 333n });
    expectMoneyError(() => invertRate({ numerator: 0n, denominator: 1n }), 'INVALID_RATE');
    expectMoneyError(() => invertRate({ numerator: 1n, denominator: -1n }), 'INVALID_RATE');
    const huge = { numerator: 10n ** 36n, denominator: 1n };
    expectMoneyError(() => invertRate(huge), 'INVALID_RATE');
  });
});

describe('convert', () => {
  it('converts with the rate as units of the target per unit of the source', () => {
    // 1 EUR = 90 INR, so 10.00 EUR is 900.00 INR and 100.00 INR is 1.11 EUR (1.111… down).
    const inr_per_eur = parseRate('90');
    expect(convert(1000n, EUR, INR, inr_per_eur, rounding)).toBe(90_000n);
    expect(convert(10_000n, INR, EUR, invertRate(inr_per_eur), rounding)).toBe(111n);
    expect(convert(-10_000n, INR, EUR, invertRate(inr_per_eur), rounding)).toBe(-111n);
    // 1 BTC = 2500.5 ETH: 0.00000001 BTC is 0.000025005 ETH, exactly, in wei.
    expect(convert(1n, BTC, ETH, parseRate('2500.5'), rounding)).toBe(25_005_000_000_000n);
  });

  it('requires a known rounding rule and a valid rate', () => {
    const bad_rounding = 'half_even' as 'toward_zero';
    expectMoneyError(
      () => convert(1n, EUR, INR, parseRate('90'), bad_rounding),
      'INVALID_ROUNDING',
    );
    const bad_rate = { numerator: 90n, denominator: 0n };
    expectMoneyError(() => convert(1n, EUR, INR, bad_rate, rounding), 'INVALID_RATE');
    const bad_unit = { code: 'XXX', scale: 19 };
    expectMoneyError(() => convert(1n, bad_unit, INR, parseRate('1'), rounding), 'INVALID_SCALE');
  });
});

const unit_arbitrary = fc
  .integer({ min: 0, max: SCALE_MAX })
  .map((scale): CurrencyUnit => ({ code: `C${scale}`, scale }));
const rate_arbitrary = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 36n - 1n }), fc.bigInt({ min: 1n, max: 10n ** 36n - 1n }))
  .map(([numerator, denominator]): Rate => ({ numerator, denominator }));
const amount_arbitrary = fc.oneof(
  fc.bigInt({ min: -(10n ** 48n), max: 10n ** 48n }),
  fc.bigInt({ min: -1000n, max: 1000n }),
);
const magnitude = (x: bigint) => (x < 0n ? -x : x);

describe('convert properties', () => {
  it('is the identity at rate 1 between currencies of the same scale', () => {
    fc.assert(
      fc.property(unit_arbitrary, amount_arbitrary, (unit, amount) => {
        const other = { code: 'OTHER', scale: unit.scale };
        expect(convert(amount, unit, other, parseRate('1'), rounding)).toBe(amount);
      }),
    );
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(
        unit_arbitrary,
        unit_arbitrary,
        rate_arbitrary,
        amount_arbitrary,
        amount_arbitrary,
        (from, to, rate, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const converted_low = convert(low, from, to, rate, rounding);
          expect(converted_low <= convert(high, from, to, rate, rounding)).toBe(true);
        },
      ),
    );
  });

  it('never exceeds the exact value in magnitude, and falls short by less than one minor unit', () => {
    fc.assert(
      fc.property(
        unit_arbitrary,
        unit_arbitrary,
        rate_arbitrary,
        amount_arbitrary,
        (from, to, rate, amount) => {
          const result = convert(amount, from, to, rate, rounding);
          // Exact value = numerator / denominator, with a positive denominator.
          const numerator = amount * rate.numerator * 10n ** BigInt(to.scale);
          const denominator = rate.denominator * 10n ** BigInt(from.scale);
          expect(magnitude(result) * denominator <= magnitude(numerator)).toBe(true);
          expect((magnitude(result) + 1n) * denominator > magnitude(numerator)).toBe(true);
          expect(result === 0n || result < 0n === amount < 0n).toBe(true);
        },
      ),
    );
  });

  it('converts a negated amount to the negated result, so reversals match exactly', () => {
    fc.assert(
      fc.property(
        unit_arbitrary,
        unit_arbitrary,
        rate_arbitrary,
        amount_arbitrary,
        (from, to, rate, amount) => {
          const forward = convert(amount, from, to, rate, rounding);
          expect(convert(-amount, from, to, rate, rounding)).toBe(-forward);
        },
      ),
    );
  });
});

describe('percentOf', () => {
  it.each([
    [10_000n, '2.5', 250n],
    [999n, '10', 99n],
    [-999n, '10', -99n],
    [12_345n, '0', 0n],
    [12_345n, '100', 12_345n],
    [100n, '1000', 1000n],
    [1_000_000n, '0.000001', 0n],
    [100_000_000n, '0.000001', 1n],
  ])('takes of %s the %s percent: %s', (amount, percent, expected) => {
    expect(percentOf(amount, percent, rounding)).toBe(expected);
  });

  const invalid: [string, unknown][] = [
    ['a number', 2.5],
    ['empty', ''],
    ['negative', '-1'],
    ['above PERCENT_MAX', '1000.000001'],
    ['four integer digits above the max', '9999'],
    ['seven decimals', '0.0000001'],
    ['percent sign', '2.5%'],
    ['comma', '2,5'],
  ];
  it.each(invalid)('rejects %s', (_name, percent) => {
    expectMoneyError(() => percentOf(100n, percent as string, rounding), 'INVALID_PERCENT');
  });
});

describe('toEuroAfterFee (spec §9)', () => {
  it('divides by the rate, takes off the fee percentage of that, and rounds once', () => {
    // 1000.00 INR at 1 EUR = 90 INR is 11.111… EUR; minus 2.5% is 10.8333… EUR: 10.83.
    expect(toEuroAfterFee(100_000n, INR, parseRate('90'), '2.5', rounding)).toBe(1083n);
    // 0.01 BTC at 1 EUR = 0.0000105 BTC is 952.380952… EUR; minus 1% is 942.857142…: 942.85.
    expect(toEuroAfterFee(1_000_000n, BTC, parseRate('0.0000105'), '1', rounding)).toBe(94_285n);
  });

  it('rounds once: rounding the division first would lose a cent', () => {
    // 1.009 BTC at 1 EUR = 1 BTC is 1.009 EUR; minus 0.1% is 1.007991 EUR: 1.00. Rounding
    // the division first (1.00) and then the fee (0.999) would give 0.99.
    expect(toEuroAfterFee(100_900_000n, BTC, parseRate('1'), '0.1', rounding)).toBe(100n);
  });

  it('with no fee equals convert through the inverted rate', () => {
    fc.assert(
      fc.property(unit_arbitrary, rate_arbitrary, amount_arbitrary, (from, rate, amount) => {
        const direct = convert(amount, from, EUR, invertRate(rate), rounding);
        expect(toEuroAfterFee(amount, from, rate, '0', rounding)).toBe(direct);
      }),
    );
  });

  it('never gives more than the fee-free conversion', () => {
    fc.assert(
      fc.property(
        unit_arbitrary,
        rate_arbitrary,
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (from, rate, amount, fee_millionths) => {
          // A fee from 0 to 100 percent with six decimals, built as text.
          const digits = fee_millionths.toString().padStart(7, '0');
          const fee_text = `${digits.slice(0, -6)}.${digits.slice(-6)}`;
          const after_fee = toEuroAfterFee(amount, from, rate, fee_text, rounding);
          expect(after_fee <= toEuroAfterFee(amount, from, rate, '0', rounding)).toBe(true);
          expect(after_fee >= 0n).toBe(true);
        },
      ),
    );
  });

  it('takes everything at a 100% fee and rejects fees above 100%', () => {
    expect(toEuroAfterFee(100_000n, INR, parseRate('90'), '100', rounding)).toBe(0n);
    const code: MoneyErrorCode = 'INVALID_PERCENT';
    expectMoneyError(() => toEuroAfterFee(1n, INR, parseRate('90'), '100.5', rounding), code);
    const bad_rate = { numerator: 0n, denominator: 1n };
    expectMoneyError(() => toEuroAfterFee(1n, INR, bad_rate, '1', rounding), 'INVALID_RATE');
  });
});
