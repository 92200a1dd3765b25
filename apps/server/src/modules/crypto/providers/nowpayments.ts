import { CRYPTO_NETWORKS, type CryptoNetwork } from '../crypto.networks.ts';
import { fromBaseUnits, toBaseUnits } from '../crypto.units.ts';
import { verifyIpn } from './ipn-signature.ts';
import {
  CallbackRejected,
  type CryptoProvider,
  type Invoice,
  type InvoiceRequest,
  PAYMENT_STATUSES,
  type PaymentUpdate,
  type ProviderPaymentStatus,
  ProviderUnavailable,
} from './provider.ts';

export type ProcessorOptions = {
  /** e.g. https://api.nowpayments.io/v1 (a local fake in tests). */
  api_url: string;
  api_key: string;
  ipn_secret: string;
  /** Per request; a processor that does not answer in time is reported unavailable. */
  timeout_ms?: number;
  fetch?: typeof fetch;
};

const TIMEOUT_MS_DEFAULT = 10_000;
/** Callbacks are small; anything larger is not from the processor. */
const CALLBACK_BYTES_MAX = 16 * 1024;

/**
 * A hosted crypto processor with NOWPayments' API: `POST /payment` creates an invoice
 * (address + amount to pay), and the processor calls back with `x-nowpayments-sig`,
 * hex HMAC-SHA512 of the body's JSON with sorted keys. BEP2 is not offered by it.
 */
export class NowPaymentsProvider implements CryptoProvider {
  readonly name: string = 'nowpayments';
  readonly sandbox: boolean = false;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ProcessorOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  supports(network: CryptoNetwork): boolean {
    return network.family !== 'bnb_beacon';
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.api_url.replace(/\/$/, '')}/payment`, {
        method: 'POST',
        headers: { 'x-api-key': this.options.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({
          price_amount: Number(request.price_amount),
          price_currency: request.price_currency.toLowerCase(),
          pay_amount: Number(fromBaseUnits(request.pay_amount_base, request.network.base_scale)),
          pay_currency: request.network.pay_code,
          ipn_callback_url: request.ipn_callback_url,
          order_id: request.order_id,
          order_description: `Deposit ${request.order_id}`,
        }),
        signal: AbortSignal.timeout(this.options.timeout_ms ?? TIMEOUT_MS_DEFAULT),
      });
    } catch (error) {
      throw new ProviderUnavailable(`crypto processor unreachable: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body) {
      throw new ProviderUnavailable(
        `crypto processor refused the invoice (${response.status}): ${String(body?.message ?? '')}`.trim(),
      );
    }
    const payment_id = body.payment_id;
    const pay_address = body.pay_address;
    if (
      (typeof payment_id !== 'string' && typeof payment_id !== 'number') ||
      typeof pay_address !== 'string'
    ) {
      throw new ProviderUnavailable('crypto processor answered without payment_id or pay_address');
    }
    const expires =
      typeof body.expiration_estimate_date === 'string'
        ? new Date(body.expiration_estimate_date)
        : null;
    return {
      provider_payment_id: String(payment_id),
      pay_address,
      pay_extra_id:
        typeof body.payin_extra_id === 'string' && body.payin_extra_id ? body.payin_extra_id : null,
      pay_amount_base:
        typeof body.pay_amount === 'number' || typeof body.pay_amount === 'string'
          ? toBaseUnits(body.pay_amount, request.network.base_scale)
          : request.pay_amount_base,
      expires_at:
        expires && !Number.isNaN(expires.getTime()) ? expires : new Date(Date.now() + 20 * 60_000),
    };
  }

  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentUpdate {
    return parseSignedIpn(this.options.ipn_secret, headers, rawBody);
  }
}

/** Authenticates and normalises a NOWPayments-shaped IPN (shared with the sandbox). */
export function parseSignedIpn(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): PaymentUpdate {
  if (rawBody.length > CALLBACK_BYTES_MAX) throw new CallbackRejected('callback body too large');
  const signature = headers['x-nowpayments-sig'];
  if (typeof signature !== 'string') throw new CallbackRejected('missing x-nowpayments-sig');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new CallbackRejected('callback body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new CallbackRejected('callback body is not an object');
  if (!verifyIpn(secret, body, signature)) throw new CallbackRejected('signature does not match');
  const status = body.payment_status;
  if (typeof status !== 'string' || !(PAYMENT_STATUSES as readonly string[]).includes(status)) {
    throw new CallbackRejected('unknown payment_status');
  }
  const payment_id = body.payment_id;
  if (typeof payment_id !== 'string' && typeof payment_id !== 'number')
    throw new CallbackRejected('missing payment_id');
  const pay_code = typeof body.pay_currency === 'string' ? body.pay_currency.toLowerCase() : '';
  const network = CRYPTO_NETWORKS.find((entry) => entry.pay_code === pay_code);
  if (!network) throw new CallbackRejected('unknown pay_currency');
  const paid = body.actually_paid ?? 0;
  if (typeof paid !== 'number' && typeof paid !== 'string')
    throw new CallbackRejected('actually_paid is not a number');
  let actually_paid_base: bigint;
  try {
    actually_paid_base = toBaseUnits(paid, network.base_scale);
  } catch {
    throw new CallbackRejected('actually_paid is not a valid amount');
  }
  return {
    provider_payment_id: String(payment_id),
    status: status as ProviderPaymentStatus,
    actually_paid_base,
    pay_code,
    tx_hash: typeof body.payin_hash === 'string' ? body.payin_hash : null,
  };
}
