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

  it('reduces fractional odds', () => {
    expect(formatOdds(14270, 'fractional')).toBe('1327/100');
    expect(formatOdds(2500, 'fractional')).toBe('3/2');
    expect(formatOdds(2000, 'fractional')).toBe('1/1');
    expect(formatOdds(1010, 'fractional')).toBe('1/100');
    expect(formatOdds(1001000, 'fractional')).toBe('1000/1');
  });

  it('shows Hong Kong, Malay and Indonesian odds', () => {
    expect(formatOdds(1850, 'hong_kong')).toBe('0.85');
    expect(formatOdds(3500, 'hong_kong')).toBe('2.50');
    expect(formatOdds(1010, 'hong_kong')).toBe('0.01');
    // Malay: positive up to evens, negative above.
    expect(formatOdds(1850, 'malay')).toBe('0.85');
    expect(formatOdds(2000, 'malay')).toBe('1.00');
    expect(formatOdds(3000, 'malay')).toBe('-0.50');
    expect(formatOdds(4000, 'malay')).toBe('-0.33');
    expect(formatOdds(2600, 'malay')).toBe('-0.63');
    expect(formatOdds(1001000, 'malay')).toBe('-0.001');
    expect(formatOdds(501000, 'malay')).toBe('-0.002');
    // Indonesian: positive from evens up, negative below.
    expect(formatOdds(3000, 'indonesian')).toBe('+2.00');
    expect(formatOdds(2000, 'indonesian')).toBe('+1.00');
    expect(formatOdds(1500, 'indonesian')).toBe('-2.00');
    expect(formatOdds(1010, 'indonesian')).toBe('-100.00');
    expect(formatOdds(1800, 'indonesian')).toBe('-1.25');
  });

  it('computes returns like the server: toward zero per line', () => {
    expect(potentialReturn(1000n, [1850], 'single')).toBe(1850n);
    expect(potentialReturn(333n, [1333], 'single')).toBe(443n);
    expect(potentialReturn(100n, [2000, 3000, 4000], 'system', 2)).toBe(2600n);
    expect(potentialReturn(200n, [2000, 3750, 2000], 'multiple')).toBe(3000n);
    expect(binomial(4, 2)).toBe(6);
  });
});
