import { describe, expect, it } from 'vitest';
import { defaultRule, leadingSide } from './sportsbook.early-payout.ts';

describe('early payout rule (decision 0641)', () => {
  it('football is on at two goals on the match result; other sports are off', () => {
    expect(defaultRule('football')).toEqual({
      enabled: true,
      market_types: ['match_winner'],
      lead: 2,
    });
    expect(defaultRule('tennis').enabled).toBe(false);
    expect(defaultRule('cricket').enabled).toBe(false);
  });

  it('pays the side a whole-number score puts the rule’s lead ahead, nothing else', () => {
    const rule = { enabled: true, lead: 2 };
    expect(leadingSide({ home: '2', away: '0' }, rule)).toBe('home');
    expect(leadingSide({ home: '1', away: '3' }, rule)).toBe('away');
    expect(leadingSide({ home: '2', away: '1' }, rule)).toBeNull();
    expect(leadingSide({ home: '3', away: '0' }, { enabled: false, lead: 2 })).toBeNull();
    expect(leadingSide({ home: '145/3', away: '0' }, rule)).toBeNull();
    expect(leadingSide({}, rule)).toBeNull();
  });
});
