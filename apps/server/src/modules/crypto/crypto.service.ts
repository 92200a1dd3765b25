import { createHash, randomBytes } from 'node:crypto';
import type { DomainEvent } from '@casino/contracts/events';
import { formatAmount, isMoneyError, parseRate } from '@casino/money';
import QRCode from 'qrcode';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type CurrenciesService, currenciesError } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { TRANSFER_AMOUNT_MINOR_MAX } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import { isValidAddress } from './crypto.address.ts';
import { cryptoError } from './crypto.errors.ts';
import { type CryptoNetwork, resolveNetwork } from './crypto.networks.ts';
import type {
  CryptoRepository,
  DepositChange,
  DepositRow,
  DepositStatus,
} from './crypto.repository.ts';
import { fromBaseUnits } from './crypto.units.ts';
import { signIpn } from './providers/ipn-signature.ts';
import {
  CallbackRejected,
  type CryptoProvider,
  type PaymentUpdate,
  ProviderUnavailable,
} from './providers/provider.ts';
import { type SandboxCryptoProvider, sandboxIpnBody } from './providers/sandbox.ts';

/** What the player's wallet shows (spec §4: processing or deposited). */
export type PlayerDepositStatus = 'processing' | 'deposited' | 'expired' | 'failed';

const PLAYER_STATUS: Record<DepositStatus, PlayerDepositStatus> = {
  waiting: 'processing',
  confirming: 'processing',
  partially_paid: 'processing',
  crediting: 'processing',
  deposited: 'deposited',
  expired: 'expired',
  failed: 'failed',
};

/** Statuses after which a provider's word changes nothing. */
const SETTLED: ReadonlySet<DepositStatus> = new Set(['crediting', 'deposited', 'failed']);

export const CRYPTO_SWEEP_BATCH = 100;
export const PLAYER_DEPOSITS_LIST_MAX = 50;

type Currency = {
  code: string;
  scale: number;
  is_crypto: boolean;
  rate_to_eur: string | null;
  id: number;
  enabled: boolean;
};

export type CryptoOptions = {
  /** The callback URL base the providers are given (the server's public address). */
  publicUrl: () => string;
  log: (message: string, error: unknown) => void;
};

export type DepositRequest = {
  amount?: string;
  converted_amount?: string;
  currency?: string;
  network?: string;
};

function fail(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

export class CryptoService {
  constructor(
    private readonly repository: CryptoRepository,
    private readonly ledger: LedgerService,
    private readonly catalogue: CurrenciesService,
    private readonly gate: PlayerGate,
    /** The provider new deposits go to. */
    private readonly active: CryptoProvider,
    /** Every provider whose callbacks are accepted (the active one, and the sandbox outside production). */
    private readonly providers: ReadonlyMap<string, CryptoProvider>,
    private readonly options: CryptoOptions,
  ) {}

  get sandbox(): boolean {
    return this.active.sandbox;
  }

  private currencies(): Promise<readonly Currency[]> {
    return this.catalogue.all();
  }

  /** A coin from the spec's list by id or code, with its network; 4xx otherwise. */
  private async coinOf(currency: string | undefined, network: string | undefined) {
    if (!currency) fail('Please select a currency.', 'currency');
    const all = await this.currencies();
    const coin = all.find(
      (row) =>
        row.is_crypto &&
        row.enabled &&
        (String(row.id) === currency || row.code === currency.toUpperCase()),
    );
    const resolved = coin ? resolveNetwork(coin.code, network) : resolveNetwork(currency, network);
    const row =
      coin ??
      (resolved
        ? all.find((entry) => entry.code === resolved.coin && entry.is_crypto && entry.enabled)
        : undefined);
    if (!row || !resolved) {
      fail(
        network
          ? `Unknown crypto currency or network: ${currency} ${network}`
          : `Unknown crypto currency: ${currency}`,
        'currency',
      );
    }
    return { coin: row, network: resolved, all };
  }

  /**
   * `amount_minor` of the wallet currency in the coin's base units at the operator's rates
   * (`rate_to_eur`: units per euro), as one exact fraction rounded toward zero.
   */
  private quote(
    amount_minor: bigint,
    wallet: Currency,
    coin: Currency,
    network: CryptoNetwork,
  ): bigint {
    if (!wallet.rate_to_eur || !coin.rate_to_eur) {
      throw cryptoError(
        'RATE_UNAVAILABLE',
        `No exchange rate is set for ${wallet.rate_to_eur ? coin.code : wallet.code}`,
      );
    }
    const from = parseRate(wallet.rate_to_eur);
    const to = parseRate(coin.rate_to_eur);
    // base = amount / 10^wallet.scale / from * to * 10^base_scale
    const numerator =
      amount_minor * from.denominator * to.numerator * 10n ** BigInt(network.base_scale);
    const denominator = 10n ** BigInt(wallet.scale) * from.numerator * to.denominator;
    return numerator / denominator;
  }

  private walletCurrency(all: readonly Currency[], currency_id: number | null): Currency {
    const wallet = all.find((row) => row.id === currency_id);
    if (!wallet) throw currenciesError('NO_WALLET_CURRENCY');
    return wallet;
  }

  private parseWalletAmount(text: string | undefined, wallet: Currency, path = 'amount'): bigint {
    if (text === undefined || text.trim() === '') fail('Amount cannot be empty.', path);
    let amount: bigint;
    try {
      amount = parseAmountInput(text.trim(), wallet.scale);
    } catch (error) {
      if (isMoneyError(error)) {
        if (error.code === 'NEGATIVE_AMOUNT') fail('Amount must be greater than 0.', path);
        if (error.code === 'AMOUNT_TOO_LARGE') fail('Amount is too large.', path);
        fail(`Amount is not valid: ${error.message}`, path);
      }
      throw error;
    }
    if (amount <= 0n) fail('Amount must be greater than 0.', path);
    return amount;
  }

  /** `GET /customer/crypto/price-estimation/{code}/{amount}`: the coin amount for a wallet amount. */
  async estimate(code: string, amount: string, currency_id: number | null, network?: string) {
    const { coin, network: resolved, all } = await this.coinOf(code, network);
    const wallet =
      currency_id === null
        ? all.find((row) => row.code === 'EUR')!
        : this.walletCurrency(all, currency_id);
    const amount_minor = this.parseWalletAmount(amount, wallet);
    const base = this.quote(amount_minor, wallet, coin, resolved);
    if (base <= 0n) throw cryptoError('AMOUNT_TOO_SMALL');
    return {
      currency_from: wallet.code,
      amount_from: formatAmount(amount_minor, wallet.scale),
      currency_to: coin.code,
      network: resolved.network,
      pay_currency: resolved.pay_code,
      estimated_amount: fromBaseUnits(base, resolved.base_scale),
    };
  }

  /** `GET /customer/crypto/validate-address/{address}/{code}`. */
  async validateAddress(address: string, code: string, network?: string): Promise<boolean> {
    const { network: resolved } = await this.coinOf(code, network);
    return isValidAddress(address, resolved);
  }

  /** `POST /customer/crypto/deposit/create`: an invoice on the active provider, with its QR code. */
  async createDeposit(
    player: { id: bigint; currency_id: number | null },
    input: DepositRequest,
    client: GateClient,
  ) {
    const { coin, network, all } = await this.coinOf(input.currency, input.network);
    const wallet = this.walletCurrency(all, player.currency_id);
    const amount_minor = this.parseWalletAmount(input.amount, wallet);
    if (input.converted_amount === undefined || input.converted_amount.trim() === '') {
      fail('Converted amount not found', 'converted_amount');
    }
    const converted = Number(input.converted_amount);
    if (!Number.isFinite(converted) || !/^\s*\d+(\.\d+)?\s*$/.test(input.converted_amount)) {
      fail('Converted amount must be a number.', 'converted_amount');
    }
    if (converted <= 0) fail('Converted amount must be greater than 0.', 'converted_amount');
    if (!this.active.supports(network)) {
      throw cryptoError(
        'NETWORK_UNAVAILABLE',
        `${coin.code} on ${network.network} is not available for deposits`,
      );
    }
    const quote_base = this.quote(amount_minor, wallet, coin, network);
    if (quote_base <= 0n) throw cryptoError('AMOUNT_TOO_SMALL');

    const tracking_id = `cd_${randomBytes(12).toString('hex')}`;
    const reference = `crypto-deposit:${tracking_id}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'deposit',
      amount_minor,
      currency: wallet.code,
      reference,
    });
    let deposit: DepositRow;
    try {
      const invoice = await this.active.createInvoice({
        order_id: tracking_id,
        player_id: player.id,
        price_amount: formatAmount(amount_minor, wallet.scale),
        price_currency: wallet.code,
        pay_amount_base: quote_base,
        network,
        ipn_callback_url: `${this.options.publicUrl()}/api/v1/crypto/ipn/${this.active.name}`,
      });
      if (!isValidAddress(invoice.pay_address, network)) {
        throw new ProviderUnavailable(
          `provider gave an address that is not valid on ${network.network}`,
        );
      }
      deposit = await this.repository.insert({
        tracking_id,
        player_id: player.id,
        currency: wallet.code,
        price_amount_minor: amount_minor,
        coin: coin.code,
        network: network.network,
        pay_code: network.pay_code,
        quote_amount_base: quote_base,
        pay_amount_base: invoice.pay_amount_base,
        pay_address: invoice.pay_address,
        pay_extra_id: invoice.pay_extra_id,
        provider: this.active.name,
        provider_payment_id: invoice.provider_payment_id,
        expires_at: invoice.expires_at,
      });
    } catch (error) {
      await this.gate.release(reference);
      if (error instanceof ProviderUnavailable) {
        this.options.log('crypto invoice', error);
        throw cryptoError('PROVIDER_UNAVAILABLE');
      }
      throw error;
    }
    return this.depositView(deposit, wallet.scale, true);
  }

  private async depositView(deposit: DepositRow, wallet_scale: number, withQr: boolean) {
    const network = resolveNetwork(deposit.pay_code)!;
    const pay_amount = fromBaseUnits(deposit.pay_amount_base, network.base_scale);
    return {
      tracking_id: deposit.tracking_id,
      status: PLAYER_STATUS[deposit.status],
      ...(withQr
        ? {
            qrcode: await QRCode.toDataURL(paymentUri(deposit, network, pay_amount), {
              margin: 1,
              width: 240,
            }),
          }
        : {}),
      amount: formatAmount(deposit.price_amount_minor, wallet_scale),
      currency: deposit.currency,
      sandbox: this.providers.get(deposit.provider)?.sandbox ?? false,
      payment_response: {
        payment_id: deposit.provider_payment_id,
        pay_currency: network.pay_code,
        coin: deposit.coin,
        network: network.network,
        pay_address: deposit.pay_address,
        payin_extra_id: deposit.pay_extra_id,
        pay_amount,
        actually_paid: fromBaseUnits(deposit.actually_paid_base, network.base_scale),
        expiration_estimate_date: deposit.expires_at.toISOString(),
      },
    };
  }

  /** The status the wallet polls every 15 s; only the owner sees a deposit. */
  async status(player_id: bigint, tracking_id: string) {
    const deposit = await this.repository.byTracking(tracking_id);
    if (!deposit || deposit.player_id !== player_id) {
      throw new AppError('NOT_FOUND', 'No crypto deposit with that tracking id');
    }
    return this.depositView(deposit, await this.scaleOf(deposit.currency), false);
  }

  async recent(player_id: bigint) {
    const rows = await this.repository.forPlayer(player_id, PLAYER_DEPOSITS_LIST_MAX);
    // The history lists them by date (the spec's create and status answers have no date).
    return Promise.all(
      rows.map(async (row) => ({
        ...(await this.depositView(row, await this.scaleOf(row.currency), false)),
        created_at: row.created_at.toISOString(),
      })),
    );
  }

  private async scaleOf(code: string): Promise<number> {
    return (await this.currencies()).find((row) => row.code === code)?.scale ?? 2;
  }

  /**
   * A provider's callback: authenticated, recorded once, applied under the payment's row
   * lock. Only `finished` credits, for the amount that actually arrived, valued at the
   * invoice's price; the credit is decided once (status `crediting`) and booked with an
   * idempotency key, so redeliveries, reordering and a crash in between credit once.
   */
  async handleCallback(
    provider_name: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ) {
    const provider = this.providers.get(provider_name);
    if (!provider) throw new AppError('NOT_FOUND', `Unknown crypto provider: ${provider_name}`);
    let update: PaymentUpdate;
    try {
      update = provider.parseCallback(headers, rawBody);
    } catch (error) {
      if (error instanceof CallbackRejected) {
        throw cryptoError('CALLBACK_REJECTED', `Callback rejected: ${error.message}`);
      }
      throw error;
    }
    if (update.observed) {
      const provider_payment_id = await this.matchObservation(provider.name, update);
      if (provider_payment_id === null) {
        throw new AppError(
          'NOT_FOUND',
          `No deposit address ${update.observed.pay_address} is known`,
        );
      }
      update = { ...update, provider_payment_id };
    }
    const { outcome, id } = await this.repository.lockedByProviderPayment(
      provider.name,
      update.provider_payment_id,
      async (row, change) => {
        if (!row) return { outcome: 'unknown_payment' as const, id: null };
        if (row.pay_code !== update.pay_code)
          return { outcome: 'currency_mismatch' as const, id: row.id };
        return { outcome: await this.apply(row, update, change), id: row.id };
      },
    );
    const fresh = await this.repository.recordCallback({
      provider: provider.name,
      provider_payment_id: update.provider_payment_id,
      provider_status: update.status,
      actually_paid_base: update.actually_paid_base,
      body_digest: createHash('sha256').update(rawBody).digest('hex'),
      outcome,
    });
    if (outcome === 'unknown_payment') {
      throw new AppError('NOT_FOUND', `Unknown payment: ${update.provider_payment_id}`);
    }
    if (outcome === 'currency_mismatch') {
      throw cryptoError('CALLBACK_MISMATCH');
    }
    // Limit usage goes back outside the payment's lock (no second connection inside it).
    if (outcome === 'released' && id !== null) {
      const row = await this.repository.byId(id);
      if (row) await this.gate.release(`crypto-deposit:${row.tracking_id}`);
    }
    if (outcome === 'credit' && id !== null) {
      const row = await this.repository.byId(id);
      if (row) await this.book(row);
    }
    return { outcome, duplicate: !fresh };
  }

  private async apply(
    row: DepositRow,
    update: PaymentUpdate,
    change: (patch: DepositChange) => Promise<void>,
  ): Promise<'credit' | 'ignored' | 'updated' | 'released'> {
    if (SETTLED.has(row.status)) return 'ignored';
    const paid =
      update.actually_paid_base > row.actually_paid_base
        ? update.actually_paid_base
        : row.actually_paid_base;
    const tx_hash = update.tx_hash ?? row.tx_hash;
    switch (update.status) {
      case 'finished': {
        // What arrived, valued at the invoice's price; toward zero.
        const credit = (row.price_amount_minor * update.actually_paid_base) / row.pay_amount_base;
        if (credit <= 0n) {
          await change({
            status: 'failed',
            provider_status: update.status,
            actually_paid_base: paid,
            tx_hash,
          });
          return 'released';
        }
        await change({
          status: 'crediting',
          provider_status: update.status,
          actually_paid_base: update.actually_paid_base,
          credit_minor: credit > TRANSFER_AMOUNT_MINOR_MAX ? TRANSFER_AMOUNT_MINOR_MAX : credit,
          tx_hash,
        });
        return 'credit';
      }
      case 'partially_paid':
        // Held for the payments desk: the player sent less than the invoice asked.
        await change({
          status: 'partially_paid',
          provider_status: update.status,
          actually_paid_base: paid,
          tx_hash,
        });
        return 'updated';
      case 'failed':
      case 'refunded':
      case 'expired': {
        if (row.status === 'expired' && update.status === 'expired') return 'ignored';
        await change({
          status: update.status === 'expired' ? 'expired' : 'failed',
          provider_status: update.status,
          actually_paid_base: paid,
          tx_hash,
        });
        return 'released';
      }
      default: {
        // waiting, confirming, confirmed, sending: progress only moves forward.
        const status: DepositStatus =
          row.status === 'waiting' && (update.status !== 'waiting' || paid > 0n)
            ? 'confirming'
            : row.status;
        if (
          status === row.status &&
          paid === row.actually_paid_base &&
          update.status === row.provider_status
        )
          return 'ignored';
        await change({ status, provider_status: update.status, actually_paid_base: paid, tx_hash });
        return 'updated';
      }
    }
  }

  /**
   * A self-custody transaction: the invoice it paid (seen before, or the oldest open one on
   * its address), else a new deposit priced from what arrived at the current rates (a player
   * may send to their address again without asking for a new invoice).
   */
  private async matchObservation(provider: string, update: PaymentUpdate): Promise<string | null> {
    const { pay_address, pay_extra_id } = update.observed!;
    const tx_hash = update.tx_hash!;
    const seen = await this.repository.byProviderTx(provider, tx_hash, update.pay_code);
    if (seen) return seen.provider_payment_id;
    const claimed = await this.repository.claimOpenAtAddress(
      provider,
      pay_address,
      update.pay_code,
      pay_extra_id,
      tx_hash,
    );
    if (claimed) return claimed.provider_payment_id;
    const earlier = await this.repository.latestAtAddress(
      provider,
      pay_address,
      update.pay_code,
      pay_extra_id,
    );
    if (!earlier) return null;
    const all = await this.currencies();
    const wallet = all.find((row) => row.code === earlier.currency)!;
    const coin = all.find((row) => row.code === earlier.coin)!;
    const network = resolveNetwork(earlier.pay_code)!;
    const price = this.value(update.actually_paid_base, wallet, coin, network);
    if (price <= 0n) return null;
    const provider_payment_id = `tx:${tx_hash}`;
    await this.repository.insertIfAbsent({
      tracking_id: `cd_${randomBytes(12).toString('hex')}`,
      player_id: earlier.player_id,
      currency: earlier.currency,
      price_amount_minor: price,
      coin: earlier.coin,
      network: earlier.network,
      pay_code: earlier.pay_code,
      quote_amount_base: update.actually_paid_base,
      pay_amount_base: update.actually_paid_base,
      pay_address,
      pay_extra_id,
      provider,
      provider_payment_id,
      expires_at: new Date(Date.now() + 60 * 60_000),
      tx_hash,
    });
    return provider_payment_id;
  }

  /** The wallet-currency value of coin base units at the operator's rates, toward zero. */
  private value(
    amount_base: bigint,
    wallet: Currency,
    coin: Currency,
    network: CryptoNetwork,
  ): bigint {
    if (!wallet.rate_to_eur || !coin.rate_to_eur) return 0n;
    const from = parseRate(wallet.rate_to_eur);
    const to = parseRate(coin.rate_to_eur);
    const numerator = amount_base * from.numerator * to.denominator * 10n ** BigInt(wallet.scale);
    const denominator = 10n ** BigInt(network.base_scale) * from.denominator * to.numerator;
    return numerator / denominator;
  }

  /**
   * Books a decided credit with its `DepositCredited` event (the AML rules run on it); safe to
   * repeat (same key, same amount). Crypto deposits carry no coupon, and welcome offers stay
   * with the cashier's deposits (`first_deposit` is not told from here).
   */
  private async book(row: DepositRow): Promise<void> {
    if (row.status !== 'crediting' || row.credit_minor === null) return;
    const credited: DomainEvent<'DepositCredited'> = {
      type: 'DepositCredited',
      key: `deposit.credited:crypto:${row.tracking_id}`,
      payload: {
        player_id: row.player_id,
        deposit_ref: `crypto:${row.tracking_id}`,
        method: 'crypto',
        currency: row.currency,
        amount_minor: row.credit_minor,
        credited_minor: row.credit_minor,
        coupon: null,
        first_deposit: false,
        credited_at: new Date().toISOString(),
      },
    };
    const transfer = await this.ledger.transfer({
      idempotency_key: `crypto-deposit:${row.id}`,
      debit: { house: 'payment_clearing', purpose: `crypto_${row.provider}` },
      credit: { player_id: row.player_id, wallet: 'cash' },
      amount_minor: row.credit_minor,
      currency: row.currency,
      reason_code: 'deposit',
      object: { type: 'payment', id: `crypto:${row.tracking_id}` },
      actor: { type: 'provider', id: row.provider },
      memo: `${fromBaseUnits(row.actually_paid_base, resolveNetwork(row.pay_code)!.base_scale)} ${row.coin} (${row.network})${row.tx_hash ? ` tx ${row.tx_hash}` : ''}`.slice(
        0,
        500,
      ),
      events: [credited],
    });
    await this.repository.markDeposited(row.id, transfer.id);
  }

  /**
   * Recovery and housekeeping, run at start-up and then periodically: books credits that
   * were decided but not confirmed (a crash between the two), and expires unpaid invoices.
   */
  async sweep(now = new Date()): Promise<{ booked: number; expired: number }> {
    const pending = await this.repository.crediting(CRYPTO_SWEEP_BATCH);
    for (const row of pending) await this.book(row);
    const expired = await this.repository.expireUnpaid(now, CRYPTO_SWEEP_BATCH);
    for (const row of expired) await this.gate.release(`crypto-deposit:${row.tracking_id}`);
    return { booked: pending.length, expired: expired.length };
  }

  /**
   * Sandbox only: the simulated chain pays the invoice (in full, partly or too much) or lets
   * it expire, and the sandbox processor answers with signed IPNs through `handleCallback`.
   */
  async simulate(
    player_id: bigint,
    tracking_id: string,
    outcome: 'paid' | 'partial' | 'overpaid' | 'expired',
  ) {
    const deposit = await this.repository.byTracking(tracking_id);
    if (!deposit || deposit.player_id !== player_id) {
      throw new AppError('NOT_FOUND', 'No crypto deposit with that tracking id');
    }
    const provider = this.providers.get(deposit.provider);
    if (!provider?.sandbox) {
      throw new AppError('FORBIDDEN', 'Only sandbox deposits can be simulated');
    }
    const sandbox = provider as SandboxCryptoProvider;
    const network = resolveNetwork(deposit.pay_code)!;
    const paid =
      outcome === 'paid'
        ? deposit.pay_amount_base
        : outcome === 'partial'
          ? deposit.pay_amount_base / 2n
          : outcome === 'overpaid'
            ? (deposit.pay_amount_base * 11n) / 10n
            : 0n;
    const steps =
      outcome === 'expired'
        ? (['expired'] as const)
        : outcome === 'partial'
          ? (['confirming', 'partially_paid'] as const)
          : (['confirming', 'finished'] as const);
    let last: Awaited<ReturnType<CryptoService['handleCallback']>> | null = null;
    for (const status of steps) {
      const body = sandboxIpnBody({
        provider_payment_id: deposit.provider_payment_id,
        order_id: deposit.tracking_id,
        status,
        network,
        pay_address: deposit.pay_address,
        pay_amount_base: deposit.pay_amount_base,
        actually_paid_base: status === 'expired' ? 0n : paid,
        price_amount: formatAmount(
          deposit.price_amount_minor,
          await this.scaleOf(deposit.currency),
        ),
        price_currency: deposit.currency,
      });
      last = await this.handleCallback(
        provider.name,
        { 'x-nowpayments-sig': signIpn(sandbox.ipn_secret, body) },
        JSON.stringify(body),
      );
    }
    return this.status(player_id, tracking_id).then((view) => ({
      ...view,
      outcome: last?.outcome ?? 'ignored',
    }));
  }
}

/** BIP21-style payment URI where the chain has one, so a wallet app fills the amount in. */
function paymentUri(deposit: DepositRow, network: CryptoNetwork, pay_amount: string): string {
  // XRP wallets read the destination tag from `dt`; without it the deposit cannot be matched.
  if (network.family === 'xrp')
    return `ripple:${deposit.pay_address}?dt=${deposit.pay_extra_id ?? ''}&amount=${pay_amount}`;
  if (!network.uri_scheme) return deposit.pay_address;
  return `${network.uri_scheme}:${deposit.pay_address}?amount=${pay_amount}`;
}
