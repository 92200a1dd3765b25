import {
  checkTimestamped,
  signTimestamped,
  TIMESTAMPED_REFUSAL_MESSAGES,
} from '../../../platform/signing.ts';
import { WebhookRejected } from './provider.ts';

/** A delivery signed longer ago (or further ahead) than this is refused: replays expire. */
export const WEBHOOK_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'x-cashier-signature';

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (see platform/signing.ts). */
export function signWebhook(secret: string, rawBody: string, now = new Date()): string {
  return signTimestamped(secret, rawBody, now.getTime());
}

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the window. */
export function verifyWebhook(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  now: Date,
  tolerance_s = WEBHOOK_TOLERANCE_S,
): void {
  const refusal = checkTimestamped(secret, header, rawBody, now.getTime(), tolerance_s * 1000);
  if (refusal) throw new WebhookRejected(TIMESTAMPED_REFUSAL_MESSAGES[refusal]);
}
