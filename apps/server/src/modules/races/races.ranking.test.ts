import { describe, expect, it } from 'vitest';
import { gameMatches, nextEdition, rank, scoreOf } from './races.ranking.ts';

const bet = (overrides: Partial<Parameters<typeof scoreOf>[1]> = {}) => ({
  product: 'originals' as const,
  game: 'dice',
  stake_minor: 200n,
  payout_minor: 0n,
  ...overrides,
});

describe('which bets a race takes', () => {
  it.each([
    [['all'], 'provider', 'lantern-gold', true],
    [['sportsbook'], 'sports', 'sports', true],
    [['sportsbook'], 'originals', 'dice', false],
    [['originals'], 'originals', 'keno', true],
    [['originals'], 'crash', 'crash', false],
    [['crash'], 'crash', 'crash', true],
    [['originals:dice'], 'originals', 'dice', true],
    [['originals:dice'], 'originals', 'limbo', false],
    [['provider:lantern-gold'], 'provider', 'lantern-gold', true],
    [['provider:lantern-gold'], 'originals', 'lantern-gold', false],
  ] as const)('%j takes %s:%s → %s', (games, product, game, expected) => {
    expect(gameMatches(games, { product, game })).toBe(expected);
  });
});

describe('what a bet scores', () => {
  const wagered = { metric: 'wagered' as const, games: ['all'], min_stake_eur_minor: 0n };
  const multiplier = { metric: 'multiplier' as const, games: ['all'], min_stake_eur_minor: 100n };
  it('wagered: the stake in EUR; nothing without a rate', () => {
    expect(scoreOf(wagered, bet(), 185n)).toBe(185n);
    expect(scoreOf(wagered, bet(), 0n)).toBeNull();
  });
  it('multiplier: payout ÷ stake × 100, toward zero, from the minimum stake', () => {
    expect(scoreOf(multiplier, bet({ payout_minor: 333n }), 200n)).toBe(166n);
    expect(scoreOf(multiplier, bet({ payout_minor: 0n }), 200n)).toBe(0n);
    expect(scoreOf(multiplier, bet({ payout_minor: 9_999n }), 99n)).toBeNull();
  });
  it('nothing for a free stake or another game', () => {
    expect(scoreOf(wagered, bet({ stake_minor: 0n }), 0n)).toBeNull();
    expect(scoreOf({ ...wagered, games: ['sportsbook'] }, bet(), 200n)).toBeNull();
  });
});

describe('places and prizes', () => {
  const entries = [1n, 2n, 3n, 4n, 5n].map((player_id) => ({ player_id }));
  it('gives places in order, skipping refused players, prizes from the table only', () => {
    const ranked = rank(entries, new Set([2n]), [500n, 200n], 3);
    expect(ranked.map((row) => [row.player_id, row.place, row.prize_minor])).toEqual([
      [1n, 1, 500n],
      [3n, 2, 200n],
      [4n, 3, null],
    ]);
  });
  it('pays out exactly the table when enough players rank, never more', () => {
    const prizes = [700n, 300n, 100n];
    const paid = rank(entries, new Set(), prizes, 100).reduce(
      (sum, row) => sum + (row.prize_minor ?? 0n),
      0n,
    );
    expect(paid).toBe(1_100n);
    expect(rank(entries.slice(0, 1), new Set(), prizes, 100)).toHaveLength(1);
  });
});

describe('recurring races', () => {
  it('the next edition starts when one ends and lasts as long', () => {
    const starts = new Date('2026-01-01T00:00:00Z');
    const ends = new Date('2026-01-02T00:00:00Z');
    expect(nextEdition('daily', starts, ends)).toEqual({
      starts_at: ends,
      ends_at: new Date('2026-01-03T00:00:00Z'),
    });
    expect(nextEdition('once', starts, ends)).toBeNull();
  });
});
