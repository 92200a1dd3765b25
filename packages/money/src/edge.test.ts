import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';
import { decimalStringFromNumber, toDisplayNumber } from './edge.ts';
import { expectMoneyError } from './test-support.ts';

describe('toDisplayNumber', () => {
  it('gives the JSON number the spec clients read', () => {
    expect(toDisplayNumber(123_450n, 2)).toBe(1234.5);
    expect(toDisplayNumber(-1n, 8)).toBe(-0.00000001);
    expect(toDisplayNumber(0n, 18)).toBe(0);
  });
});

describe('decimalStringFromNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [12, '12'],
    [0.1, '0.1'],
    [1234.5, '1234.5'],
    [-2.5, '-2.5'],
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [-1.25e-10, '-0.000000000125'],
    [1e21, '1000000000000000000000'],
    [1.2345e21, '1234500000000000000000'],
    [-5e22, '-50000000000000000000000'],
  ])('writes %s as %s', (n, expected) => {
    expect(decimalStringFromNumber(n)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '12'])(
    'rejects %s',
    (n) => {
      expectMoneyError(() => decimalStringFromNumber(n as number), 'INVALID_AMOUNT');
    },
  );

  it('feeds the strict parser: 0.1 from JSON is 10 minor units at scale 2', () => {
    expect(parseAmount(decimalStringFromNumber(0.1), 2)).toBe(10n);
    expect(parseAmount(decimalStringFromNumber(1e-8), 8)).toBe(1n);
  });

  it('writes every finite double as plain decimal text that reads back as the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = decimalStringFromNumber(n);
        expect(text).toMatch(/^-?[0-9]+(\.[0-9]+)?$/);
        expect(Number(text)).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});
