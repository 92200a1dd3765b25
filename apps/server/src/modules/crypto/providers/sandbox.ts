import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import {
  type DerivableFamily,
  deriveDepositAddress,
  isDerivable,
  parseExtendedPublicKey,
} from '../crypto.hd.ts';
import type { CryptoNetwork } from '../crypto.networks.ts';
import { fromBaseUnits } from '../crypto.units.ts';
import { parseSignedIpn } from './nowpayments.ts';
import type {
  CryptoProvider,
  Invoice,
  InvoiceRequest,
  PaymentUpdate,
  ProviderPaymentStatus,
} from './provider.ts';

/**
 * Account keys of a throwaway wallet whose seed was discarded when they were made: the
 * sandbox's addresses are real, valid addresses of each chain, but nobody holds their keys.
 * The wallet says SANDBOX; coins sent to these addresses are lost.
 */
const SANDBOX_XPUBS: Record<DerivableFamily, string> = {
  bitcoin:
    'xpub6C4zpNHVbjqggRux2cFgDpQER7Uepz9kpXGpD1fY86c6c5ZdLqYuLdyhDPcJsQCNPywtxJ1DGC36VyEZorTNAKEn6pC361NCXGHf4o6KSkA',
  litecoin:
    'xpub6CJ5yUVHw2P9JBBhdXpjeS6Fj1KQKCG1qPAEcfYwosad6msEbb1fkyqciAgPT7BVv15tbjK1AFXaKLdm4v4aZLS8NZyEffZ1gqvWcm56T5p',
  dogecoin:
    'xpub6CmK7M3QoYXTLP8Vr6EJFeCCyG9QLbKZSDWibWgezytTtisi17ZzftUnHzrAAFPUTGHShLu2d8k9cNkkDY84WDZ9HmtJiJ2ECyTQ87Yv482',
  evm: 'xpub6CzxL2RYaBcV81yE4vm5NRmWygixwvxGEiPx6m9Ch9eQqsAx5Wi6JjAFNMEPLfbuhpNHXaiPrqzymCj3J7cNqG2ysRiqGAeLXi5PcaVMLAt',
  tron: 'xpub6DDcd71ayGsSx9ZvF2qGZ1NLHFZqorrfr4Rn2wq9beQeBKa5JTGrA9i6itnWwPZvVfsCodqEGAKrhtjZd57NkvxgYiVXeNvRzSZUsMDvuH4',
  xrp: 'xpub6BoTTLSS7KVAjn759yvyvqJPTE8h7n3tKwAbJHGkcmmQkmc85Lasf8LLyEUPghrAPDLW3JkCKMSxBxXqtHqg1Jo49RBiW1Lfr7CQTGSFRdM',
  bnb_beacon:
    'xpub6C4MZ33eQYxVsx6iCJ3N25zebN4tGwAKxdEYvWFbBogjgUDk5odx2xQSFUdYvL2aTw2Jx5B98EWaRPFuLCW94baB94pZ3TCoikRBqHmf7Cr',
};

/** How long a sandbox invoice waits for its (simulated) payment, like a processor's. */
export const SANDBOX_INVOICE_MS = 60 * 60_000;

/**
 * The built-in crypto processor: invoices on real-format addresses, and a simulated chain
 * that a tester drives (`simulate`), which answers through the same signed IPN as a real
 * processor, so the whole callback path is exercised.
 */
export class SandboxCryptoProvider implements CryptoProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly accounts = new Map<DerivableFamily, HDKey>();

  constructor(readonly ipn_secret: string) {}

  supports(): boolean {
    return true;
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    const { network, player_id } = request;
    return {
      provider_payment_id: `sbx_${randomBytes(12).toString('hex')}`,
      pay_address: this.addressFor(network, player_id),
      pay_extra_id: network.needs_tag ? player_id.toString() : null,
      pay_amount_base: request.pay_amount_base,
      expires_at: new Date(Date.now() + SANDBOX_INVOICE_MS),
    };
  }

  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentUpdate {
    return parseSignedIpn(this.ipn_secret, headers, rawBody);
  }

  private addressFor(network: CryptoNetwork, player_id: bigint): string {
    if (!isDerivable(network.family)) {
      // Solana: a valid 32-byte public key that no wallet holds.
      return base58.encode(sha256(new TextEncoder().encode(`sandbox-solana:${player_id}`)));
    }
    let account = this.accounts.get(network.family);
    if (!account) {
      account = parseExtendedPublicKey(SANDBOX_XPUBS[network.family]);
      this.accounts.set(network.family, account);
    }
    const index = network.needs_tag ? 0 : Number(player_id % 0x8000_0000n);
    return deriveDepositAddress(account, network.family, index);
  }
}

/** The IPN body a processor would send for a payment in `status` (NOWPayments' fields). */
export function sandboxIpnBody(input: {
  provider_payment_id: string;
  order_id: string;
  status: ProviderPaymentStatus;
  network: CryptoNetwork;
  pay_address: string;
  pay_amount_base: bigint;
  actually_paid_base: bigint;
  price_amount: string;
  price_currency: string;
}): Record<string, unknown> {
  return {
    payment_id: input.provider_payment_id,
    payment_status: input.status,
    pay_address: input.pay_address,
    price_amount: Number(input.price_amount),
    price_currency: input.price_currency.toLowerCase(),
    pay_amount: Number(fromBaseUnits(input.pay_amount_base, input.network.base_scale)),
    actually_paid: fromBaseUnits(input.actually_paid_base, input.network.base_scale),
    pay_currency: input.network.pay_code,
    order_id: input.order_id,
    order_description: `Deposit ${input.order_id}`,
    payin_hash: input.status === 'waiting' ? null : `sandbox-${input.provider_payment_id}`,
    updated_at: Date.now(),
  };
}
