import { createHash, randomBytes } from 'node:crypto';
import type { DomainEvent } from '@casino/contracts/events';
import { formatAmount, parseRate, percentOf } from '@casino/money';
import { sql } from 'kysely';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { Semaphore } from '../../platform/semaphore.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { type CurrenciesService, type CurrencyRow, currenciesError } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { isLedgerError, LedgerError, TRANSFER_AMOUNT_MINOR_MAX } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import { cashierError } from './cashier.errors.ts';
import type { CashierRepository, GatewayRow } from './cashier.repository.ts';
import type {
  PaymentDirection,
  PaymentMode,
  PaymentPatch,
  PaymentRow,
  PaymentStatus,
  PaymentsRepository,
  PaymentTx,
} from './payments.repository.ts';
import {
  depositExtras,
  fail,
  INR_MINIMUM_MAJOR,
  INR_MINIMUM_MESSAGE,
  optionalCoupon,
  PAYMENT_MAX_EUR,
  parsePlayerAmount,
  requireAccountNumber,
  requireIfsc,
  requireName,
  requireUpiId,
  text,
} from './payments.validation.ts';
import {
  type PaymentProvider,
  ProviderUnavailable,
  type WebhookEvent,
  WebhookRejected,
} from './providers/provider.ts';

/** A withdrawal hold nobody resolves is released after this long (the money returns). */
export const WITHDRAWAL_HOLD_DAYS = 30;
export const SWEEP_BATCH = 100;
/** Withdrawal transactions hold a row or advisory lock while they call the ledger: at most this many at once. */
const LOCKED = new Semaphore(4);

export type DepositInput = {
  amount?: string;
  currency?: string;
  payment_gateway?: string;
  redirect_url?: string;
  bank_name?: string;
  acc_name?: string;
  acc_number?: string;
  network?: string;
  coupon?: string;
  payment_mode?: string;
};

export type WithdrawalInput = {
  amount?: string;
  currency?: string;
  payment_gateway?: string;
  bank_name?: string;
  acc_name?: string;
  acc_number?: string;
  payment_mode?: string;
  account_holder_name?: string;
  account_number?: string;
  ifsc_code?: string;
  upi_id?: string;
  two_factor_code?: string;
};

export type Player = {
  id: bigint;
  currency_id: number | null;
  kyc_status: string | null;
};

/** The bonus engine refuses an unusable coupon before the player pays (its error says why). */
export type CouponCheck = {
  validateCoupon(
    player: { id: bigint; currency: string },
    code: string,
    amount_minor: bigint,
  ): Promise<unknown>;
};

export type PaymentsOptions = {
  publicUrl: () => string;
  /** Withdrawals above this (minor units of the currency) need two staff approvals. */
  approvals: {
    approvalThreshold(currency: { code: string; id: number; scale: number }): Promise<bigint>;
  };
  /** What the player may withdraw now (cash less holds and wagering locks). */
  wallet: { summary(player_id: bigint): Promise<{ withdrawable_minor: bigint }> };
  coupons: CouponCheck;
  log: (message: string, error: unknown) => void;
  /**
   * A fresh two-factor code when the player has it on (the auth module): asked before paying
   * out to an account the player never withdrew to (decision 0142).
   */
  twoFactor: {
    requireFresh(
      player: { id: bigint },
      code: string | undefined,
      meta: RequestMeta,
    ): Promise<void>;
  };
};

/** INR flow (spec §3): payment_mode picks the gateway — UPI (1) or Netbanking (2). */
const INR_GATEWAY_BY_MODE: Record<PaymentMode, number> = { upi: 1, netbanking: 2 };

export type PaymentView = ReturnType<PaymentsService['view']>;

/**
 * Fiat and INR payments. Deposits: a pending payment on the active provider; only the
 * provider's signed webhook credits the ledger, decided once under the payment's row lock
 * (status `crediting`) and booked with idempotency keys, so any number of deliveries, in any
 * order, and a crash between decision and booking, credit exactly once (the sweep books what
 * a crash left). Withdrawals: a ledger hold at request; staff approve (two of them above the
 * threshold), then mark paid (post) or reject (void); the player may cancel while pending.
 */
export class PaymentsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly catalogue: CashierRepository,
    private readonly currencies: CurrenciesService,
    private readonly ledger: LedgerService,
    private readonly gate: PlayerGate,
    private readonly audit: AuditService,
    /** The provider new deposits go to. */
    readonly active: PaymentProvider,
    /** Every provider whose webhooks are accepted. */
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly options: PaymentsOptions,
  ) {}

  provider(name: string): PaymentProvider | undefined {
    return this.providers.get(name);
  }

  // --- catalogue -------------------------------------------------------------------

  private async walletCurrency(
    player: Player,
    requested: string | undefined,
  ): Promise<CurrencyRow> {
    const wallet =
      player.currency_id === null ? undefined : await this.currencies.byId(player.currency_id);
    if (!wallet) {
      throw currenciesError('NO_WALLET_CURRENCY');
    }
    const asked = text(requested);
    if (asked) {
      const match = /^\d{1,9}$/.test(asked)
        ? await this.currencies.byId(Number(asked))
        : (await this.currencies.enabled()).find((row) => row.code === asked.toUpperCase());
      if (!match?.enabled || match.is_crypto) fail('currency', `Unknown currency: ${asked}`);
      if (match.id !== wallet.id) {
        fail('currency', `Payments are made in your wallet currency (${wallet.code}).`);
      }
    }
    return wallet;
  }

  private async gatewayFor(
    currency: CurrencyRow,
    id: number | string | undefined,
    purpose: 'deposit' | 'withdraw',
  ): Promise<GatewayRow> {
    const asked = text(id === undefined ? undefined : String(id));
    if (!asked) fail('payment_gateway', 'Choose a payment method.');
    if (!/^\d{1,9}$/.test(asked)) fail('payment_gateway', `Unknown payment gateway: ${asked}`);
    const links = await this.catalogue.gatewayLinks(purpose);
    const link = links.find((row) => row.currency_id === currency.id && row.id === Number(asked));
    if (!link) {
      const exists = (await this.catalogue.gateways()).some((row) => row.id === Number(asked));
      fail(
        'payment_gateway',
        exists
          ? `Payment gateway ${asked} is not offered for ${currency.code} ${purpose === 'deposit' ? 'deposits' : 'withdrawals'}.`
          : `Unknown payment gateway: ${asked}`,
      );
    }
    const gateway = (await this.catalogue.gateways()).find((row) => row.id === link.id)!;
    return gateway;
  }

  /** The largest payment, PAYMENT_MAX_EUR at the currency's rate (exact, toward zero). */
  private maxMinor(currency: CurrencyRow): bigint {
    const scale = 10n ** BigInt(currency.scale);
    if (!currency.rate_to_eur) return PAYMENT_MAX_EUR * scale;
    const rate = parseRate(currency.rate_to_eur);
    const max = (PAYMENT_MAX_EUR * scale * rate.numerator) / rate.denominator;
    return max > TRANSFER_AMOUNT_MINOR_MAX ? TRANSFER_AMOUNT_MINOR_MAX : max;
  }

  private amount(input: string | undefined, currency: CurrencyRow, inrFlow: boolean): bigint {
    const amount_minor = parsePlayerAmount(input, currency.scale, currency.code);
    if (inrFlow && amount_minor < INR_MINIMUM_MAJOR * 10n ** BigInt(currency.scale)) {
      fail('amount', INR_MINIMUM_MESSAGE);
    }
    const max = this.maxMinor(currency);
    if (amount_minor > max) {
      fail(
        'amount',
        `Amount must be at most ${formatAmount(max, currency.scale)} ${currency.code}.`,
      );
    }
    return amount_minor;
  }

  private paymentMode(value: string | undefined): PaymentMode {
    const mode = text(value).toLowerCase();
    if (!mode) fail('payment_mode', 'Choose UPI or Netbanking.');
    if (mode !== 'upi' && mode !== 'netbanking')
      fail('payment_mode', 'payment_mode must be upi or netbanking.');
    return mode;
  }

  private clearing(row: { provider: string; gateway_id: number }) {
    return { house: 'payment_clearing' as const, purpose: `${row.provider}:gw${row.gateway_id}` };
  }

  // --- deposits --------------------------------------------------------------------

  /**
   * `POST /customer/deposit/create` (and the INR flow's `deposit/flow-transect/create`):
   * checks everything, passes the gate, opens the provider's hosted page, stores the pending
   * deposit. Nothing is stored when any step refuses.
   */
  async createDeposit(
    player: Player,
    input: DepositInput,
    client: GateClient,
    flow: 'fiat' | 'inr',
  ) {
    const currency = await this.walletCurrency(player, input.currency);
    const inrFlow = flow === 'inr' || (currency.code === 'INR' && !!text(input.payment_mode));
    if (inrFlow && currency.code !== 'INR')
      fail('payment_mode', 'UPI and Netbanking are for INR wallets.');
    const mode = inrFlow ? this.paymentMode(input.payment_mode) : null;
    const gateway = mode
      ? await this.gatewayFor(currency, INR_GATEWAY_BY_MODE[mode], 'deposit')
      : await this.gatewayFor(currency, input.payment_gateway, 'deposit');
    const amount_minor = this.amount(input.amount, currency, inrFlow);
    const details = mode ? {} : depositExtras(gateway.id, input);
    const coupon = optionalCoupon(input.coupon);
    if (coupon) {
      await this.options.coupons.validateCoupon(
        { id: player.id, currency: currency.code },
        coupon,
        amount_minor,
      );
    }
    const fee_minor = percentOf(amount_minor, gateway.fee_percent, 'toward_zero');
    if (fee_minor >= amount_minor) fail('amount', 'Amount is too small to cover the gateway fee.');

    const public_id = `dp_${randomBytes(12).toString('hex')}`;
    const reference = `payment:${public_id}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'deposit',
      amount_minor,
      currency: currency.code,
      reference,
    });
    let row: PaymentRow;
    try {
      const created = await this.active.createPayment({
        public_id,
        player_id: player.id,
        amount: formatAmount(amount_minor, currency.scale),
        currency: currency.code,
        gateway: { id: gateway.id, name: gateway.name, uniquename: gateway.uniquename },
        payment_mode: mode,
        // Spec §9: the return address is fixed to the product's own app address.
        return_url: `${this.options.publicUrl()}/?deposit=${public_id}`,
        webhook_url: `${this.options.publicUrl()}/api/v1/payments/webhook/${this.active.name}`,
      });
      row = await this.repository.insert({
        public_id,
        direction: 'deposit',
        player_id: player.id,
        currency: currency.code,
        gateway_id: gateway.id,
        payment_mode: mode,
        amount_minor,
        fee_percent: gateway.fee_percent,
        fee_minor,
        coupon,
        details,
        status: 'pending',
        provider: this.active.name,
        provider_reference: created.provider_reference,
        hold_id: null,
        expires_at: created.expires_at,
      });
      return { payment: this.view(row, currency.scale, gateway), url: created.redirect_url };
    } catch (error) {
      await this.gate.release(reference);
      if (error instanceof ProviderUnavailable) {
        this.options.log('payment provider', error);
        throw cashierError('PROVIDER_UNAVAILABLE');
      }
      throw error;
    }
  }

  /**
   * A provider's webhook: authenticated over the raw body, recorded once per provider event,
   * applied under the payment's row lock. Only an approval credits; the credit is decided
   * once (`crediting`) and booked with idempotency keys.
   */
  async handleWebhook(
    provider_name: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now = new Date(),
  ): Promise<{ outcome: string; duplicate: boolean }> {
    const provider = this.providers.get(provider_name);
    if (!provider) {
      throw new AppError('NOT_FOUND', `Unknown payment provider: ${provider_name}`);
    }
    let event: WebhookEvent;
    try {
      event = provider.parseWebhook(headers, rawBody, now);
    } catch (error) {
      if (error instanceof WebhookRejected) {
        throw cashierError('WEBHOOK_REJECTED', `Webhook rejected: ${error.message}`);
      }
      throw error;
    }
    const digest = createHash('sha256').update(rawBody).digest('hex');
    // The currency's scale is read before the row lock: a locked transaction never waits for
    // a second pooled connection.
    const known = await this.repository.byReference(provider.name, event.provider_reference);
    if (known?.direction !== 'deposit') {
      throw new AppError('NOT_FOUND', `Unknown payment: ${event.provider_reference}`);
    }
    const scale = (await this.currencies.all()).find((c) => c.code === known.currency)?.scale ?? 2;
    const result = await this.repository.locked(
      { provider: provider.name, provider_reference: event.provider_reference },
      async (row, tx) => {
        const { outcome, patch } = decide(row!, event, scale);
        const fresh = await this.repository.recordWebhook(tx, {
          provider: provider.name,
          event_id: event.event_id,
          provider_reference: event.provider_reference,
          event: event.event,
          body_digest: digest,
          outcome,
        });
        // A redelivered provider event changes nothing, whatever happened in between.
        if (!fresh) return { outcome: 'duplicate', row: row! };
        if (patch) await this.repository.update(tx, row!.id, patch);
        return { outcome, row: row! };
      },
    );
    if (result.outcome === 'mismatch') {
      throw cashierError('WEBHOOK_MISMATCH');
    }
    const row = result.row;
    if (result.outcome === 'released') await this.gate.release(`payment:${row.public_id}`);
    // A redelivery of a decided credit also books it: a crash may have stopped the first one.
    const current = await this.repository.byId(row.id);
    if (current?.status === 'crediting') await this.book(current);
    return { outcome: result.outcome, duplicate: result.outcome === 'duplicate' };
  }

  /**
   * Books a decided credit with its `DepositCredited` event (in the credit's own transaction:
   * the bonus engine grants coupon and welcome offers, the AML rules run), then marks it
   * credited; safe to repeat (keys).
   */
  private async book(row: PaymentRow): Promise<void> {
    if (row.status !== 'crediting') return;
    const clearing = this.clearing(row);
    const object = { type: 'payment' as const, id: row.public_id };
    const actor = { type: 'provider' as const, id: row.provider };
    const net = row.amount_minor - row.fee_minor;
    const first_deposit = !(await this.repository.creditedBefore(row.player_id, row.id));
    const credited: DomainEvent<'DepositCredited'> = {
      type: 'DepositCredited',
      key: `deposit.credited:${row.public_id}`,
      payload: {
        player_id: row.player_id,
        deposit_ref: row.public_id,
        method: 'fiat',
        currency: row.currency,
        amount_minor: row.amount_minor,
        credited_minor: net,
        coupon: row.coupon,
        first_deposit,
        credited_at: new Date().toISOString(),
      },
    };
    const transfer = await this.ledger.transfer({
      idempotency_key: `payment-deposit:${row.id}`,
      debit: clearing,
      credit: { player_id: row.player_id, wallet: 'cash' },
      amount_minor: net,
      currency: row.currency,
      reason_code: 'deposit',
      object,
      actor,
      memo: `deposit via gateway ${row.gateway_id}${row.utr ? ` UTR ${row.utr}` : ''}`,
      events: [credited],
    });
    if (row.fee_minor > 0n) {
      await this.ledger.transfer({
        idempotency_key: `payment-deposit-fee:${row.id}`,
        debit: clearing,
        credit: { house: 'fees', purpose: clearing.purpose },
        amount_minor: row.fee_minor,
        currency: row.currency,
        reason_code: 'fee',
        object,
        actor,
        memo: `gateway fee ${row.fee_percent}%`,
      });
    }
    await this.repository.update(
      null,
      row.id,
      { status: 'credited', transfer_id: transfer.id, completed_at: new Date() },
      ['crediting'],
    );
  }

  /**
   * Recovery and housekeeping (start-up and periodically; tests call it): books credits a
   * crash left decided, expires deposits whose hosted page has lapsed.
   */
  async sweep(now = new Date()): Promise<{ booked: number; expired: number }> {
    const pending = await this.repository.crediting(SWEEP_BATCH);
    for (const row of pending) await this.book(row);
    const expired = await this.repository.expireDue(now, SWEEP_BATCH);
    for (const row of expired) await this.gate.release(`payment:${row.public_id}`);
    return { booked: pending.length, expired: expired.length };
  }

  // --- withdrawals -----------------------------------------------------------------

  /**
   * `POST /customer/withdraw/create` (fiat) and `withdraw/flow-transect/create` (INR): the
   * checks, the gate, then — under the per-player withdrawal lock shared with crypto — the
   * withdrawable check and the ledger hold, so two racing requests cannot both pass.
   */
  async requestWithdrawal(
    player: Player,
    input: WithdrawalInput,
    client: GateClient,
    flow: 'fiat' | 'inr',
  ) {
    const currency = await this.walletCurrency(player, input.currency);
    const inrFlow = flow === 'inr';
    if (inrFlow && currency.code !== 'INR')
      fail('payment_mode', 'UPI and Netbanking are for INR wallets.');
    const mode = inrFlow ? this.paymentMode(input.payment_mode) : null;
    const gateway = mode
      ? await this.gatewayFor(currency, INR_GATEWAY_BY_MODE[mode], 'withdraw')
      : await this.gatewayFor(currency, input.payment_gateway, 'withdraw');
    const amount_minor = this.amount(input.amount, currency, inrFlow);
    let details: Record<string, string>;
    if (mode) {
      details = {
        account_holder_name: requireName(
          input.account_holder_name,
          'account_holder_name',
          'Account holder name',
        ),
        ...(mode === 'upi'
          ? { upi_id: requireUpiId(input.upi_id) }
          : {
              account_number: requireAccountNumber(input.account_number, 'account_number'),
              bank_name: requireName(input.bank_name, 'bank_name', 'Bank name'),
              ifsc_code: requireIfsc(input.ifsc_code),
            }),
      };
      // A UPI payout may also carry bank details (some aggregators fall back to IMPS).
      if (mode === 'upi' && text(input.ifsc_code)) details.ifsc_code = requireIfsc(input.ifsc_code);
      if (mode === 'upi' && text(input.account_number))
        details.account_number = requireAccountNumber(input.account_number, 'account_number');
      if (mode === 'upi' && text(input.bank_name))
        details.bank_name = requireName(input.bank_name, 'bank_name', 'Bank name');
    } else {
      details = {
        acc_name: requireName(input.acc_name, 'acc_name', 'Account name'),
        acc_number: requireAccountNumber(input.acc_number, 'acc_number'),
        ...(gateway.id === 3 || gateway.id === 4 || text(input.bank_name)
          ? { bank_name: requireName(input.bank_name, 'bank_name', 'Bank name') }
          : {}),
      };
    }
    // Spec §6: withdrawal requires KYC to exist and not be PENDING (approved: decision 0402).
    if (player.kyc_status !== 'APPROVED') {
      throw cashierError('KYC_REQUIRED');
    }
    const instrument =
      details.acc_number ?? details.account_number ?? details.upi_id?.toLowerCase();
    if (instrument && !(await this.repository.withdrewTo(player.id, instrument))) {
      await this.options.twoFactor.requireFresh(player, input.two_factor_code, {
        ip: client.ip,
        user_agent: null,
      });
    }
    const fee_minor = percentOf(amount_minor, gateway.fee_percent, 'toward_zero');
    if (fee_minor >= amount_minor) fail('amount', 'Amount is too small to cover the gateway fee.');

    const public_id = `wd_${randomBytes(12).toString('hex')}`;
    const reference = `payment:${public_id}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'withdrawal',
      amount_minor,
      currency: currency.code,
      reference,
    });
    try {
      const row = await LOCKED.run(() =>
        this.repository.db.transaction().execute(async (tx) => {
          // The same lock the crypto withdrawals take: one withdrawal at a time per player.
          await sql`select pg_advisory_xact_lock(hashtext('withdrawal'), ${Number(player.id % 2_147_483_647n)}::int)`.execute(
            tx,
          );
          const { withdrawable_minor: withdrawable } = await this.options.wallet.summary(player.id);
          if (withdrawable <= 0n) {
            throw cashierError('WAGERING_LOCK');
          }
          if (amount_minor > withdrawable) {
            fail(
              'amount',
              `The amount is more than you can withdraw now (${formatAmount(withdrawable, currency.scale)} ${currency.code}).`,
            );
          }
          const hold = await this.ledger.reserve({
            idempotency_key: `payment-withdrawal:${public_id}`,
            debit: { player_id: player.id, wallet: 'cash' },
            credit: this.clearing({ provider: this.active.name, gateway_id: gateway.id }),
            amount_minor,
            currency: currency.code,
            reason_code: 'withdrawal',
            object: { type: 'payment', id: public_id },
            actor: { type: 'player', id: String(player.id) },
            expires_at: new Date(Date.now() + WITHDRAWAL_HOLD_DAYS * 86_400_000),
            events: [
              {
                type: 'WithdrawalRequested',
                key: `withdrawal.requested:${public_id}`,
                payload: {
                  player_id: player.id,
                  withdrawal_ref: public_id,
                  method: 'fiat',
                  currency: currency.code,
                  amount_minor,
                  requested_at: new Date().toISOString(),
                },
              },
            ],
          });
          const inserted = await tx
            .insertInto('payments')
            .values({
              public_id,
              direction: 'withdrawal',
              player_id: player.id,
              currency: currency.code,
              gateway_id: gateway.id,
              payment_mode: mode,
              amount_minor,
              fee_percent: gateway.fee_percent,
              fee_minor,
              coupon: null,
              details: JSON.stringify(details) as never,
              status: 'pending',
              provider: this.active.name,
              provider_reference: null,
              hold_id: hold.id,
              expires_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await this.repository.recordSteps(tx, inserted);
          return inserted;
        }),
      );
      return this.view(row, currency.scale, gateway);
    } catch (error) {
      await this.gate.release(reference);
      throw error;
    }
  }

  /**
   * Moves a withdrawal from one of `from` to `to` under its row lock, calling the ledger
   * with keys derived from the payment id (a retry after a crash replays, never repeats).
   */
  private async transition(
    where: { public_id: string; player_id?: bigint },
    from: PaymentStatus[],
    to: PaymentStatus | ((row: PaymentRow, tx: PaymentTx) => Promise<PaymentRow>),
    patch: (row: PaymentRow) => Parameters<PaymentsRepository['update']>[2] = () => ({}),
    money?: (row: PaymentRow) => Promise<void>,
  ): Promise<PaymentRow> {
    return LOCKED.run(() =>
      this.repository.locked({ public_id: where.public_id }, async (row, tx) => {
        if (
          row?.direction !== 'withdrawal' ||
          (where.player_id !== undefined && row.player_id !== where.player_id)
        ) {
          throw new AppError('NOT_FOUND', 'No such withdrawal');
        }
        if (!from.includes(row.status)) {
          throw cashierError(
            'WITHDRAWAL_STATE',
            `This withdrawal is ${row.status} and cannot be ${typeof to === 'string' ? (to === 'cancelled' ? 'cancelled' : `moved to ${to}`) : 'changed'}.`,
          );
        }
        let moved: PaymentRow;
        if (typeof to === 'function') moved = await to(row, tx);
        else {
          if (money) await money(row);
          moved = (await this.repository.update(tx, row.id, { ...patch(row), status: to }))!;
        }
        await this.repository.recordSteps(tx, moved);
        return moved;
      }),
    );
  }

  /** The player cancels a withdrawal still pending review: the hold is voided. */
  async cancelWithdrawal(player_id: bigint, public_id: string) {
    const row = await this.transition(
      { public_id, player_id },
      ['pending'],
      'cancelled',
      () => ({ completed_at: new Date() }),
      async (current) => {
        await this.ledger.void({
          idempotency_key: `payment-withdrawal-void:${current.id}`,
          pending_id: current.hold_id!,
          actor: { type: 'player', id: String(player_id) },
        });
      },
    );
    await this.gate.release(`payment:${public_id}`);
    await this.audit.record({
      actor: { type: 'player', id: player_id },
      action: 'payments.withdrawal.cancel',
      target: { type: 'payment', id: public_id },
      after: { status: row.status },
    });
    return this.viewOf(row);
  }

  /**
   * Staff approval. At or below the currency's four-eyes threshold one approval moves the
   * withdrawal to `approved`; above it the first approval is recorded and a different staff
   * member must give the second.
   */
  async approveWithdrawal(public_id: string, actor: AuditActor & { id: bigint }) {
    const state: { stage: 'first' | 'final' } = { stage: 'final' };
    const row = await this.transition({ public_id }, ['pending'], async (current, tx) => {
      const currency = (await this.currencies.all()).find((c) => c.code === current.currency)!;
      const threshold = await this.options.approvals.approvalThreshold(currency);
      const now = new Date();
      if (current.amount_minor > threshold && current.first_approved_by === null) {
        state.stage = 'first';
        return (await this.repository.update(tx, current.id, {
          first_approved_by: actor.id,
          first_approved_at: now,
        }))!;
      }
      if (current.first_approved_by === actor.id) {
        throw cashierError('FOUR_EYES');
      }
      return (await this.repository.update(tx, current.id, {
        status: 'approved',
        approved_by: actor.id,
        approved_at: now,
      }))!;
    });
    await this.audit.record({
      actor,
      action:
        state.stage === 'first'
          ? 'payments.withdrawal.first_approve'
          : 'payments.withdrawal.approve',
      target: { type: 'payment', id: public_id },
      before: { status: 'pending' },
      after: { status: row.status, amount: row.amount_minor.toString(), currency: row.currency },
    });
    return this.viewOf(row);
  }

  /** Staff rejection, with the reason the player sees: the hold is voided. */
  async rejectWithdrawal(public_id: string, reason: string, actor: AuditActor & { id: bigint }) {
    const why = reason.trim();
    if (!why) fail('reason', 'Give the reason for the rejection (the player sees it).');
    if (why.length > 500) fail('reason', 'The reason must be at most 500 characters.');
    let before: PaymentStatus = 'pending';
    const row = await this.transition(
      { public_id },
      ['pending', 'approved'],
      'rejected',
      () => ({ reason: why, decided_by: actor.id, completed_at: new Date() }),
      async (current) => {
        before = current.status;
        await this.ledger.void({
          idempotency_key: `payment-withdrawal-void:${current.id}`,
          pending_id: current.hold_id!,
          actor: { type: 'staff', id: String(actor.id) },
        });
      },
    );
    await this.gate.release(`payment:${public_id}`);
    await this.audit.record({
      actor,
      action: 'payments.withdrawal.reject',
      target: { type: 'payment', id: public_id },
      before: { status: before },
      after: { status: row.status, reason: why },
    });
    return this.viewOf(row);
  }

  /**
   * Staff mark an approved withdrawal paid once the money has left (the provider's payout
   * reference, or the bank's UTR): the hold is posted and the gateway fee booked to fees.
   */
  async markWithdrawalPaid(
    public_id: string,
    input: { provider_reference: string; utr?: string },
    actor: AuditActor & { id: bigint },
  ) {
    const provider_reference = input.provider_reference.trim();
    if (!/^[A-Za-z0-9._:-]{4,128}$/.test(provider_reference)) {
      fail(
        'provider_reference',
        'The payout reference must be 4 to 128 letters, digits or . _ : -',
      );
    }
    const utr = input.utr?.trim() || null;
    if (utr !== null && !/^[A-Za-z0-9-]{4,64}$/.test(utr))
      fail('utr', 'The UTR must be 4 to 64 letters or digits.');
    const row = await this.transition(
      { public_id },
      ['approved'],
      'paid',
      () => ({
        provider_reference,
        utr,
        paid_by: actor.id,
        completed_at: new Date(),
      }),
      async (current) => {
        await this.ledger.post({
          idempotency_key: `payment-withdrawal-paid:${current.id}`,
          pending_id: current.hold_id!,
          actor: { type: 'staff', id: String(actor.id) },
          events: [
            {
              type: 'WithdrawalPaid',
              key: `withdrawal.paid:${current.public_id}`,
              payload: {
                player_id: current.player_id,
                withdrawal_ref: current.public_id,
                method: 'fiat',
                currency: current.currency,
                amount_minor: current.amount_minor,
                paid_at: new Date().toISOString(),
              },
            },
          ],
        });
        if (current.fee_minor > 0n) {
          const clearing = this.clearing(current);
          await this.ledger.transfer({
            idempotency_key: `payment-withdrawal-fee:${current.id}`,
            debit: clearing,
            credit: { house: 'fees', purpose: clearing.purpose },
            amount_minor: current.fee_minor,
            currency: current.currency,
            reason_code: 'fee',
            object: { type: 'payment', id: current.public_id },
            actor: { type: 'staff', id: String(actor.id) },
            memo: `gateway fee ${current.fee_percent}%`,
          });
        }
      },
    ).catch((error: unknown) => {
      if (isLedgerError(error, 'HOLD_EXPIRED')) {
        throw new LedgerError(
          'HOLD_EXPIRED',
          'The hold on this withdrawal expired and the money went back to the player; reject it.',
        );
      }
      throw error;
    });
    await this.audit.record({
      actor,
      action: 'payments.withdrawal.paid',
      target: { type: 'payment', id: public_id },
      before: { status: 'approved' },
      after: { status: row.status, provider_reference, utr },
    });
    return this.viewOf(row);
  }

  // --- reads -----------------------------------------------------------------------

  async list(query: Parameters<PaymentsRepository['list']>[0]) {
    const { rows, total } = await this.repository.list(query);
    const [currencies, gateways] = await Promise.all([
      this.currencies.all(),
      this.catalogue.gateways(),
    ]);
    return {
      total,
      items: rows.map((row) =>
        this.view(
          row,
          currencies.find((c) => c.code === row.currency)?.scale ?? 2,
          gateways.find((g) => g.id === row.gateway_id),
        ),
      ),
    };
  }

  async byPublicId(public_id: string) {
    const row = await this.repository.byPublicId(public_id);
    return row ? this.viewOf(row) : null;
  }

  async detail(public_id: string) {
    const row = await this.repository.byPublicId(public_id);
    if (!row) throw new AppError('NOT_FOUND', 'No such payment');
    const webhooks =
      row.provider_reference === null
        ? []
        : await this.repository.webhooksOf(row.provider, row.provider_reference);
    return {
      ...(await this.viewOf(row)),
      webhooks: webhooks.map((w) => ({
        event_id: w.event_id,
        event: w.event,
        outcome: w.outcome,
        received_at: w.received_at.toISOString(),
      })),
    };
  }

  async queueCounts() {
    return this.repository.queueCounts();
  }

  /** The sandbox hosted page's view of a payment, by its provider reference. */
  async sandboxSession(provider_reference: string) {
    const row = await this.repository.byReference('sandbox', provider_reference);
    if (row?.direction !== 'deposit') return null;
    return { row, view: await this.viewOf(row) };
  }

  private async viewOf(row: PaymentRow) {
    const [currency, gateway] = await Promise.all([
      this.currencies.all().then((all) => all.find((c) => c.code === row.currency)),
      this.catalogue.gateways().then((all) => all.find((g) => g.id === row.gateway_id)),
    ]);
    return this.view(row, currency?.scale ?? 2, gateway);
  }

  view(row: PaymentRow, scale: number, gateway?: Pick<GatewayRow, 'id' | 'name' | 'uniquename'>) {
    return {
      id: row.public_id,
      direction: row.direction as PaymentDirection,
      status: row.status,
      amount: formatAmount(row.amount_minor, scale),
      fee: formatAmount(row.fee_minor, scale),
      fee_percent: Number(row.fee_percent),
      net_amount: formatAmount(row.amount_minor - row.fee_minor, scale),
      currency: row.currency,
      gateway: {
        id: row.gateway_id,
        name: gateway?.name ?? `Gateway ${row.gateway_id}`,
        uniquename: gateway?.uniquename ?? '',
      },
      payment_mode: row.payment_mode,
      coupon: row.coupon,
      details: maskDetails(row.details),
      provider: row.provider,
      provider_reference: row.provider_reference,
      utr: row.utr,
      reason: row.reason,
      approvals: (row.first_approved_by === null ? 0 : 1) + (row.approved_by === null ? 0 : 1),
      player_id: String(row.player_id),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      completed_at: row.completed_at?.toISOString() ?? null,
    };
  }
}

/**
 * The webhook state machine (pure; applied under the row lock). Only `credited` is final for
 * an approval: money the provider took is credited whatever we thought before (a declined
 * first attempt, an abandoned page, our own expiry). A decline or abandonment only moves a
 * pending deposit. Anything else changes nothing.
 */
export function decide(
  row: Pick<PaymentRow, 'status' | 'currency' | 'amount_minor' | 'utr'>,
  event: Pick<WebhookEvent, 'outcome' | 'amount' | 'currency' | 'utr'>,
  scale: number,
): { outcome: string; patch: PaymentPatch | null } {
  let paid: bigint | null = null;
  try {
    paid = parseAmountInput(event.amount, scale);
  } catch {
    paid = null;
  }
  if (event.currency !== row.currency || paid !== row.amount_minor) {
    return { outcome: 'mismatch', patch: null };
  }
  const utr = event.utr ?? row.utr;
  if (event.outcome === 'approved') {
    if (row.status === 'crediting' || row.status === 'credited') {
      return { outcome: 'ignored', patch: null };
    }
    return { outcome: 'credit', patch: { status: 'crediting', utr } };
  }
  if (event.outcome === 'declined' || event.outcome === 'abandoned') {
    if (row.status !== 'pending') return { outcome: 'ignored', patch: null };
    return {
      outcome: 'released',
      patch: { status: event.outcome, utr, completed_at: new Date() },
    };
  }
  return { outcome: 'ignored', patch: null };
}

/** Account numbers and UPI ids are shown with their last four characters only. */
export function maskDetails(details: Record<string, string>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [key, value] of Object.entries(details ?? {})) {
    masked[key] =
      key === 'acc_number' || key === 'account_number'
        ? `•••• ${value.slice(-4)}`
        : key === 'upi_id'
          ? `${value.slice(0, 2)}•••@${value.split('@')[1] ?? ''}`
          : value;
  }
  return masked;
}
