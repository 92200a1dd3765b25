import type { AdminPlayerTwoFactor } from '@casino/contracts';
import { convert, EUR, formatAmount, invertRate, isMoneyError, parseRate } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditFilter, AuditService } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { CashierService } from '../cashier/index.ts';
import type { CurrenciesService, CurrencyRow } from '../currencies/index.ts';
import type { PlayerRow, PlayerStatus, PlayersService } from '../players/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { StaffActor, StaffService } from '../staff/index.ts';
import { adjustmentRefused, backofficeError } from './backoffice.errors.ts';
import type { BackofficeLedger, BackofficeWallet } from './backoffice.ports.ts';
import type {
  AdjustmentRow,
  AdjustmentStatus,
  BackofficeRepository,
} from './backoffice.repository.ts';

/** Without a configured threshold, adjustments above 1,000.00 major units need approval. */
export const APPROVAL_THRESHOLD_MAJOR_DEFAULT = 1000n;
export const NOTES_LIMIT = 100;
export const SESSIONS_LIMIT = 50;
/** An approved request still not executed after this long may be retried. */
export const RETRY_AFTER_MS = 60_000;
const DAY_MS = 86_400_000;
const PERIOD_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;
export type DashboardPeriod = keyof typeof PERIOD_DAYS;

type Page = { page: number; per_page: number };

/**
 * The back office's rules: player management, four-eyes balance adjustments, the
 * dashboard and the audited catalogue settings. Every staff action is recorded in
 * the audit log with the actor, the target and before/after values.
 */
export class BackofficeService {
  private readonly wallet: BackofficeWallet | null;
  private readonly ledger: BackofficeLedger | null;

  constructor(
    private readonly repository: BackofficeRepository,
    private readonly deps: {
      audit: AuditService;
      players: PlayersService;
      auth: AuthService;
      cashier: CashierService;
      currencies: CurrenciesService;
      settings: SettingsService;
      staff: StaffService;
    },
    /** The money modules; without them balances read zero and adjustments are refused. */
    money: { wallet?: BackofficeWallet; ledger?: BackofficeLedger } = {},
  ) {
    this.wallet = money.wallet ?? null;
    this.ledger = money.ledger ?? null;
  }

  // --- players -------------------------------------------------------------------

  async players(query: {
    q?: string;
    status?: PlayerStatus;
    sort: 'id' | 'created_at' | 'email' | 'username' | 'name' | 'status';
    order: 'asc' | 'desc';
    page: number;
    per_page: number;
  }) {
    const result = await this.deps.players.search(
      query.q ?? '',
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      { status: query.status, sort: query.sort, order: query.order },
    );
    const currencies = await this.currencyMap();
    return {
      items: result.rows.map((row) => playerRowView(row, currencies)),
      total: result.total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  async player(id: bigint) {
    const row = await this.requirePlayer(id);
    const currencies = await this.currencyMap();
    const currency = row.currency_id === null ? null : (currencies.get(row.currency_id) ?? null);
    const scale = currency?.scale ?? 2;
    const summary = this.wallet
      ? await this.wallet.summary(row.id)
      : { cash_minor: 0n, bonus_minor: 0n, withdrawable_minor: 0n };
    const threshold = currency ? await this.thresholdOf(currency) : 0n;
    return {
      ...playerRowView(row, currencies),
      referral_code: row.referral_code,
      referred_by_code: row.referred_by_code,
      campaign_code: row.campaign_code,
      updated_at: row.updated_at.toISOString(),
      currency: currency
        ? { id: currency.id, code: currency.code, prefix: currency.prefix, scale: currency.scale }
        : null,
      balances: {
        cash: formatAmount(summary.cash_minor, scale),
        bonus: formatAmount(summary.bonus_minor, scale),
        withdrawable: formatAmount(summary.withdrawable_minor, scale),
        live: this.wallet !== null,
      },
      approval_threshold: formatAmount(threshold, scale),
    };
  }

  async movements(id: bigint, query: Page & { type?: string; from?: string; to?: string }) {
    await this.requirePlayer(id);
    if (!this.wallet) return { items: [], total: 0, page: query.page, per_page: query.per_page };
    const result = await this.wallet.movements(id, {
      page: query.page,
      per_page: query.per_page,
      type: query.type,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    });
    return {
      items: result.items.map((item) => ({
        id: item.id,
        created_at: item.created_at.toISOString(),
        type: item.type,
        amount: formatAmount(item.amount_minor, item.scale),
        balance_after:
          item.balance_after_minor === null
            ? null
            : formatAmount(item.balance_after_minor, item.scale),
        currency: item.currency,
        description: item.description,
      })),
      total: result.total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  async sessions(id: bigint) {
    await this.requirePlayer(id);
    const now = Date.now();
    const rows = await this.deps.auth.sessions(id, SESSIONS_LIMIT);
    return rows.map((session) => ({
      id: Number(session.id),
      ip: session.ip,
      user_agent: session.user_agent,
      created_at: session.created_at.toISOString(),
      last_seen_at: session.last_seen_at.toISOString(),
      expires_at: session.expires_at.toISOString(),
      revoked_at: session.revoked_at?.toISOString() ?? null,
      revoked_reason: session.revoked_reason,
      active:
        session.revoked_at === null &&
        session.expires_at.getTime() > now &&
        // The player module's idle window: 30 minutes.
        now - session.last_seen_at.getTime() < 30 * 60_000,
    }));
  }

  /** Force logout: every session of the player ends now. */
  async revokeSessions(id: bigint, actor: StaffActor): Promise<number> {
    await this.requirePlayer(id);
    const revoked = await this.deps.auth.revokeAllSessions(id, 'staff_force_logout');
    await this.deps.audit.record({
      actor,
      action: 'staff.player.sessions_revoke',
      target: playerTarget(id),
      metadata: { sessions_revoked: revoked },
    });
    return revoked;
  }

  /** The player's second factors: app, recovery codes left, passkeys (decision 0974). */
  async twoFactor(id: bigint): Promise<AdminPlayerTwoFactor> {
    await this.requirePlayer(id);
    const overview = await this.deps.auth.twoFactor.overview(id);
    return {
      enabled: overview.enabled,
      enabled_at: overview.enabled_at?.toISOString() ?? null,
      recovery_codes_left: overview.recovery_codes_left,
      passkeys: overview.passkeys,
    };
  }

  /** Turns the player's two-factor off for them, audited with the reason; the player is mailed. */
  async resetTwoFactor(
    id: bigint,
    reason: string,
    actor: StaffActor,
  ): Promise<AdminPlayerTwoFactor> {
    const player = await this.requirePlayer(id);
    const before = await this.deps.auth.twoFactor.overview(id);
    await this.deps.auth.resetTwoFactorByStaff(player);
    await this.deps.audit.record({
      actor,
      action: 'staff.player.two_factor_reset',
      target: playerTarget(id),
      metadata: { reason, recovery_codes_left: before.recovery_codes_left },
    });
    return this.twoFactor(id);
  }

  async revokeSession(id: bigint, session_id: bigint, actor: StaffActor): Promise<void> {
    await this.requirePlayer(id);
    const owned = (await this.deps.auth.sessions(id, SESSIONS_LIMIT)).some(
      (session) => session.id === session_id,
    );
    if (!owned) throw new AppError('NOT_FOUND', `Session ${session_id} is not this player's`);
    const revoked = await this.deps.auth.revokeSession(session_id, 'staff_force_logout');
    await this.deps.audit.record({
      actor,
      action: 'staff.player.session_revoke',
      target: playerTarget(id),
      metadata: { session_id, revoked },
    });
  }

  /** Block, unblock or close; any status but active ends the player's sessions. */
  async setStatus(id: bigint, status: PlayerStatus, reason: string, actor: StaffActor) {
    const before = await this.requirePlayer(id);
    if (before.status === status) {
      throw new AppError('CONFLICT', `The player is already ${status}`);
    }
    await this.deps.players.update(id, { status });
    const revoked =
      status === 'active' ? 0 : await this.deps.auth.revokeAllSessions(id, `staff_${status}`);
    await this.deps.audit.record({
      actor,
      action: `staff.player.${status === 'active' ? 'unblock' : status === 'blocked' ? 'block' : 'close'}`,
      target: playerTarget(id),
      before: { status: before.status },
      after: { status },
      metadata: { reason, sessions_revoked: revoked },
    });
    return this.player(id);
  }

  async notes(id: bigint) {
    await this.requirePlayer(id);
    const rows = await this.repository.notes(id, NOTES_LIMIT);
    const names = await this.deps.staff.names(rows.map((row) => row.staff_id));
    return rows.map((row) => ({
      id: Number(row.id),
      body: row.body,
      staff: { id: Number(row.staff_id), name: names.get(String(row.staff_id)) ?? '—' },
      created_at: row.created_at.toISOString(),
    }));
  }

  async addNote(id: bigint, body: string, actor: StaffActor) {
    await this.requirePlayer(id);
    const note = await this.repository.addNote({ player_id: id, staff_id: actor.id, body });
    await this.deps.audit.record({
      actor,
      action: 'staff.player.note_add',
      target: playerTarget(id),
      after: { note_id: note.id, body },
    });
    const names = await this.deps.staff.names([actor.id]);
    return {
      id: Number(note.id),
      body: note.body,
      staff: { id: Number(actor.id), name: names.get(String(actor.id)) ?? '—' },
      created_at: note.created_at.toISOString(),
    };
  }

  // --- balance adjustments (four eyes) --------------------------------------------

  /**
   * A manual adjustment through the ledger. At or below the currency's threshold it
   * executes at once; above it, it waits for a second staff member's approval.
   */
  async requestAdjustment(
    player_id: bigint,
    input: { amount: string; reason_code: string; comment: string },
    actor: StaffActor,
  ) {
    const wallet = this.requireWallet();
    const player = await this.requirePlayer(player_id);
    if (player.currency_id === null) {
      throw new AppError('CONFLICT', 'The player has no account currency yet');
    }
    const currency = (await this.currencyMap()).get(player.currency_id);
    if (!currency) throw new AppError('CONFLICT', 'The player’s currency is unknown');
    const amount_minor = parseMoney(input.amount, currency.scale);
    if (amount_minor === 0n) throw validation('amount', 'Amount must not be zero');
    const threshold = await this.thresholdOf(currency);
    const magnitude = amount_minor < 0n ? -amount_minor : amount_minor;
    let row = await this.repository.insertAdjustment({
      player_id,
      currency_id: currency.id,
      amount_minor,
      reason_code: input.reason_code,
      comment: input.comment,
      needs_approval: magnitude > threshold,
      requested_by: actor.id,
    });
    let failure: AppError | null = null;
    if (!row.needs_approval) {
      ({ row, failure } = await this.execute(wallet, row, actor));
    }
    await this.deps.audit.record({
      actor,
      action: 'staff.adjustment.request',
      target: playerTarget(player_id),
      after: adjustmentAudit(row, currency),
    });
    if (failure) throw failure;
    return this.adjustmentView(row);
  }

  async approveAdjustment(id: bigint, comment: string | null, actor: StaffActor) {
    const existing = await this.repository.adjustment(id);
    if (!existing) throw new AppError('NOT_FOUND', `Adjustment ${id} does not exist`);
    const wallet = this.requireWallet();
    // A request left approved by a transient wallet failure is retried, never re-decided.
    const retry =
      existing.status === 'approved' &&
      existing.requested_by !== actor.id &&
      (existing.decided_at ?? existing.requested_at).getTime() < Date.now() - RETRY_AFTER_MS;
    const claimed = retry
      ? existing
      : await this.repository.decide(id, { status: 'approved', decided_by: actor.id, comment });
    if (!claimed) throw await this.decisionRefusal(id, actor);
    const { row, failure } = await this.execute(wallet, claimed, actor);
    const currency = (await this.currencyMap()).get(row.currency_id)!;
    await this.deps.audit.record({
      actor,
      action: 'staff.adjustment.approve',
      target: playerTarget(row.player_id),
      before: { adjustment_id: row.id, status: 'pending' },
      after: adjustmentAudit(row, currency),
    });
    if (failure) throw failure;
    return this.adjustmentView(row);
  }

  async rejectAdjustment(id: bigint, comment: string | null, actor: StaffActor) {
    const row = await this.repository.decide(id, {
      status: 'rejected',
      decided_by: actor.id,
      comment,
    });
    if (!row) throw await this.decisionRefusal(id, actor);
    const currency = (await this.currencyMap()).get(row.currency_id)!;
    await this.deps.audit.record({
      actor,
      action: 'staff.adjustment.reject',
      target: playerTarget(row.player_id),
      before: { adjustment_id: row.id, status: 'pending' },
      after: adjustmentAudit(row, currency),
    });
    return this.adjustmentView(row);
  }

  async adjustments(query: Page & { status?: AdjustmentStatus; player_id?: number }) {
    const result = await this.repository.adjustments(
      {
        status: query.status,
        player_id: query.player_id === undefined ? undefined : BigInt(query.player_id),
      },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return {
      items: await this.adjustmentViews(result.rows),
      total: result.total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  pendingAdjustments() {
    return this.repository.pendingCount();
  }

  /** The wallet call; its idempotency key is the request id, so a retry moves money once. */
  private async execute(wallet: BackofficeWallet, row: AdjustmentRow, actor: StaffActor) {
    try {
      const result = await wallet.adjust({
        player_id: row.player_id,
        amount_minor: row.amount_minor,
        reason_code: row.reason_code,
        comment: row.comment,
        actor: { type: 'staff', id: String(actor.id), role: actor.role },
        idempotency_key: `backoffice-adjustment:${row.id}`,
      });
      const done = await this.repository.finish(row.id, {
        status: 'executed',
        transfer_id: result.transfer_id,
        balance_after_minor: result.balance_minor,
      });
      return { row: done, failure: null };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const status = (error as { status?: unknown }).status;
      // A transient failure (5xx, crash) leaves the request approved: approving it again
      // retries with the same idempotency key, so the money still moves at most once.
      if (typeof code !== 'string' || typeof status !== 'number' || status >= 500) throw error;
      // An expected refusal (e.g. INSUFFICIENT_FUNDS) is recorded on the request.
      const failed = await this.repository.finish(row.id, { status: 'failed', failure_code: code });
      const message =
        code === 'INSUFFICIENT_FUNDS'
          ? 'The player’s balance is too low for this debit'
          : (error as Error).message;
      return { row: failed, failure: adjustmentRefused(code, message) };
    }
  }

  private async decisionRefusal(id: bigint, actor: StaffActor): Promise<AppError> {
    const row = await this.repository.adjustment(id);
    if (!row) return new AppError('NOT_FOUND', `Adjustment ${id} does not exist`);
    if (row.requested_by === actor.id) {
      return backofficeError('FOUR_EYES');
    }
    return new AppError('CONFLICT', `Adjustment ${id} is already ${row.status}`);
  }

  private async adjustmentView(row: AdjustmentRow) {
    return (await this.adjustmentViews([row]))[0]!;
  }

  private async adjustmentViews(rows: AdjustmentRow[]) {
    const currencies = await this.currencyMap();
    const names = await this.deps.staff.names(
      rows.flatMap((row) =>
        row.decided_by ? [row.requested_by, row.decided_by] : [row.requested_by],
      ),
    );
    const emails = new Map<string, string>();
    for (const player_id of new Set(rows.map((row) => row.player_id))) {
      const player = await this.deps.players.byId(player_id);
      if (player) emails.set(String(player_id), player.email);
    }
    return rows.map((row) => {
      const currency = currencies.get(row.currency_id);
      const scale = currency?.scale ?? 2;
      const person = (id: bigint) => ({ id: Number(id), name: names.get(String(id)) ?? '—' });
      return {
        id: Number(row.id),
        player_id: Number(row.player_id),
        player_email: emails.get(String(row.player_id)) ?? null,
        currency: currency?.code ?? '?',
        amount: formatAmount(row.amount_minor, scale),
        reason_code: row.reason_code as 'other',
        comment: row.comment,
        status: row.status,
        needs_approval: row.needs_approval,
        requested_by: person(row.requested_by),
        requested_at: row.requested_at.toISOString(),
        decided_by: row.decided_by === null ? null : person(row.decided_by),
        decided_at: row.decided_at?.toISOString() ?? null,
        decision_comment: row.decision_comment,
        executed_at: row.executed_at?.toISOString() ?? null,
        transfer_id: row.transfer_id === null ? null : String(row.transfer_id),
        balance_after:
          row.balance_after_minor === null ? null : formatAmount(row.balance_after_minor, scale),
        failure_code: row.failure_code,
      };
    });
  }

  // --- dashboard ------------------------------------------------------------------

  /**
   * Figures for today (UTC), the last 7 or 30 days, from the players, their sessions
   * and the ledger. Money is converted to EUR at the operator's rates. Formulas:
   * GGR = bets − bet refunds − wins; NGR = GGR − bonus conversions − fees.
   */
  async dashboard(period: DashboardPeriod, now = new Date()) {
    const days = PERIOD_DAYS[period];
    const end = startOfUtcDay(now).getTime() + DAY_MS;
    const from = new Date(end - days * DAY_MS);
    const to = new Date(end);
    const keys = Array.from({ length: days }, (_, index) =>
      new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10),
    );
    const [registrations, active] = await Promise.all([
      this.deps.players.registrationsByDay(from, to),
      this.deps.auth.activePlayers(from, to),
    ]);
    const byDay = (rows: Array<{ day: string; count: number }>) =>
      new Map(rows.map((row) => [row.day, row.count]));
    const registrationsByDay = byDay(registrations);
    const activeByDay = byDay(active.by_day);
    const ftdByDay = byDay(
      this.ledger?.firstDepositors ? await this.ledger.firstDepositors({ from, to }) : [],
    );
    const money = new Map<string, MoneyFigures>();
    if (this.ledger) {
      const rates = await this.euroRates();
      for (const key of keys) {
        const dayFrom = new Date(`${key}T00:00:00Z`);
        const totals = await this.ledger.totals({
          from: dayFrom,
          to: new Date(dayFrom.getTime() + DAY_MS),
        });
        money.set(key, moneyFigures(totals, rates));
      }
    }
    const zero: MoneyFigures = { deposits: 0n, withdrawals: 0n, ggr: 0n, ngr: 0n };
    const series = keys.map((date) => {
      const figures = money.get(date) ?? zero;
      return {
        date,
        registrations: registrationsByDay.get(date) ?? 0,
        ftd: ftdByDay.get(date) ?? 0,
        active_players: activeByDay.get(date) ?? 0,
        deposits: formatAmount(figures.deposits, EUR.scale),
        withdrawals: formatAmount(figures.withdrawals, EUR.scale),
        ggr: formatAmount(figures.ggr, EUR.scale),
        ngr: formatAmount(figures.ngr, EUR.scale),
      };
    });
    const sum = (field: keyof MoneyFigures) =>
      formatAmount(
        [...money.values()].reduce((total, figures) => total + figures[field], 0n),
        EUR.scale,
      );
    return {
      period,
      from: from.toISOString(),
      to: to.toISOString(),
      currency: 'EUR' as const,
      figures: {
        registrations: series.reduce((total, day) => total + day.registrations, 0),
        ftd: series.reduce((total, day) => total + day.ftd, 0),
        active_players: active.total,
        deposits: sum('deposits'),
        withdrawals: sum('withdrawals'),
        ggr: sum('ggr'),
        ngr: sum('ngr'),
      },
      series,
      sources: { ledger: this.ledger !== null },
    };
  }

  private async euroRates() {
    const rates = new Map<string, { scale: number; rate: ReturnType<typeof parseRate> | null }>();
    for (const currency of await this.deps.currencies.all()) {
      const rate =
        currency.code === 'EUR'
          ? parseRate('1')
          : currency.rate_to_eur === null
            ? null
            : parseRate(currency.rate_to_eur);
      rates.set(currency.code, { scale: currency.scale, rate });
    }
    return rates;
  }

  // --- audit ------------------------------------------------------------------------

  async auditLog(query: Page & Omit<AuditFilter, 'from' | 'to'> & { from?: string; to?: string }) {
    const { page, per_page, from, to, ...filter } = query;
    const result = await this.deps.audit.search(
      {
        ...filter,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
      },
      { limit: per_page, offset: (page - 1) * per_page },
    );
    return {
      items: result.rows.map((row) => ({
        id: String(row.id),
        occurred_at: new Date(row.occurred_at).toISOString(),
        actor_type: row.actor_type,
        actor_id: row.actor_id,
        actor_role: row.actor_role,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        ip: row.ip,
        user_agent: row.user_agent,
        before: row.before,
        after: row.after,
        metadata: row.metadata,
        hash: row.hash,
      })),
      total: result.total,
      page,
      per_page,
    };
  }

  async verifyAudit(actor: StaffActor) {
    const result = await this.deps.audit.verify();
    await this.deps.audit.record({
      actor,
      action: 'staff.audit.verify',
      target: { type: 'audit_log', id: 'chain' },
      metadata: { ok: result.ok, entries: result.entries },
    });
    return {
      ok: result.ok,
      entries: result.entries,
      problem: result.ok ? null : result.problem,
      entry_id: result.ok || result.entry_id === null ? null : String(result.entry_id),
    };
  }

  // --- catalogue: currencies, thresholds, gateways ---------------------------------

  async currencies() {
    const rows = await this.deps.currencies.all();
    const thresholds = await this.repository.thresholds();
    return rows.map((row) => currencyView(row, thresholds));
  }

  async updateCurrency(
    id: number,
    patch: { rate_to_eur?: string | null; enabled?: boolean },
    actor: StaffActor,
  ) {
    await this.deps.currencies.update(id, patch, actor);
    return (await this.currencies()).find((currency) => currency.id === id)!;
  }

  async setThreshold(id: number, amount: string, actor: StaffActor) {
    const currency = (await this.currencyMap()).get(id);
    if (!currency) throw new AppError('NOT_FOUND', `Currency ${id} does not exist`);
    const before = await this.thresholdOf(currency);
    const after = parseMoney(amount, currency.scale, 'approval_threshold');
    if (after < 0n) throw validation('approval_threshold', 'The threshold must not be negative');
    await this.repository.setThreshold(id, after);
    await this.deps.audit.record({
      actor,
      action: 'staff.adjustment_threshold.update',
      target: { type: 'currency', id },
      before: { approval_threshold: formatAmount(before, currency.scale) },
      after: { approval_threshold: formatAmount(after, currency.scale) },
    });
    return (await this.currencies()).find((row) => row.id === id)!;
  }

  gateways() {
    return this.deps.cashier.gateways();
  }

  updateGateway(
    id: number,
    patch: {
      name?: string;
      fee_percent?: string;
      enabled?: boolean;
      payout_expected_minutes?: number | null;
      name_translations?: Record<string, string>;
    },
    actor: StaffActor,
  ) {
    return this.deps.cashier.updateGateway(id, patch, actor);
  }

  settings() {
    return this.deps.settings.get();
  }

  updateSettings(patch: Record<string, unknown>, actor: StaffActor) {
    return this.deps.settings.update(patch, actor);
  }

  // --- helpers -------------------------------------------------------------------

  private async requirePlayer(id: bigint): Promise<PlayerRow> {
    const row = await this.deps.players.byId(id);
    if (!row) throw new AppError('NOT_FOUND', `Player ${id} does not exist`);
    return row;
  }

  private requireWallet(): BackofficeWallet {
    if (!this.wallet) {
      throw new AppError(
        'UNAVAILABLE',
        'Balance adjustments need the wallet, which is not enabled',
      );
    }
    return this.wallet;
  }

  private async currencyMap(): Promise<Map<number, CurrencyRow>> {
    return new Map((await this.deps.currencies.all()).map((row) => [row.id, row]));
  }

  /**
   * The four-eyes threshold of a currency (minor units), shared with the payments desk: a
   * withdrawal above it needs a second staff approval, like an adjustment.
   */
  async approvalThreshold(currency: { id: number; scale: number }): Promise<bigint> {
    const stored = (await this.repository.thresholds()).get(currency.id);
    return stored ?? defaultThreshold(currency.scale);
  }

  private async thresholdOf(currency: CurrencyRow): Promise<bigint> {
    const stored = (await this.repository.thresholds()).get(currency.id);
    return stored ?? defaultThreshold(currency.scale);
  }
}

type MoneyFigures = { deposits: bigint; withdrawals: bigint; ggr: bigint; ngr: bigint };

function moneyFigures(
  totals: Array<{ currency: string; reason_code: string; amount_minor: bigint }>,
  rates: Map<string, { scale: number; rate: ReturnType<typeof parseRate> | null }>,
): MoneyFigures {
  const by = new Map<string, bigint>();
  for (const total of totals) {
    const unit = rates.get(total.currency);
    if (!unit?.rate) continue;
    const magnitude = total.amount_minor < 0n ? -total.amount_minor : total.amount_minor;
    const euro = convert(
      magnitude,
      { code: total.currency, scale: unit.scale },
      EUR,
      invertRate(unit.rate),
      'toward_zero',
    );
    by.set(total.reason_code, (by.get(total.reason_code) ?? 0n) + euro);
  }
  const get = (reason: string) => by.get(reason) ?? 0n;
  const ggr = get('bet') - get('bet_refund') - get('win');
  return {
    deposits: get('deposit'),
    withdrawals: get('withdrawal'),
    ggr,
    ngr: ggr - get('bonus_convert') - get('fee'),
  };
}

export function defaultThreshold(scale: number): bigint {
  return APPROVAL_THRESHOLD_MAJOR_DEFAULT * 10n ** BigInt(scale);
}

function currencyView(row: CurrencyRow, thresholds: Map<number, bigint>) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    prefix: row.prefix,
    scale: row.scale,
    is_crypto: row.is_crypto,
    enabled: row.enabled,
    rate_to_eur: row.rate_to_eur === null ? null : trimDecimal(row.rate_to_eur),
    approval_threshold: formatAmount(
      thresholds.get(row.id) ?? defaultThreshold(row.scale),
      row.scale,
    ),
  };
}

function playerRowView(row: PlayerRow, currencies: Map<number, CurrencyRow>) {
  return {
    id: Number(row.id),
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    status: row.status,
    currency_code:
      row.currency_id === null ? null : (currencies.get(row.currency_id)?.code ?? null),
    kyc_status: row.kyc_status,
    created_at: row.created_at.toISOString(),
  };
}

function adjustmentAudit(row: AdjustmentRow, currency: CurrencyRow) {
  return {
    adjustment_id: row.id,
    amount: formatAmount(row.amount_minor, currency.scale),
    currency: currency.code,
    reason_code: row.reason_code,
    comment: row.comment,
    needs_approval: row.needs_approval,
    status: row.status,
    transfer_id: row.transfer_id,
    balance_after:
      row.balance_after_minor === null
        ? null
        : formatAmount(row.balance_after_minor, currency.scale),
    failure_code: row.failure_code,
    decision_comment: row.decision_comment,
  };
}

const playerTarget = (id: bigint) => ({ type: 'player', id });

function parseMoney(amount: string, scale: number, path = 'amount'): bigint {
  try {
    return parseAmountInput(amount.trim(), scale, { allow_negative: true });
  } catch (error) {
    if (isMoneyError(error)) throw validation(path, error.message);
    throw error;
  }
}

function validation(path: string, message: string) {
  return new AppError('VALIDATION_FAILED', `${path}: ${message}`, { errors: [{ path, message }] });
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** `90.250000000000000000` → `90.25`, as NUMERIC columns come back padded. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
