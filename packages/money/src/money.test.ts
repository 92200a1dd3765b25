import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyUnit, SCALES } from './currency.ts';
import {
  add,
  compare,
  isNegative,
  isZero,
  type Money,
  money,
  negate,
  subtract,
  sum,
} from './money.ts';
import { expectMoneyError } from './test-support.ts';

const inr = (amount_minor: bigint): Money => money(amount_minor, 'INR');
const amount_arbitrary = fc.bigInt({ min: -(10n ** 48n), max: 10n ** 48n });

describe('money arithmetic', () => {
  it('adds, subtracts, negates and compares within one currency', () => {
    expect(add(inr(150n), inr(-50n))).toEqual(inr(100n));
    expect(subtract(inr(150n), inr(200n))).toEqual(inr(-50n));
    expect(negate(inr(5n))).toEqual(inr(-5n));
    expect(compare(inr(1n), inr(2n))).toBe(-1);
    expect(compare(inr(2n), inr(2n))).toBe(0);
    expect(compare(inr(3n), inr(2n))).toBe(1);
    expect(isZero(inr(0n))).toBe(true);
    expect(isZero(negate(inr(0n)))).toBe(true);
    expect(isNegative(inr(-1n))).toBe(true);
    expect(isNegative(inr(0n))).toBe(false);
    expect(sum('INR', [inr(1n), inr(2n), inr(3n)])).toEqual(inr(6n));
    expect(sum('INR', [])).toEqual(inr(0n));
  });

  it('refuses to combine currencies', () => {
    const btc = money(1n, 'BTC');
    expectMoneyError(() => add(inr(1n), btc), 'CURRENCY_MISMATCH');
    expectMoneyError(() => subtract(inr(1n), btc), 'CURRENCY_MISMATCH');
    expectMoneyError(() => compare(inr(1n), btc), 'CURRENCY_MISMATCH');
    expectMoneyError(() => sum('INR', [inr(1n), btc]), 'CURRENCY_MISMATCH');
    expectMoneyError(() => sum('BTC', [inr(1n)]), 'CURRENCY_MISMATCH');
  });

  it('checks both fields when building a Money', () => {
    expectMoneyError(() => money(1 as unknown as bigint, 'INR'), 'INVALID_AMOUNT');
    for (const code of ['', 'inr', 'I', '1NR', 'INR ', 'ABCDEFGHIJK']) {
      expectMoneyError(() => money(1n, code), 'INVALID_CURRENCY');
    }
  });

  it('undoes an addition with a subtraction, and the other way round', () => {
    fc.assert(
      fc.property(amount_arbitrary, amount_arbitrary, (a, b) => {
        expect(subtract(add(inr(a), inr(b)), inr(b))).toEqual(inr(a));
        expect(add(subtract(inr(a), inr(b)), inr(b))).toEqual(inr(a));
        expect(add(inr(a), negate(inr(a)))).toEqual(inr(0n));
      }),
    );
  });
});

describe('currencyUnit', () => {
  it('looks scales up in the default table or in one given', () => {
    expect(currencyUnit('INR')).toEqual({ code: 'INR', scale: 2 });
    expect(currencyUnit('ETH')).toEqual({ code: 'ETH', scale: 18 });
    expect(currencyUnit('VND', { VND: 0 })).toEqual({ code: 'VND', scale: 0 });
    expect(Object.isFrozen(SCALES)).toBe(true);
  });

  it('rejects unknown codes, malformed codes and bad scales', () => {
    expectMoneyError(() => currencyUnit('XAU'), 'UNKNOWN_CURRENCY');
    expectMoneyError(() => currencyUnit('toString'), 'INVALID_CURRENCY');
    expectMoneyError(() => currencyUnit('XAU', { XAU: 19 }), 'INVALID_SCALE');
  });
});
