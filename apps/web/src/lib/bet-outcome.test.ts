import { describe, expect, it } from 'vitest';
import { betOutcome } from './bet-outcome.ts';

describe('betOutcome', () => {
  const settled = { state: 'settled', won: false };
  it('a payout equal to the stake is a push, not a loss', () => {
    // Split Blackjack hands, one won and one lost: 2.00 staked, 2.00 back.
    expect(betOutcome({ ...settled, amount: '2.00', payout: '2.00' })).toBe('push');
    expect(betOutcome({ ...settled, amount: '2.5', payout: '2.50' })).toBe('push');
  });
  it('less back than staked is lost, more is won, a round in play is open', () => {
    expect(betOutcome({ ...settled, amount: '2.00', payout: '1.99' })).toBe('lost');
    expect(betOutcome({ ...settled, amount: '2.00', payout: '0.00' })).toBe('lost');
    expect(betOutcome({ ...settled, amount: '20.00', payout: '2.00' })).toBe('lost');
    expect(betOutcome({ state: 'settled', won: true, amount: '2.00', payout: '4.00' })).toBe('won');
    expect(betOutcome({ state: 'active', won: false, amount: '2.00', payout: '0.00' })).toBe(
      'open',
    );
  });
});
