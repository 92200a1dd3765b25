import { describe, expect, it } from 'vitest';
import { countdownText, EXPIRY_WARNING_MS, expiryPhase, SESSION_IDLE_MS } from './expiry.ts';

describe('the idle sign-out clock', () => {
  const start = 1_000_000;
  it('is quiet until the warning, warns for its last two minutes, then ends', () => {
    expect(expiryPhase(start, start + SESSION_IDLE_MS - EXPIRY_WARNING_MS - 1).kind).toBe('active');
    expect(expiryPhase(start, start + SESSION_IDLE_MS - EXPIRY_WARNING_MS)).toEqual({
      kind: 'warning',
      remaining_ms: EXPIRY_WARNING_MS,
    });
    expect(expiryPhase(start, start + SESSION_IDLE_MS - 1)).toEqual({
      kind: 'warning',
      remaining_ms: 1,
    });
    expect(expiryPhase(start, start + SESSION_IDLE_MS).kind).toBe('expired');
  });

  it('gives the player at least 20 seconds to answer (WCAG 2.2.1)', () => {
    expect(EXPIRY_WARNING_MS).toBeGreaterThanOrEqual(20_000);
  });

  it('counts down in minutes and seconds, never showing 0:00 while the session lives', () => {
    expect(countdownText(120_000)).toBe('2:00');
    expect(countdownText(65_000)).toBe('1:05');
    expect(countdownText(1)).toBe('0:01');
  });
});
