import type {
  TimelineEntry,
  TrackedWithdrawal,
  WithdrawalBlocker,
  WithdrawalOverview,
  WithdrawalStep,
} from '@casino/contracts/withdrawal-tracker';
import { formatAmount } from '@casino/money';
import { AppError } from '../../platform/http/errors.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { CashierRepository, GatewayRow } from './cashier.repository.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * What a payout takes per method, request to money received, when the operator has not set it
 * (back office › Settings › Payment gateways). UPI and IMPS settle in minutes once sent; bank
 * transfers take a banking day; a chain transfer needs its confirmations (decision 0970).
 */
export const PAYOUT_MINUTES_DEFAULT: Readonly<Record<string, number>> = {
  UPI: 60,
  NB: 240,
  IB: 240,
  BT: 1440,
  MOMO: 120,
  QRIS: 120,
  CRYPTO: 60,
};
export const PAYOUT_MINUTES_FALLBACK = 1440;
/** The operator's setting is minutes from 1 to 30 days. */
export const PAYOUT_MINUTES_MAX = 43_200;
/** The overview shows at most this many open withdrawals (newest first). */
export const OPEN_WITHDRAWALS_MAX = 10;

export function payoutMinutes(
  gateway: Pick<GatewayRow, 'uniquename' | 'payout_expected_minutes'> | undefined,
): number {
  if (gateway?.payout_expected_minutes) return gateway.payout_expected_minutes;
  return PAYOUT_MINUTES_DEFAULT[gateway?.uniquename ?? ''] ?? PAYOUT_MINUTES_FALLBACK;
}

/** The steps every withdrawal goes through; a four-eyes first check shows when it happened. */
const PATH: readonly WithdrawalStep[] = ['requested', 'approved', 'sent', 'paid'];

/**
 * The timeline from the steps reached (with their times) and the status now: every step on
 * the path, done ones with their time, the first missing one `current`, the rest `upcoming`;
 * a rejection or cancellation ends the path at the step it happened after (`stopped`).
 */
export function timelineOf(
  reached: ReadonlyArray<{ step: WithdrawalStep; at: Date }>,
  status: TrackedWithdrawal['status'],
): TimelineEntry[] {
  const at = new Map(reached.map((r) => [r.step, r.at.toISOString()]));
  const entries: TimelineEntry[] = [];
  const ended = status === 'rejected' || status === 'cancelled';
  let waiting = false;
  for (const step of PATH) {
    if (step === 'approved' && at.has('first_approved')) {
      entries.push({ step: 'first_approved', at: at.get('first_approved')!, state: 'done' });
    }
    const when = at.get(step) ?? null;
    if (when) {
      entries.push({ step, at: when, state: 'done' });
      continue;
    }
    if (ended) break;
    entries.push({ step, at: null, state: waiting ? 'upcoming' : 'current' });
    waiting = true;
  }
  if (ended) entries.push({ step: status, at: at.get(status) ?? null, state: 'stopped' });
  return entries;
}

/** The ports the tracker reads (app.ts wires them): bonus, protection, crypto, back office. */
export type TrackerPorts = {
  wagering: {
    wageringLeft(
      player_id: bigint,
      language: string,
    ): Promise<Array<{ bonus_id: string; title: string; currency: string; left_minor: bigint }>>;
  };
  freeze: { withdrawalFreeze(player_id: bigint): Promise<{ frozen: boolean }> };
  approvals: {
    approvalThreshold(currency: { code: string; id: number; scale: number }): Promise<bigint>;
  };
  crypto: {
    withdrawalOf(
      player_id: bigint,
      tracking_id: string,
    ): Promise<
      | {
          tracking_id: string;
          status: TrackedWithdrawal['status'];
          amount_minor: bigint;
          currency: string;
          coin: string;
          network: string;
          tx_hash: string | null;
          reason: string | null;
          created_at: Date;
          decided_at: Date | null;
          paid_at: Date | null;
          updated_at: Date;
        }
      | undefined
    >;
  };
};

export type TrackerPlayer = { id: bigint; currency_id: number | null; kyc_status: string | null };

const SUPPORT = { kind: 'contact_support', href: null } as const;

/**
 * The player's withdrawal tracker: each withdrawal's steps with their times, the operator's
 * expected time for its method, the bank or chain reference once paid, and what blocks it
 * now (identity, a bonus still wagered, the second check above the four-eyes limit, a
 * compliance hold) with the action that unblocks it. Reads only; blockers are computed on
 * every call, so they are never stale.
 */
export class WithdrawalTracker {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly catalogue: CashierRepository,
    private readonly currencies: CurrenciesService,
    private readonly payments: Pick<PaymentsService, 'view'>,
    private readonly ports: TrackerPorts,
  ) {}

  async overview(player: TrackerPlayer, language: string): Promise<WithdrawalOverview> {
    const [gateways, links, blockers, pending] = await Promise.all([
      this.catalogue.gateways(),
      this.catalogue.gatewayLinks('withdraw'),
      this.playerBlockers(player, language, { wagering: true }),
      this.repository.list({
        direction: 'withdrawal',
        player_id: player.id,
        status: ['pending', 'approved'],
        limit: OPEN_WITHDRAWALS_MAX,
        offset: 0,
      }),
    ]);
    const offered = links.filter((link) => link.currency_id === player.currency_id);
    const crypto = gateways.find((g) => g.uniquename === 'CRYPTO' && g.enabled);
    if (crypto && !offered.some((link) => link.id === crypto.id))
      offered.push({ ...crypto, currency_id: 0 });
    return {
      blockers,
      expected: offered.map((link) => ({
        gateway_id: link.id,
        name: link.name,
        expected_minutes: payoutMinutes(gateways.find((g) => g.id === link.id)),
      })),
      open: await this.fiat(pending.rows, player, language, gateways),
    };
  }

  /** One of the player's withdrawals (`wd_…` fiat and INR, `cw_…` crypto). */
  async track(player: TrackerPlayer, id: string, language: string): Promise<TrackedWithdrawal> {
    const gateways = await this.catalogue.gateways();
    if (id.startsWith('cw_')) {
      const row = await this.ports.crypto.withdrawalOf(player.id, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such withdrawal');
      return this.cryptoView(row, player, language, gateways);
    }
    const row = await this.repository.byPublicId(id);
    if (row?.direction !== 'withdrawal' || row.player_id !== player.id) {
      throw new AppError('NOT_FOUND', 'No such withdrawal');
    }
    return (await this.fiat([row], player, language, gateways))[0]!;
  }

  private async fiat(
    rows: PaymentRow[],
    player: TrackerPlayer,
    language: string,
    gateways: GatewayRow[],
  ): Promise<TrackedWithdrawal[]> {
    if (rows.length === 0) return [];
    const [steps, currencies] = await Promise.all([
      this.repository.stepsOf(rows.map((row) => row.id)),
      this.currencies.all(),
    ]);
    const shared = rows.some(open)
      ? await this.playerBlockers(player, language, { wagering: false })
      : [];
    return Promise.all(
      rows.map(async (row) => {
        const currency = currencies.find((c) => c.code === row.currency);
        const scale = currency?.scale ?? 2;
        const gateway = gateways.find((g) => g.id === row.gateway_id);
        const status = row.status as TrackedWithdrawal['status'];
        const blockers = open(row) ? [...shared] : [];
        // Above the four-eyes limit a pending withdrawal waits for a second person's check.
        if (row.status === 'pending' && currency) {
          const threshold = await this.ports.approvals.approvalThreshold(currency);
          if (row.amount_minor > threshold) {
            const limit = formatAmount(threshold, scale);
            blockers.push({
              code: 'limit_review',
              message: `Withdrawals above ${limit} ${row.currency} are checked by two people; this adds time.`,
              bonus: null,
              amount_left: null,
              limit,
              currency: row.currency,
              action: { kind: 'wait', href: null },
            });
          }
        }
        const payment = this.payments.view(row, scale, gateway);
        return {
          id: row.public_id,
          kind: 'fiat' as const,
          status,
          amount: payment.amount,
          currency: row.currency,
          method: row.payment_mode === 'upi' ? 'UPI' : (gateway?.name ?? payment.gateway.name),
          created_at: row.created_at.toISOString(),
          reason: row.reason,
          timeline: timelineOf(
            steps.filter((s) => s.payment_id === row.id),
            status,
          ),
          ...expected(row.created_at, payoutMinutes(gateway), open(row)),
          paid_reference:
            row.status !== 'paid'
              ? null
              : row.utr
                ? { kind: 'utr' as const, value: row.utr }
                : row.provider_reference
                  ? { kind: 'payout_reference' as const, value: row.provider_reference }
                  : null,
          blockers,
          payment,
        };
      }),
    );
  }

  private async cryptoView(
    row: NonNullable<Awaited<ReturnType<TrackerPorts['crypto']['withdrawalOf']>>>,
    player: TrackerPlayer,
    language: string,
    gateways: GatewayRow[],
  ): Promise<TrackedWithdrawal> {
    const reached: Array<{ step: WithdrawalStep; at: Date }> = [
      { step: 'requested', at: row.created_at },
    ];
    if ((row.status === 'approved' || row.status === 'paid') && row.decided_at)
      reached.push({ step: 'approved', at: row.decided_at });
    if (row.status === 'paid' && row.paid_at)
      reached.push({ step: 'sent', at: row.paid_at }, { step: 'paid', at: row.paid_at });
    if (row.status === 'rejected' || row.status === 'cancelled')
      reached.push({ step: row.status, at: row.decided_at ?? row.updated_at });
    const isOpen = row.status === 'pending' || row.status === 'approved';
    const scale = (await this.currencies.all()).find((c) => c.code === row.currency)?.scale ?? 2;
    return {
      id: row.tracking_id,
      kind: 'crypto',
      status: row.status,
      amount: formatAmount(row.amount_minor, scale),
      currency: row.currency,
      method: `${row.coin} · ${row.network}`,
      created_at: row.created_at.toISOString(),
      reason: row.reason,
      timeline: timelineOf(reached, row.status),
      ...expected(
        row.created_at,
        payoutMinutes(gateways.find((g) => g.uniquename === 'CRYPTO')),
        isOpen,
      ),
      paid_reference: row.tx_hash ? { kind: 'tx_hash', value: row.tx_hash } : null,
      blockers: isOpen ? await this.playerBlockers(player, language, { wagering: false }) : [],
      payment: null,
    };
  }

  /**
   * What blocks the player's withdrawals now. A bonus still wagered blocks a new withdrawal
   * of its money, not one already requested (its amount is held), so only the overview
   * names bonuses.
   */
  private async playerBlockers(
    player: TrackerPlayer,
    language: string,
    options: { wagering: boolean },
  ): Promise<WithdrawalBlocker[]> {
    const [freeze, bonuses, currencies] = await Promise.all([
      this.ports.freeze.withdrawalFreeze(player.id),
      options.wagering ? this.ports.wagering.wageringLeft(player.id, language) : [],
      this.currencies.all(),
    ]);
    const blockers: WithdrawalBlocker[] = [];
    if (player.kyc_status !== 'APPROVED') {
      blockers.push({
        code: 'kyc_unverified',
        message: 'Verify your identity: withdrawals are paid to verified players only.',
        bonus: null,
        amount_left: null,
        limit: null,
        currency: null,
        action: { kind: 'verify_identity', href: '/settings/verify' },
      });
    }
    for (const bonus of bonuses) {
      const scale = currencies.find((c) => c.code === bonus.currency)?.scale ?? 2;
      const left = formatAmount(bonus.left_minor, scale);
      blockers.push({
        code: 'bonus_wagering',
        message: `Wager ${left} ${bonus.currency} more on “${bonus.title}” to turn it into cash you can withdraw, or forfeit it.`,
        bonus: { id: bonus.bonus_id, title: bonus.title },
        amount_left: left,
        limit: null,
        currency: bonus.currency,
        action: { kind: 'bonus', href: '/transactions/bonuses' },
      });
    }
    if (freeze.frozen) {
      blockers.push({
        code: 'compliance_hold',
        message: 'Your withdrawals are on hold for a compliance review. Contact support.',
        bonus: null,
        amount_left: null,
        limit: null,
        currency: null,
        action: SUPPORT,
      });
    }
    return blockers;
  }
}

function open(row: Pick<PaymentRow, 'status'>): boolean {
  return row.status === 'pending' || row.status === 'approved';
}

function expected(created_at: Date, minutes: number, isOpen: boolean) {
  return {
    expected_minutes: minutes,
    expected_by: isOpen ? new Date(created_at.getTime() + minutes * 60_000).toISOString() : null,
  };
}
