import type { HDKey } from '@scure/bip32';
import { checkTimestamped, signTimestamped } from '../../../platform/signing.ts';
import {
  type DerivableFamily,
  deriveDepositAddress,
  isDerivable,
  parseExtendedPublicKey,
} from '../crypto.hd.ts';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '../crypto.networks.ts';
import {
  CallbackRejected,
  type CryptoProvider,
  type Invoice,
  type InvoiceRequest,
  type PaymentUpdate,
} from './provider.ts';

/** A watcher's report older or newer than this is refused (replays, skewed clocks). */
export const WATCHER_WINDOW_MS = 5 * 60_000;
const CALLBACK_BYTES_MAX = 16 * 1024;
/** Self-custody addresses do not expire; the quote does. */
export const SELF_CUSTODY_QUOTE_MS = 60 * 60_000;
const TX_HASH = /^[0-9A-Za-z]{16,128}$/;
const BASE_AMOUNT = /^\d{1,60}$/;

/**
 * `x-watcher-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`:
 * the timestamp is signed, so an old report cannot be replayed outside the window.
 */
export function signWatcherReport(secret: string, rawBody: string, at = Date.now()): string {
  return signTimestamped(secret, rawBody, at);
}

/**
 * Self-custody: each player's deposit address is derived from the operator's account xpub
 * (`crypto.hd.ts`); the operator's chain watcher (its own node or indexer) reports each
 * transaction to a watched address with its confirmations, signed with a shared secret.
 * A report below the network's confirmations threshold is `confirming`; at or above it,
 * `finished` — and the service credits it once.
 */
export class SelfCustodyProvider implements CryptoProvider {
  readonly name = 'self_custody';
  readonly sandbox = false;
  private readonly accounts = new Map<DerivableFamily, HDKey>();

  constructor(
    xpubs: Partial<Record<DerivableFamily, string>>,
    private readonly watcher_secret: string,
    private readonly now: () => number = Date.now,
  ) {
    for (const [family, xpub] of Object.entries(xpubs)) {
      if (xpub) this.accounts.set(family as DerivableFamily, parseExtendedPublicKey(xpub));
    }
  }

  supports(network: CryptoNetwork): boolean {
    return isDerivable(network.family) && this.accounts.has(network.family);
  }

  /** The player's permanent address on the network (XRP: the shared address and their tag). */
  addressOf(network: CryptoNetwork, player_id: bigint): { address: string; tag: string | null } {
    if (!isDerivable(network.family)) throw new Error(`${network.family} is not derivable`);
    const account = this.accounts.get(network.family);
    if (!account) throw new Error(`no xpub configured for ${network.family}`);
    const index = network.needs_tag ? 0 : Number(player_id % 0x8000_0000n);
    return {
      address: deriveDepositAddress(account, network.family, index),
      tag: network.needs_tag ? player_id.toString() : null,
    };
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const { address, tag } = this.addressOf(request.network, request.player_id);
    return {
      provider_payment_id: request.order_id,
      pay_address: address,
      pay_extra_id: tag,
      pay_amount_base: request.pay_amount_base,
      expires_at: new Date(this.now() + SELF_CUSTODY_QUOTE_MS),
    };
  }

  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentUpdate {
    if (rawBody.length > CALLBACK_BYTES_MAX) throw new CallbackRejected('report too large');
    const refusal = checkTimestamped(
      this.watcher_secret,
      headers['x-watcher-signature'],
      rawBody,
      this.now(),
      WATCHER_WINDOW_MS,
    );
    if (refusal === 'missing' || refusal === 'malformed')
      throw new CallbackRejected('missing or malformed x-watcher-signature');
    if (refusal === 'stale') throw new CallbackRejected('report outside the replay window');
    if (refusal === 'mismatch') throw new CallbackRejected('signature does not match');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new CallbackRejected('report is not JSON');
    }
    const network = CRYPTO_NETWORKS.find((entry) => entry.pay_code === body.pay_currency);
    if (!network || !this.supports(network))
      throw new CallbackRejected('unknown or unwatched pay_currency');
    const { address, tx_hash, amount, confirmations, tag } = body;
    if (typeof address !== 'string' || address.length > 128)
      throw new CallbackRejected('address missing');
    if (typeof tx_hash !== 'string' || !TX_HASH.test(tx_hash))
      throw new CallbackRejected('tx_hash missing or malformed');
    if (typeof amount !== 'string' || !BASE_AMOUNT.test(amount) || BigInt(amount) <= 0n) {
      throw new CallbackRejected('amount must be a positive integer of base units, as a string');
    }
    if (!Number.isInteger(confirmations) || (confirmations as number) < 0)
      throw new CallbackRejected('confirmations must be a whole number');
    return {
      provider_payment_id: '',
      status: (confirmations as number) >= network.confirmations ? 'finished' : 'confirming',
      actually_paid_base: BigInt(amount),
      pay_code: network.pay_code,
      tx_hash,
      observed: { pay_address: address, pay_extra_id: typeof tag === 'string' ? tag : null },
    };
  }
}
