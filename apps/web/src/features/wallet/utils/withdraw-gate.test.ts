import { describe, expect, it } from 'vitest';
import { withdrawGate } from './withdraw-gate.ts';

describe('withdrawGate (spec §2, §6)', () => {
  it.each([
    [null, 100, 'verify'],
    [{ status: 'PENDING' as const }, 100, 'verify'],
    [{ status: 'PENDING' as const }, 0, 'verify'],
    [{ status: 'APPROVED' as const }, 0, 'nothing'],
    [{ status: 'APPROVED' as const }, -1, 'nothing'],
    [{ status: 'REJECTED' as const }, 0, 'verify'],
    [{ status: 'REJECTED' as const }, 100, 'verify'],
    [{ status: 'APPROVED' as const }, 0.01, 'open'],
  ])('kyc %j, withdrawable %d → %s', (kyc, withdrawable_amount, expected) => {
    expect(withdrawGate({ kyc, withdrawable_amount })).toBe(expected);
  });
});
