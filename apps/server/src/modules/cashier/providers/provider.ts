/**
 * What every payment provider adapter implements (cards, open banking, UPI aggregators…).
 * The cashier owns the payment record and the ledger; an adapter only talks to its
 * provider: it opens a hosted payment session and reads the provider's signed webhooks.
 * docs/payments.md lists the real providers an operator would plug in per market.
 */
export interface PaymentProvider {
  /** Stable key: stored on each payment, part of the webhook URL (`/payments/webhook/<name>`). */
  readonly name: string;
  /** A sandbox moves no real money; the player site says so. */
  readonly sandbox: boolean;
  /**
   * Opens the provider's hosted payment page for a deposit. The provider will report the
   * outcome to `webhook_url`; the player comes back to `return_url`.
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Authenticates a webhook delivery (signature over the exact raw body, replay window) and
   * reads it. Throws `WebhookRejected` when it is not authentic or not readable.
   */
  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): WebhookEvent;
}

export type CreatePaymentInput = {
  public_id: string;
  player_id: bigint;
  /** Exact major units, e.g. "100.00". */
  amount: string;
  currency: string;
  gateway: { id: number; name: string; uniquename: string };
  payment_mode: 'upi' | 'netbanking' | null;
  return_url: string;
  webhook_url: string;
};

export type CreatedPayment = {
  provider_reference: string;
  /** The hosted page the player is sent to. */
  redirect_url: string;
  expires_at: Date;
};

/** The payment outcomes a provider reports; anything else is read as `pending`. */
export type WebhookOutcome = 'approved' | 'declined' | 'abandoned' | 'pending';

export type WebhookEvent = {
  /** Unique per event at the provider: a redelivery carries the same id. */
  event_id: string;
  provider_reference: string;
  outcome: WebhookOutcome;
  /** The provider's name for the event, kept as evidence. */
  event: string;
  /** What the provider says was paid, exact major units, and in which currency. */
  amount: string;
  currency: string;
  utr: string | null;
};

/** A delivery that is not authentic (bad signature, outside the replay window) or unreadable. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
