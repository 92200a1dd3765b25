import { describe, expect, it } from 'vitest';
import { binomial, formatOdds, potentialReturn } from './odds-format.ts';

describe('odds formats', () => {
  it('shows decimal, fractional and American exactly', () => {
    expect(formatOdds(1850, 'decimal')).toBe('1.85');
    expect(formatOdds(2000, 'decimal')).toBe('2.00');
    expect(formatOdds(1333, 'decimal')).toBe('1.333');
    expect(formatOdds(2500, 'fractional')).toBe('3/2');
    expect(formatOdds(1500, 'fractional')).toBe('1/2');
    expect(formatOdds(11000, 'fractional')).toBe('10/1');
    expect(formatOdds(2500, 'american')).toBe('+150');
    expect(formatOdds(1500, 'american')).toBe('-200');
    expect(formatOdds(2000, 'american')).toBe('+100');
  });

  it('computes returns like the server: toward zero per line', () => {
    expect(potentialReturn(1000n, [1850], 'single')).toBe(1850n);
    expect(potentialReturn(333n, [1333], 'single')).toBe(443n);
    expect(potentialReturn(100n, [2000, 3000, 4000], 'system', 2)).toBe(2600n);
    expect(potentialReturn(200n, [2000, 3750, 2000], 'multiple')).toBe(3000n);
    expect(binomial(4, 2)).toBe(6);
  });
});
