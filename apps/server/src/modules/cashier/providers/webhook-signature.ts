import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './provider.ts';

/** A delivery signed longer ago (or further ahead) than this is refused: replays expire. */
export const WEBHOOK_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'x-cashier-signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: the shape most
 * payment providers use (Stripe, Adyen's HMAC, Razorpay's differ only in naming). The
 * timestamp is inside the signed text, so it cannot be moved to replay an old body.
 */
export function signWebhook(secret: string, rawBody: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the window. */
export function verifyWebhook(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  now: Date,
  tolerance_s = WEBHOOK_TOLERANCE_S,
): void {
  if (typeof header !== 'string') throw new WebhookRejected('signature header missing');
  const match = HEADER.exec(header.trim());
  if (!match) throw new WebhookRejected('signature header malformed');
  const t = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - t) > tolerance_s) {
    throw new WebhookRejected('signature timestamp outside the replay window');
  }
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookRejected('signature does not match');
  }
}
