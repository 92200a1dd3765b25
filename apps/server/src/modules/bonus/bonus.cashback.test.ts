import { describe, expect, it } from 'vitest';
import { cashbackPeriods } from './bonus.service.ts';

const iso = (periods: Array<{ from: Date; to: Date }>) =>
  periods.map((p) => [p.from.toISOString(), p.to.toISOString()]);

describe('cashback periods', () => {
  it('daily: the two UTC days before today', () => {
    expect(iso(cashbackPeriods('daily', new Date('2026-11-24T18:30:00Z')))).toEqual([
      ['2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
      ['2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    ]);
  });

  it('weekly: ISO weeks from Monday 00:00 UTC, whatever the weekday (a Sunday too)', () => {
    const expected = [
      ['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
      ['2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
    ];
    expect(iso(cashbackPeriods('weekly', new Date('2026-11-24T18:30:00Z')))).toEqual(expected); // Tuesday
    expect(iso(cashbackPeriods('weekly', new Date('2026-11-23T00:00:00Z')))).toEqual(expected); // Monday 00:00
    expect(iso(cashbackPeriods('weekly', new Date('2026-11-29T23:59:59Z')))).toEqual(expected); // Sunday
  });
});
