import type { CryptoNetwork } from '../crypto.networks.ts';

/**
 * One adapter per way of taking crypto: a hosted processor (invoice + signed IPN, the shape
 * of NOWPayments, CoinPayments, Cryptomus), self-custody (addresses derived from the
 * operator's xpub, payments seen by a chain watcher), and the built-in sandbox.
 */
export type InvoiceRequest = {
  /** Our deposit's id; processors echo it as `order_id`. */
  order_id: string;
  player_id: bigint;
  /** What the player is buying, in their wallet currency: a decimal string. */
  price_amount: string;
  price_currency: string;
  /** Our quote at the operator's rate, in the network's base units. */
  pay_amount_base: bigint;
  network: CryptoNetwork;
  /** Where the provider sends its signed status callbacks. */
  ipn_callback_url: string;
};

export type Invoice = {
  provider_payment_id: string;
  pay_address: string;
  /** Destination tag or memo the payer must add (XRP), else null. */
  pay_extra_id: string | null;
  /** What the provider asks the player to send (may differ from our quote by its own rate). */
  pay_amount_base: bigint;
  expires_at: Date;
};

/** Processor statuses (NOWPayments' list); self-custody maps confirmations onto them. */
export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type ProviderPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A provider's word on a payment, authenticated and normalised. */
export type PaymentUpdate = {
  provider_payment_id: string;
  status: ProviderPaymentStatus;
  /** What has arrived so far, in base units of the payment's network. */
  actually_paid_base: bigint;
  pay_code: string;
  /** The chain transaction, when the provider names it. */
  tx_hash: string | null;
  /**
   * Self-custody: a chain watcher knows the address, not our invoice. The service matches
   * the transaction to an open deposit on that address (or books it as a new one) and
   * `provider_payment_id` is then empty.
   */
  observed?: { pay_address: string; pay_extra_id: string | null };
};

export interface CryptoProvider {
  /** Stored on each deposit and used in the callback path (`/api/v1/crypto/ipn/<name>`). */
  readonly name: string;
  readonly sandbox: boolean;
  supports(network: CryptoNetwork): boolean;
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /**
   * Authenticates and parses a callback from its raw body and headers. Throws
   * `CallbackRejected` when the signature or shape is wrong; nothing is then recorded.
   */
  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentUpdate;
}

export class CallbackRejected extends Error {}

export class ProviderUnavailable extends Error {}

/** No provider configured (production's default until the operator picks one). */
export class DisabledCryptoProvider implements CryptoProvider {
  readonly name = 'off';
  readonly sandbox = false;
  supports(): boolean {
    return true;
  }
  async createInvoice(): Promise<Invoice> {
    throw new ProviderUnavailable('no crypto provider is configured (CRYPTO_PROVIDER)');
  }
  parseCallback(): PaymentUpdate {
    throw new CallbackRejected('no crypto provider is configured');
  }
}
