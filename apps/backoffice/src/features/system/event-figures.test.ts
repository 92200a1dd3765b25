import { describe, expect, it } from 'vitest';
import { firstLine, formatCount, formatLag } from './event-figures.ts';

describe('event figures', () => {
  it('marks a count the server stopped at', () => {
    expect(formatCount(1_234)).toBe('1,234');
    expect(formatCount(99_999, 100_000)).toBe('99,999');
    expect(formatCount(100_000, 100_000)).toBe('≥ 100,000');
  });

  it.each([
    [null, '—'],
    [0, '0 ms'],
    [850, '850 ms'],
    [1_250, '1.3 s'],
    [42_000, '42 s'],
    [125_000, '2 min'],
    [7_300_000, '2 h'],
    [200_000_000, '2 d'],
  ] as const)('a lag of %s ms reads %s', (ms, text) => {
    expect(formatLag(ms)).toBe(text);
  });

  it("keeps an error's first line", () => {
    expect(firstLine('Error: refused\n    at handle (x.ts:1:1)')).toBe('Error: refused');
    expect(firstLine('')).toBe('');
  });
});
