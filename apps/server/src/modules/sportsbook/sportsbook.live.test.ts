import { describe, expect, it } from 'vitest';
import { acceptedAfterDelay } from './sportsbook.live.ts';

describe('the delay check', () => {
  it('takes the rule the player chose, or a change within the tolerance either way', () => {
    expect(acceptedAfterDelay(2_000, 2_000, 'none', 0)).toBe(true);
    expect(acceptedAfterDelay(2_000, 1_999, 'none', 0)).toBe(false);
    expect(acceptedAfterDelay(2_000, 2_100, 'none', 0)).toBe(false);
    expect(acceptedAfterDelay(2_000, 2_100, 'higher', 0)).toBe(true);
    expect(acceptedAfterDelay(2_000, 1_100, 'any', 0)).toBe(true);
    // 2 % of 2.00 is 0.04: exactly at the edge accepted, a thousandth beyond refused.
    expect(acceptedAfterDelay(2_000, 1_960, 'higher', 200)).toBe(true);
    expect(acceptedAfterDelay(2_000, 1_959, 'higher', 200)).toBe(false);
    expect(acceptedAfterDelay(2_000, 2_040, 'none', 200)).toBe(true);
    expect(acceptedAfterDelay(2_000, 2_041, 'none', 200)).toBe(false);
  });
});
