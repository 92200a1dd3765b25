import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC signing shared by every signed channel (payment webhooks, KYC callbacks, the crypto
 * watcher and IPNs, the game provider API). A provider's own format (its header names, what
 * exactly it signs) stays in its adapter; this file holds what they have in common.
 */

export type HmacAlgorithm = 'sha256' | 'sha512';

export function hmac(algorithm: HmacAlgorithm, secret: string, text: string): Buffer {
  return createHmac(algorithm, secret).update(text).digest();
}

export function hmacHex(algorithm: HmacAlgorithm, secret: string, text: string): string {
  return createHmac(algorithm, secret).update(text).digest('hex');
}

/** Constant-time comparison; inputs of different lengths are unequal (timingSafeEqual throws). */
export function safeEqual(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the shape most payment
 * providers use (Stripe, Adyen's HMAC, Razorpay's differ only in naming). The timestamp is
 * inside the signed text, so it cannot be moved to replay an old body.
 */
export function signTimestamped(secret: string, rawBody: string, at_ms: number): string {
  const t = Math.floor(at_ms / 1000);
  return `t=${t},v1=${hmacHex('sha256', secret, `${t}.${rawBody}`)}`;
}

const TIMESTAMPED = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export type TimestampedRefusal = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** The words a refusal is logged and answered with, unless an adapter words it its own way. */
export const TIMESTAMPED_REFUSAL_MESSAGES: Record<TimestampedRefusal, string> = {
  missing: 'signature header missing',
  malformed: 'signature header malformed',
  stale: 'signature timestamp outside the replay window',
  mismatch: 'signature does not match',
};

/**
 * Why `header` does not authenticate `rawBody` (a `signTimestamped` value made with `secret`
 * no further than `window_ms` from `now_ms`), or null when it does. Checked in this order, so
 * a forged signature on a stale timestamp is reported stale.
 */
export function checkTimestamped(
  secret: string,
  header: unknown,
  rawBody: string,
  now_ms: number,
  window_ms: number,
): TimestampedRefusal | null {
  if (typeof header !== 'string') return 'missing';
  const match = TIMESTAMPED.exec(header.trim());
  if (!match) return 'malformed';
  if (Math.abs(now_ms - Number(match[1]) * 1000) > window_ms) return 'stale';
  const expected = hmac('sha256', secret, `${match[1]}.${rawBody}`);
  return safeEqual(Buffer.from(match[2]!, 'hex'), expected) ? null : 'mismatch';
}
