import { randomBytes } from 'node:crypto';
import { formatAmount, isMoneyError, parseRate } from '@casino/money';
import { sql, type Transaction } from 'kysely';
import { parseAmountInput } from '../../platform/amounts.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { Semaphore } from '../../platform/semaphore.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { type CurrenciesService, currenciesError } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { GateClient, PlayerGate } from '../protection/index.ts';
import { isValidAddress } from './crypto.address.ts';
import { cryptoError } from './crypto.errors.ts';
import { resolveNetwork } from './crypto.networks.ts';
import { fromBaseUnits } from './crypto.units.ts';

/**
 * Crypto withdrawals. The amount (wallet currency) is held by the ledger when requested, so
 * it cannot be spent twice; staff approve and, once the coins are sent from the operator's
 * wallet or processor, mark it paid with the transaction (the hold is posted); a rejection
 * or the player's cancel releases it (voided). A hold nobody resolves expires after
 * HOLD_DAYS, returning the money.
 */
export const HOLD_DAYS = 30;
/** Withdrawal transactions hold a lock while they call the ledger: at most this many at once. */
const LOCKED = new Semaphore(4);
export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';

type Row = {
  id: bigint;
  tracking_id: string;
  player_id: bigint;
  currency: string;
  amount_minor: bigint;
  coin: string;
  network: string;
  pay_code: string;
  pay_amount_base: string;
  address: string;
  extra_id: string | null;
  status: WithdrawalStatus;
  hold_id: bigint;
  tx_hash: string | null;
  reason: string | null;
  decided_by: bigint | null;
  decided_at: Date | null;
  paid_by: bigint | null;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
type Tables = { crypto_withdrawals: Row };

type Currency = {
  id: number;
  code: string;
  scale: number;
  is_crypto: boolean;
  enabled: boolean;
  rate_to_eur: string | null;
};

export type WithdrawalRequest = {
  amount?: string;
  converted_amount?: string;
  currency?: string;
  payment_address?: string;
  network?: string;
  /** A fresh two-factor code: needed for an address the player never withdrew to (decision 0973). */
  two_factor_code?: string;
};

/**
 * The auth module's step-up: nothing when the player has two-factor off, `TWO_FACTOR_REQUIRED`
 * without a code, `TWO_FACTOR_CODE_INVALID` for a wrong or used one.
 */
export type FreshSecondFactor = {
  requireFresh(
    player: { id: bigint },
    code: string | undefined,
    meta: { ip: string; user_agent: string | null },
    message?: string,
  ): Promise<void>;
};

function fail(message: string, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

export class CryptoWithdrawals {
  private readonly db;
  constructor(
    db: Db,
    private readonly ledger: LedgerService,
    private readonly catalogue: CurrenciesService,
    private readonly gate: PlayerGate,
    private readonly audit: AuditService,
    /** What the player may withdraw now (cash minus holds minus wagering locks). */
    /** What the player may withdraw now (cash less holds and wagering locks). */
    private readonly wallet: {
      summary(player_id: bigint): Promise<{ withdrawable_minor: bigint }>;
    },
    private readonly provider: () => string,
    private readonly twoFactor: FreshSecondFactor,
  ) {
    this.db = db.withTables<Tables>();
  }

  /**
   * Whether the player ever asked for a withdrawal to this address (and tag), whatever became of
   * it. Hex (EVM) addresses match whatever their letter case (the checksum casing is optional);
   * every other format is case-sensitive.
   */
  private async withdrewTo(player_id: bigint, address: string, tag: string | undefined) {
    let query = this.db
      .selectFrom('crypto_withdrawals')
      .select('id')
      .where('player_id', '=', player_id);
    query = /^0x[0-9a-f]+$/i.test(address)
      ? query.where(sql<string>`lower(address)`, '=', address.toLowerCase())
      : query.where('address', '=', address);
    query =
      tag === undefined ? query.where('extra_id', 'is', null) : query.where('extra_id', '=', tag);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * A transaction that holds a lock while it calls the ledger (another pooled connection):
   * bounded by LOCKED, so such transactions can never take every connection and wait forever.
   */
  private locked<T>(work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
    return LOCKED.run(() => this.db.transaction().execute(work));
  }

  private currencies(): Promise<readonly Currency[]> {
    return this.catalogue.all();
  }

  private view(row: Row, scale: number) {
    const network = resolveNetwork(row.pay_code)!;
    return {
      tracking_id: row.tracking_id,
      status: row.status,
      amount: formatAmount(row.amount_minor, scale),
      currency: row.currency,
      coin: row.coin,
      network: row.network,
      pay_amount: fromBaseUnits(BigInt(row.pay_amount_base), network.base_scale),
      address: row.address,
      extra_id: row.extra_id,
      tx_hash: row.tx_hash,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
      paid_at: row.paid_at?.toISOString() ?? null,
    };
  }

  private async scaleOf(code: string) {
    return (await this.currencies()).find((c) => c.code === code)?.scale ?? 2;
  }

  /** `POST /customer/crypto/withdraw/create`: checks (spec §5, KYC, withdrawable), the gate, then the hold. */
  async request(
    player: { id: bigint; currency_id: number | null; kyc_status: string | null },
    input: WithdrawalRequest,
    client: GateClient,
  ) {
    if (!input.currency) fail('Please select a currency.', 'currency');
    const all = await this.currencies();
    const coin = all.find(
      (c) =>
        c.is_crypto &&
        c.enabled &&
        (String(c.id) === input.currency || c.code === input.currency!.toUpperCase()),
    );
    const network = coin ? resolveNetwork(coin.code, input.network) : null;
    if (!coin || !network)
      fail(`Unknown crypto currency or network: ${input.currency}`, 'currency');
    const wallet = all.find((c) => c.id === player.currency_id);
    if (!wallet) throw currenciesError('NO_WALLET_CURRENCY');
    if (!input.amount?.trim()) fail('Amount cannot be empty.', 'amount');
    let amount_minor: bigint;
    try {
      amount_minor = parseAmountInput(input.amount.trim(), wallet.scale);
    } catch (error) {
      if (isMoneyError(error) && error.code === 'NEGATIVE_AMOUNT')
        fail('Amount must be greater than 0.', 'amount');
      if (isMoneyError(error)) fail(`Amount is not valid: ${error.message}`, 'amount');
      throw error;
    }
    if (amount_minor <= 0n) fail('Amount must be greater than 0.', 'amount');
    if (!input.converted_amount?.trim()) fail('Converted amount not found', 'converted_amount');
    if (!(Number(input.converted_amount) > 0))
      fail('Converted amount must be greater than 0.', 'converted_amount');
    const address = input.payment_address?.trim() ?? '';
    if (!address) fail('Payment Address not found', 'payment_address');
    const [bare, tag] = network.needs_tag
      ? (address.split(/[?:](?:dt=)?/) as [string, string | undefined])
      : [address, undefined];
    if (!isValidAddress(bare, network)) fail('Payment Address is not valid!', 'payment_address');
    // Spec §4: withdrawal needs a KYC record that is not pending (approved).
    if (player.kyc_status !== 'APPROVED') {
      throw cryptoError('KYC_REQUIRED');
    }
    // Before the gate and the hold, so a refusal holds nothing (decision 0973).
    if (!(await this.withdrewTo(player.id, bare, tag))) {
      await this.twoFactor.requireFresh(
        player,
        input.two_factor_code,
        { ip: client.ip, user_agent: null },
        'Enter a code from your authenticator app to withdraw to a new address',
      );
    }
    if (!wallet.rate_to_eur || !coin.rate_to_eur) throw cryptoError('RATE_UNAVAILABLE');
    const from = parseRate(wallet.rate_to_eur);
    const to = parseRate(coin.rate_to_eur);
    const pay_amount_base =
      (amount_minor * from.denominator * to.numerator * 10n ** BigInt(network.base_scale)) /
      (10n ** BigInt(wallet.scale) * from.numerator * to.denominator);
    if (pay_amount_base <= 0n) throw cryptoError('AMOUNT_TOO_SMALL');

    const tracking_id = `cw_${randomBytes(12).toString('hex')}`;
    await this.gate.admit({
      ...client,
      player_id: player.id,
      action: 'withdrawal',
      amount_minor,
      currency: wallet.code,
      reference: `crypto-withdrawal:${tracking_id}`,
    });
    // One withdrawal at a time per player: the withdrawable check and the hold cannot interleave.
    const row = await this.locked(async (tx: Transaction<Tables>) => {
      await sql`select pg_advisory_xact_lock(hashtext('withdrawal'), ${Number(player.id % 2_147_483_647n)}::int)`.execute(
        tx,
      );
      const { withdrawable_minor: withdrawable } = await this.wallet.summary(player.id);
      if (amount_minor > withdrawable) {
        throw cryptoError('INSUFFICIENT_WITHDRAWABLE', undefined, [
          { path: 'amount', message: 'is more than the withdrawable amount' },
        ]);
      }
      const hold = await this.ledger.reserve({
        idempotency_key: `crypto-withdrawal:${tracking_id}`,
        debit: { player_id: player.id, wallet: 'cash' },
        credit: { house: 'payment_clearing', purpose: `crypto_${this.provider()}` },
        amount_minor,
        currency: wallet.code,
        reason_code: 'withdrawal',
        object: { type: 'payment', id: `crypto:${tracking_id}` },
        actor: { type: 'player', id: String(player.id) },
        expires_at: new Date(Date.now() + HOLD_DAYS * 86_400_000),
        events: [
          {
            type: 'WithdrawalRequested',
            key: `withdrawal.requested:crypto:${tracking_id}`,
            payload: {
              player_id: player.id,
              withdrawal_ref: `crypto:${tracking_id}`,
              method: 'crypto',
              currency: wallet.code,
              amount_minor,
              requested_at: new Date().toISOString(),
            },
          },
        ],
      });
      return tx
        .insertInto('crypto_withdrawals')
        .values({
          tracking_id,
          player_id: player.id,
          currency: wallet.code,
          amount_minor,
          coin: coin.code,
          network: network.network,
          pay_code: network.pay_code,
          pay_amount_base: pay_amount_base.toString(),
          address: bare,
          extra_id: tag ?? null,
          hold_id: hold.id,
        } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
    }).catch(async (error) => {
      await this.gate.release(`crypto-withdrawal:${tracking_id}`);
      throw error;
    });
    return this.view(row, wallet.scale);
  }

  async mine(player_id: bigint) {
    const rows = await this.db
      .selectFrom('crypto_withdrawals')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return Promise.all(rows.map(async (row) => this.view(row, await this.scaleOf(row.currency))));
  }

  /** Moves a withdrawal from one of `from` to `to` under its row lock; 404/409 otherwise. */
  private async transition(
    where: { tracking_id: string; player_id?: bigint },
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    patch: Partial<Row>,
  ): Promise<Row> {
    return this.locked(async (tx: Transaction<Tables>) => {
      let query = tx
        .selectFrom('crypto_withdrawals')
        .selectAll()
        .where('tracking_id', '=', where.tracking_id);
      if (where.player_id !== undefined) query = query.where('player_id', '=', where.player_id);
      const row = await query.forUpdate().executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', 'No such withdrawal');
      if (!from.includes(row.status)) {
        throw cryptoError(
          'WITHDRAWAL_STATE',
          `This withdrawal is ${row.status} and cannot be ${to === 'cancelled' ? 'cancelled' : `moved to ${to}`}.`,
        );
      }
      if (to === 'paid') {
        await this.ledger.post({
          idempotency_key: `crypto-withdrawal-paid:${row.id}`,
          pending_id: row.hold_id,
          actor: { type: 'staff', id: String(patch.paid_by) },
          events: [
            {
              type: 'WithdrawalPaid',
              key: `withdrawal.paid:crypto:${row.tracking_id}`,
              payload: {
                player_id: row.player_id,
                withdrawal_ref: `crypto:${row.tracking_id}`,
                method: 'crypto',
                currency: row.currency,
                amount_minor: row.amount_minor,
                paid_at: new Date().toISOString(),
              },
            },
          ],
        });
      } else if (to === 'rejected' || to === 'cancelled') {
        await this.ledger.void({
          idempotency_key: `crypto-withdrawal-void:${row.id}`,
          pending_id: row.hold_id,
          actor:
            to === 'cancelled'
              ? { type: 'player', id: String(row.player_id) }
              : { type: 'staff', id: String(patch.decided_by) },
        });
      }
      return tx
        .updateTable('crypto_withdrawals')
        .set({ ...patch, status: to, updated_at: new Date() } as never)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async cancel(player_id: bigint, tracking_id: string) {
    const row = await this.transition({ tracking_id, player_id }, ['pending'], 'cancelled', {});
    await this.gate.release(`crypto-withdrawal:${tracking_id}`);
    return this.view(row, await this.scaleOf(row.currency));
  }

  // --- payments desk ---------------------------------------------------------------

  async list(status: WithdrawalStatus | undefined) {
    let query = this.db
      .selectFrom('crypto_withdrawals')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(200);
    if (status) query = query.where('status', '=', status);
    const rows = await query.execute();
    return Promise.all(
      rows.map(async (row) => ({
        ...this.view(row, await this.scaleOf(row.currency)),
        player_id: String(row.player_id),
      })),
    );
  }

  async decide(
    tracking_id: string,
    decision: 'approve' | 'reject',
    reason: string | undefined,
    actor: AuditActor & { id: bigint | string },
  ) {
    const staff_id = BigInt(actor.id as bigint);
    if (decision === 'reject' && !reason?.trim())
      fail('Give the reason for the rejection (the player sees it).', 'reason');
    const row =
      decision === 'approve'
        ? await this.transition({ tracking_id }, ['pending'], 'approved', {
            decided_by: staff_id,
            decided_at: new Date(),
          })
        : await this.transition({ tracking_id }, ['pending', 'approved'], 'rejected', {
            decided_by: staff_id,
            decided_at: new Date(),
            reason: reason!.trim(),
          });
    if (decision === 'reject') await this.gate.release(`crypto-withdrawal:${tracking_id}`);
    await this.audit.record({
      actor,
      action: `crypto.withdrawal.${decision}`,
      target: { type: 'crypto_withdrawal', id: tracking_id },
      after: { status: row.status, reason: row.reason },
    });
    return this.view(row, await this.scaleOf(row.currency));
  }

  async markPaid(
    tracking_id: string,
    tx_hash: string,
    actor: AuditActor & { id: bigint | string },
  ) {
    if (!/^[0-9A-Za-z]{16,128}$/.test(tx_hash))
      fail('tx_hash must be the chain transaction id (16 to 128 letters or digits).', 'tx_hash');
    const row = await this.transition({ tracking_id }, ['approved'], 'paid', {
      tx_hash,
      paid_by: BigInt(actor.id as bigint),
      paid_at: new Date(),
    });
    await this.audit.record({
      actor,
      action: 'crypto.withdrawal.paid',
      target: { type: 'crypto_withdrawal', id: tracking_id },
      after: { tx_hash },
    });
    return this.view(row, await this.scaleOf(row.currency));
  }
}
