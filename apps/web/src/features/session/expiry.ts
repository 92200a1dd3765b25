/**
 * The idle sign-out's clock, kept apart from React so it can be tested alone. A session ends
 * after `idle_ms` without the player doing anything (server `SESSION_IDLE_MS`); `warn_ms` before
 * that the player is asked whether to stay (WCAG 2.2.1: warned, and at least 20 s to extend with
 * one simple action, as many times as they like).
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const EXPIRY_WARNING_MS = 2 * 60_000;

export type ExpiryPhase =
  | { kind: 'active' }
  | { kind: 'warning'; remaining_ms: number }
  | { kind: 'expired' };

export function expiryPhase(
  last_activity_ms: number,
  now_ms: number,
  idle_ms = SESSION_IDLE_MS,
  warn_ms = EXPIRY_WARNING_MS,
): ExpiryPhase {
  const remaining_ms = last_activity_ms + idle_ms - now_ms;
  if (remaining_ms <= 0) return { kind: 'expired' };
  if (remaining_ms <= warn_ms) return { kind: 'warning', remaining_ms };
  return { kind: 'active' };
}

/** "1:05": minutes and seconds left, rounded up so the warning never shows 0:00 while live. */
export function countdownText(remaining_ms: number): string {
  const total = Math.max(0, Math.ceil(remaining_ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
