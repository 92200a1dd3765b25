import { randomBytes } from 'node:crypto';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentProvider,
  type WebhookEvent,
  type WebhookOutcome,
  WebhookRejected,
} from './provider.ts';
import { SIGNATURE_HEADER, signWebhook, verifyWebhook } from './webhook-signature.ts';

/** How long the sandbox's hosted page stays payable. */
export const SANDBOX_SESSION_MS = 60 * 60_000;

export type SandboxChoice = 'approve' | 'decline' | 'abandon';

const EVENT_BY_CHOICE: Record<SandboxChoice, string> = {
  approve: 'payment.approved',
  decline: 'payment.declined',
  abandon: 'payment.abandoned',
};
const OUTCOME_BY_EVENT: Record<string, WebhookOutcome> = {
  'payment.approved': 'approved',
  'payment.declined': 'declined',
  'payment.abandoned': 'abandoned',
  'payment.pending': 'pending',
};

const REFERENCE = /^sbx_[0-9a-f]{24}$/;
const EVENT_ID = /^evt_[0-9a-f]{24}$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const CURRENCY = /^[A-Z]{3,5}$/;
const UTR = /^[A-Za-z0-9-]{4,64}$/;

/**
 * The built-in sandbox gateway (default outside production). It behaves like a hosted-page
 * provider: the player is sent to its page (served by this product under /sandbox/gateway,
 * marked SANDBOX), a tester approves, declines or abandons, and the gateway reports the
 * outcome with a signed webhook through the same route a real provider uses. No money moves
 * anywhere but in our ledger's sandbox clearing account.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(
    /** The webhook signing secret (CASHIER_SANDBOX_SECRET); every instance shares it. */
    readonly secret: string,
    private readonly publicUrl: () => string,
  ) {}

  async createPayment(_input: CreatePaymentInput): Promise<CreatedPayment> {
    const provider_reference = `sbx_${randomBytes(12).toString('hex')}`;
    return {
      provider_reference,
      redirect_url: `${this.publicUrl()}/sandbox/gateway/${provider_reference}`,
      expires_at: new Date(Date.now() + SANDBOX_SESSION_MS),
    };
  }

  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): WebhookEvent {
    verifyWebhook(this.secret, headers[SIGNATURE_HEADER], rawBody, now);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected('body is not JSON');
    }
    const event = body as {
      id?: unknown;
      type?: unknown;
      data?: { reference?: unknown; amount?: unknown; currency?: unknown; utr?: unknown };
    };
    const data = event.data ?? {};
    if (
      typeof event.id !== 'string' ||
      !EVENT_ID.test(event.id) ||
      typeof event.type !== 'string' ||
      !(event.type in OUTCOME_BY_EVENT) ||
      typeof data.reference !== 'string' ||
      !REFERENCE.test(data.reference) ||
      typeof data.amount !== 'string' ||
      !AMOUNT.test(data.amount) ||
      typeof data.currency !== 'string' ||
      !CURRENCY.test(data.currency) ||
      (data.utr != null && (typeof data.utr !== 'string' || !UTR.test(data.utr)))
    ) {
      throw new WebhookRejected('body is not a sandbox gateway event');
    }
    return {
      event_id: event.id,
      event: event.type,
      outcome: OUTCOME_BY_EVENT[event.type]!,
      provider_reference: data.reference,
      amount: data.amount,
      currency: data.currency,
      utr: typeof data.utr === 'string' ? data.utr : null,
    };
  }

  /** The event the sandbox gateway sends for a tester's choice, and its signature header. */
  event(
    choice: SandboxChoice,
    payment: { provider_reference: string; amount: string; currency: string; utr?: string | null },
    now = new Date(),
  ): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: EVENT_BY_CHOICE[choice],
      created: Math.floor(now.getTime() / 1000),
      data: {
        reference: payment.provider_reference,
        amount: payment.amount,
        currency: payment.currency,
        ...(payment.utr ? { utr: payment.utr } : {}),
      },
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(this.secret, body, now),
      },
    };
  }
}

/** A 12-digit bank reference like the ones UPI and IMPS give (sandbox only). */
export function sandboxUtr(): string {
  const digits = BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 12n;
  return digits.toString().padStart(12, '0');
}
