import { describe, expect, it } from 'vitest';
import { PAYOUT_MINUTES_FALLBACK, payoutMinutes, timelineOf } from './withdrawal-tracker.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));

describe('timelineOf', () => {
  it('marks the first missing step current and the rest upcoming', () => {
    expect(timelineOf([{ step: 'requested', at: at(0) }], 'pending')).toEqual([
      { step: 'requested', at: at(0).toISOString(), state: 'done' },
      { step: 'approved', at: null, state: 'current' },
      { step: 'sent', at: null, state: 'upcoming' },
      { step: 'paid', at: null, state: 'upcoming' },
    ]);
  });

  it('shows a four-eyes first check before the approval, in path order whatever the input order', () => {
    const steps = timelineOf(
      [
        { step: 'approved', at: at(5) },
        { step: 'requested', at: at(0) },
        { step: 'first_approved', at: at(2) },
      ],
      'approved',
    );
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ['requested', 'done'],
      ['first_approved', 'done'],
      ['approved', 'done'],
      ['sent', 'current'],
      ['paid', 'upcoming'],
    ]);
  });

  it('ends the path at a cancellation or rejection', () => {
    const steps = timelineOf(
      [
        { step: 'requested', at: at(0) },
        { step: 'approved', at: at(3) },
        { step: 'rejected', at: at(9) },
      ],
      'rejected',
    );
    expect(steps).toEqual([
      { step: 'requested', at: at(0).toISOString(), state: 'done' },
      { step: 'approved', at: at(3).toISOString(), state: 'done' },
      { step: 'rejected', at: at(9).toISOString(), state: 'stopped' },
    ]);
  });
});

describe('payoutMinutes', () => {
  it("takes the operator's time, else the method's default, else a day", () => {
    expect(payoutMinutes({ uniquename: 'BT', payout_expected_minutes: 90 })).toBe(90);
    expect(payoutMinutes({ uniquename: 'UPI', payout_expected_minutes: null })).toBe(60);
    expect(payoutMinutes({ uniquename: 'NEW', payout_expected_minutes: null })).toBe(
      PAYOUT_MINUTES_FALLBACK,
    );
    expect(payoutMinutes(undefined)).toBe(PAYOUT_MINUTES_FALLBACK);
  });
});
