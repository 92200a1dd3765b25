import { describe, expect, it } from 'vitest';
import { exportFileName, filtersToParams, pageCount, parseFilters } from './filters.ts';

describe('transaction filters', () => {
  it('reads valid filters and drops malformed ones', () => {
    expect(
      parseFilters(new URLSearchParams('page=3&type=bet&product=crash&from=2025-01-01&to=nope')),
    ).toEqual({
      page: 3,
      type: 'bet',
      product: 'crash',
      from: '2025-01-01',
      to: '',
    });
    expect(parseFilters(new URLSearchParams('page=-2&type=steal&product=poker'))).toEqual({
      page: 1,
      type: '',
      product: '',
      from: '',
      to: '',
    });
  });

  it('round-trips', () => {
    const filters = {
      page: 2,
      type: 'win' as const,
      product: 'sportsbook' as const,
      from: '2025-02-01',
      to: '2025-02-28',
    };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
    expect(filtersToParams({ page: 1, type: '', product: '', from: '', to: '' }).toString()).toBe(
      '',
    );
  });

  it('counts pages', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('names the export by its period, open bounds as the server fills them', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(exportFileName('2026-01-01', '2026-01-31', now)).toBe(
      'transactions-2026-01-01-2026-01-31.csv',
    );
    expect(exportFileName('', '', now)).toBe('transactions-2025-03-10-2026-03-10.csv');
    expect(exportFileName('2026-02-01', '', now)).toBe('transactions-2026-02-01-2026-03-10.csv');
    expect(exportFileName('', '2024-02-29', now)).toBe('transactions-2023-03-01-2024-02-29.csv');
  });
});
