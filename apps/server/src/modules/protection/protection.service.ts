import { formatAmount, isMoneyError, parseAmount } from '@casino/money';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { GateDecision, GateRequest, MoneyAction, PlayerGate } from './protection.gate.ts';
import type { GeoIp } from './protection.geoip.ts';
import { message, type RefusalCode } from './protection.messages.ts';
import {
  LIMIT_PERIODS,
  type LimitPeriod,
  type Limits,
  type Policy,
  type ProtectionRepository,
  type ProtectionRow,
  type ProtectionTx,
} from './protection.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A raised or removed limit waits this long (UKGC, MGA, GLI App A §3.8). */
export const COOLING_OFF_MS = DAY_MS;
export const TIMEOUT_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
const WINDOW_MS: Record<LimitPeriod, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
};
const POLICY_RANK: Record<Policy, number> = { real_money: 0, demo_only: 1, blocked: 2 };
/** Money out is never stopped by jurisdiction or exclusion: a player can always take their balance. */
const ALWAYS_ALLOWED: ReadonlySet<MoneyAction> = new Set(['withdrawal']);

type Currency = { code: string; scale: number };

export type ProtectionOptions = {
  env: string;
  currencyOf: (currency_id: number | null) => Promise<Currency | null>;
};

function refuse(
  code: RefusalCode,
  language: string | undefined,
  values: Record<string, string>,
): GateDecision {
  return { allowed: false, code, status: 403, message: message(code, language, values) };
}

const fmtDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export class ProtectionService implements PlayerGate {
  constructor(
    private readonly repository: ProtectionRepository,
    private readonly geoip: GeoIp,
    private readonly audit: AuditService,
    private readonly options: ProtectionOptions,
  ) {}

  // --- jurisdiction --------------------------------------------------------------

  /**
   * The country and policy that apply: the declared country and the request's (IP, or the
   * non-production debug header); where both are known and differ, the stricter policy
   * (decision 0830). Unknown addresses (private, loopback) use the declared country only;
   * with neither known, real money is allowed.
   */
  async jurisdictionOf(client: { ip: string; debug_country?: string }, declared: string | null) {
    const requestCountry = client.debug_country ?? this.geoip.countryOf(client.ip);
    const candidates = [
      ...new Set([declared, requestCountry].filter((c): c is string => Boolean(c))),
    ];
    let chosen: { country: string | null; policy: Policy; note: string } = {
      country: candidates[0] ?? null,
      policy: 'real_money',
      note: '',
    };
    for (const country of candidates) {
      const row = await this.repository.jurisdiction(country);
      const policy = row?.policy ?? 'real_money';
      if (POLICY_RANK[policy] > POLICY_RANK[chosen.policy] || chosen.country === null) {
        chosen = { country, policy, note: row?.note ?? '' };
      }
    }
    return { ...chosen, declared, request_country: requestCountry };
  }

  // --- the gate ------------------------------------------------------------------

  async check(request: GateRequest): Promise<GateDecision> {
    return this.decide(request, null);
  }

  private async decide(
    request: GateRequest,
    tx: ProtectionTx | null,
    row?: ProtectionRow | null,
  ): Promise<GateDecision> {
    const player = await this.repository.player(request.player_id);
    if (!player)
      return { allowed: false, code: 'NOT_FOUND', status: 404, message: 'No such player' };
    const language = request.language;
    if (ALWAYS_ALLOWED.has(request.action)) {
      // The one thing that stops money out: a compliance freeze (AML review).
      if (request.action === 'withdrawal') {
        const protection =
          row === undefined ? await this.repository.protection(tx, request.player_id) : row;
        if (protection?.withdrawals_frozen_at) return refuse('WITHDRAWALS_FROZEN', language, {});
      }
      return { allowed: true };
    }

    const testAccount = player.test_account && this.options.env !== 'production';
    if (!testAccount) {
      const place = await this.jurisdictionOf(request, player.country);
      if (place.policy === 'blocked')
        return refuse('JURISDICTION_BLOCKED', language, { country: place.country ?? '' });
      if (place.policy === 'demo_only')
        return refuse('JURISDICTION_DEMO_ONLY', language, { country: place.country ?? '' });
    }

    const protection =
      row === undefined ? await this.repository.protection(tx, request.player_id) : row;
    const now = Date.now();
    if (
      protection?.self_excluded_permanent ||
      (protection?.self_excluded_until && protection.self_excluded_until.getTime() > now)
    ) {
      return refuse('SELF_EXCLUDED', language, {
        until: protection.self_excluded_permanent ? '∞' : fmtDate(protection.self_excluded_until!),
      });
    }
    if (protection?.timeout_until && protection.timeout_until.getTime() > now) {
      return refuse('TIMED_OUT', language, { until: fmtDate(protection.timeout_until) });
    }
    return { allowed: true };
  }

  /**
   * Decides and, for a deposit, counts it against the player's limits in the same transaction
   * under the player's protection row lock: racing deposits are counted one at a time, so the
   * accepted ones never sum past a limit. Refusals are audited.
   */
  async admit(request: GateRequest): Promise<void> {
    // Everything that needs no lock is read first, outside any transaction: a transaction
    // that waited for a second pooled connection could starve the pool under load.
    let decision = await this.decide(request, null);
    if (decision.allowed && request.action === 'deposit' && request.amount_minor) {
      const player = await this.repository.player(request.player_id);
      const currency = await this.options.currencyOf(player?.currency_id ?? null);
      const amount = request.amount_minor;
      decision = await this.repository.transaction(async (tx) => {
        const row = await this.repository.lockProtection(tx, request.player_id);
        const effective = this.applyDuePending(row);
        if (effective !== row)
          await this.repository.updateProtection(tx, row.player_id, this.limitPatch(effective));
        const limits = limitsOf(effective);
        if (LIMIT_PERIODS.some((period) => limits[period] !== null)) {
          const now = Date.now();
          const since = Object.fromEntries(
            LIMIT_PERIODS.map((p) => [p, new Date(now - WINDOW_MS[p])]),
          ) as Record<LimitPeriod, Date>;
          const used = await this.repository.usage(tx, request.player_id, since);
          for (const period of LIMIT_PERIODS) {
            const limit = limits[period];
            if (limit !== null && used[period] + amount > limit) {
              const remaining = LIMIT_PERIODS.reduce(
                (min, p) => {
                  const l = limits[p];
                  if (l === null) return min;
                  const left = l - used[p] > 0n ? l - used[p] : 0n;
                  return min === null || left < min ? left : min;
                },
                null as bigint | null,
              );
              return refuse('DEPOSIT_LIMIT', request.language, {
                period,
                remaining:
                  `${formatAmount(remaining ?? 0n, currency?.scale ?? 2)} ${currency?.code ?? ''}`.trim(),
              });
            }
          }
        }
        if (request.reference)
          await this.repository.recordUsage(tx, request.reference, request.player_id, amount);
        return { allowed: true } as GateDecision;
      });
    }
    if (!decision.allowed) {
      await this.audit.record({
        actor: { type: 'player', id: request.player_id },
        action: 'protection.refused',
        target: { type: 'player', id: request.player_id },
        metadata: {
          code: decision.code,
          action: request.action,
          route: request.route ?? null,
          amount_minor: request.amount_minor?.toString() ?? null,
          reference: request.reference ?? null,
        },
      });
      throw new AppError(decision.code, decision.message, { status: decision.status });
    }
  }

  async release(reference: string): Promise<void> {
    await this.repository.releaseUsage(reference);
  }

  // --- responsible gaming (the player's own tools) --------------------------------

  /** Pending raises whose cooling-off has passed take effect (lazily, when next read). */
  private applyDuePending(row: ProtectionRow): ProtectionRow {
    if (!row.pending_limits || !row.pending_from || row.pending_from.getTime() > Date.now())
      return row;
    const next = { ...row, pending_limits: null, pending_from: null };
    for (const period of LIMIT_PERIODS) {
      if (period in row.pending_limits) {
        const value = row.pending_limits[period];
        next[`deposit_limit_${period}`] = value === null ? null : BigInt(value);
      }
    }
    return next;
  }

  private limitPatch(row: ProtectionRow): Partial<ProtectionRow> {
    return {
      deposit_limit_daily: row.deposit_limit_daily,
      deposit_limit_weekly: row.deposit_limit_weekly,
      deposit_limit_monthly: row.deposit_limit_monthly,
      pending_limits: row.pending_limits,
      pending_from: row.pending_from,
    };
  }

  async status(player_id: bigint, client: { ip: string; debug_country?: string }) {
    const player = await this.repository.player(player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    const scale = currency?.scale ?? 2;
    const stored = await this.repository.protection(null, player_id);
    const row = stored ? this.applyDuePending(stored) : null;
    const place = await this.jurisdictionOf(client, player?.country ?? null);
    const show = (value: bigint | null) => (value === null ? null : formatAmount(value, scale));
    const now = Date.now();
    return {
      currency: currency?.code ?? null,
      limits: Object.fromEntries(
        LIMIT_PERIODS.map((p) => [p, show(row ? limitsOf(row)[p] : null)]),
      ) as Record<LimitPeriod, string | null>,
      pending: row?.pending_limits
        ? {
            effective_at: row.pending_from!.toISOString(),
            limits: Object.fromEntries(
              Object.entries(row.pending_limits).map(([p, v]) => [
                p,
                v === null ? null : formatAmount(BigInt(v), scale),
              ]),
            ),
          }
        : null,
      timeout_until:
        row?.timeout_until && row.timeout_until.getTime() > now
          ? row.timeout_until.toISOString()
          : null,
      self_excluded: Boolean(
        row?.self_excluded_permanent ||
          (row?.self_excluded_until && row.self_excluded_until.getTime() > now),
      ),
      self_excluded_until: row?.self_excluded_until?.toISOString() ?? null,
      self_excluded_permanent: row?.self_excluded_permanent ?? false,
      jurisdiction: {
        country: place.country,
        policy: place.policy,
        real_money:
          place.policy === 'real_money' ||
          Boolean(player?.test_account && this.options.env !== 'production'),
      },
    };
  }

  /**
   * New deposit limits (major units; null removes). A lower limit applies at once; a higher
   * one or a removal only after 24 h (it shows as pending meanwhile).
   */
  async setLimits(
    player_id: bigint,
    input: Partial<Record<LimitPeriod, string | null>>,
    actor: AuditActor,
  ) {
    const player = await this.repository.player(player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    if (!currency)
      throw new AppError('NO_WALLET_CURRENCY', 'Your account has no wallet currency', {
        status: 409,
      });
    const wanted: Partial<Limits> = {};
    for (const period of LIMIT_PERIODS) {
      if (!(period in input)) continue;
      const text = input[period];
      if (text === null || text === undefined || text === '') {
        wanted[period] = null;
        continue;
      }
      try {
        const amount = parseAmount(String(text).trim(), currency.scale);
        if (amount <= 0n) throw new Error('must be above zero');
        wanted[period] = amount;
      } catch (error) {
        const why = isMoneyError(error) ? error.message : (error as Error).message;
        throw new AppError('VALIDATION_FAILED', `${period} limit: ${why}`, {
          status: 422,
          errors: [{ path: period, message: why }],
        });
      }
    }
    await this.repository.transaction(async (tx) => {
      const row = this.applyDuePending(await this.repository.lockProtection(tx, player_id));
      const current = limitsOf(row);
      const now: Partial<Limits> = {};
      const later: Record<string, string | null> = { ...(row.pending_limits ?? {}) };
      for (const [period, value] of Object.entries(wanted) as Array<[LimitPeriod, bigint | null]>) {
        const tighter = value !== null && (current[period] === null || value <= current[period]!);
        if (tighter) {
          now[period] = value;
          delete later[period];
        } else if (value !== current[period]) {
          later[period] = value === null ? null : value.toString();
        }
      }
      const pending = Object.keys(later).length > 0 ? later : null;
      await this.repository.updateProtection(tx, player_id, {
        ...Object.fromEntries(Object.entries(now).map(([p, v]) => [`deposit_limit_${p}`, v])),
        pending_limits: pending as ProtectionRow['pending_limits'],
        pending_from: pending
          ? row.pending_from && row.pending_limits
            ? row.pending_from
            : new Date(Date.now() + COOLING_OFF_MS)
          : null,
      });
      const summary = LIMIT_PERIODS.filter((p) => p in wanted)
        .map(
          (p) =>
            `${p} ${wanted[p] === null ? 'none' : formatAmount(wanted[p]!, currency.scale)}${p in now ? '' : ' (after 24 h)'}`,
        )
        .join(', ');
      await this.repository.history(
        tx,
        player_id,
        actor.type === 'staff' ? 'staff' : 'player',
        `deposit limits: ${summary}`,
      );
    });
    await this.audit.record({
      actor,
      action: 'protection.limits',
      target: { type: 'player', id: player_id },
      after: Object.fromEntries(Object.entries(wanted).map(([k, v]) => [k, v?.toString() ?? null])),
    });
  }

  /** A time-out of 1 to 42 days; an earlier end never shortens one already running. */
  async timeout(player_id: bigint, days: number, actor: AuditActor) {
    if (!Number.isInteger(days) || days < TIMEOUT_DAYS.min || days > TIMEOUT_DAYS.max) {
      throw new AppError(
        'VALIDATION_FAILED',
        `A time-out lasts ${TIMEOUT_DAYS.min} to ${TIMEOUT_DAYS.max} days`,
        { status: 422 },
      );
    }
    await this.extend(
      player_id,
      'timeout_until',
      new Date(Date.now() + days * DAY_MS),
      `time-out for ${days} days`,
      actor,
    );
  }

  /** Self-exclusion for 6 months to 5 years, or permanent. It cannot be shortened, by anyone. */
  async selfExclude(player_id: bigint, months: number | 'permanent', actor: AuditActor) {
    if (months === 'permanent') {
      await this.repository.transaction(async (tx) => {
        await this.repository.lockProtection(tx, player_id);
        await this.repository.updateProtection(tx, player_id, { self_excluded_permanent: true });
        await this.repository.history(
          tx,
          player_id,
          actor.type === 'staff' ? 'staff' : 'player',
          'self-exclusion: permanent',
        );
      });
    } else {
      if (
        !Number.isInteger(months) ||
        months < SELF_EXCLUSION_MONTHS.min ||
        months > SELF_EXCLUSION_MONTHS.max
      ) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Self-exclusion lasts ${SELF_EXCLUSION_MONTHS.min} months to 5 years, or is permanent`,
          { status: 422 },
        );
      }
      const until = new Date();
      until.setUTCMonth(until.getUTCMonth() + months);
      await this.extend(
        player_id,
        'self_excluded_until',
        until,
        `self-exclusion for ${months} months`,
        actor,
      );
    }
    await this.audit.record({
      actor,
      action: 'protection.self_exclusion',
      target: { type: 'player', id: player_id },
      after: { months },
    });
  }

  private async extend(
    player_id: bigint,
    column: 'timeout_until' | 'self_excluded_until',
    until: Date,
    change: string,
    actor: AuditActor,
  ) {
    await this.repository.transaction(async (tx) => {
      const row = await this.repository.lockProtection(tx, player_id);
      const current = row[column];
      // Never shorter than what runs already.
      if (current && current.getTime() >= until.getTime()) return;
      await this.repository.updateProtection(tx, player_id, { [column]: until });
      await this.repository.history(
        tx,
        player_id,
        actor.type === 'staff' ? 'staff' : 'player',
        `${change} (until ${fmtDate(until)})`,
      );
    });
    if (column === 'timeout_until')
      await this.audit.record({
        actor,
        action: 'protection.timeout',
        target: { type: 'player', id: player_id },
        after: { until },
      });
  }

  // --- back office ---------------------------------------------------------------

  jurisdictions() {
    return this.repository.jurisdictions();
  }

  async setJurisdiction(
    input: { country: string; policy: Policy; min_age: number; note: string },
    actor: AuditActor,
  ) {
    const before = await this.repository.jurisdiction(input.country);
    const after = await this.repository.setJurisdiction(input);
    await this.audit.record({
      actor,
      action: 'jurisdiction.update',
      target: { type: 'jurisdiction', id: input.country },
      before,
      after,
    });
    return after;
  }

  async playerProtection(player_id: bigint) {
    return {
      ...(await this.status(player_id, { ip: '0.0.0.0' })),
      test_account: (await this.repository.player(player_id))?.test_account ?? false,
      history: (await this.repository.historyOf(player_id)).map((row) => ({
        actor: row.actor,
        change: row.change,
        at: row.created_at.toISOString(),
      })),
    };
  }

  /**
   * Freezes or unfreezes the player's withdrawals (compliance staff; the gate refuses
   * withdrawals while frozen). Recorded in the player's protection history and audited.
   */
  async setWithdrawalFreeze(
    player_id: bigint,
    frozen: boolean,
    reason: string,
    actor: AuditActor,
  ): Promise<void> {
    const player = await this.repository.player(player_id);
    if (!player) throw new AppError('NOT_FOUND', 'No such player', { status: 404 });
    const changed = await this.repository.transaction(async (tx) => {
      const row = await this.repository.lockProtection(tx, player_id);
      if (Boolean(row.withdrawals_frozen_at) === frozen) return false;
      await this.repository.updateProtection(tx, player_id, {
        withdrawals_frozen_at: frozen ? new Date() : null,
        withdrawals_frozen_reason: frozen ? reason : null,
      });
      await this.repository.history(
        tx,
        player_id,
        actor.type === 'staff' ? 'staff' : 'system',
        (frozen ? `withdrawals frozen: ${reason}` : `withdrawals unfrozen: ${reason}`).slice(
          0,
          200,
        ),
      );
      return true;
    });
    if (changed)
      await this.audit.record({
        actor,
        action: frozen ? 'compliance.freeze' : 'compliance.unfreeze',
        target: { type: 'player', id: player_id },
        metadata: { reason },
      });
  }

  /** Whether the player's withdrawals are frozen, and why. */
  async withdrawalFreeze(player_id: bigint) {
    const row = await this.repository.protection(null, player_id);
    return row?.withdrawals_frozen_at
      ? { frozen: true, since: row.withdrawals_frozen_at, reason: row.withdrawals_frozen_reason }
      : { frozen: false, since: null, reason: null };
  }

  async markTestAccount(player_id: bigint, test_account: boolean) {
    await this.repository.setTestAccount(player_id, test_account);
  }
}

function limitsOf(row: ProtectionRow): Limits {
  return {
    daily: row.deposit_limit_daily,
    weekly: row.deposit_limit_weekly,
    monthly: row.deposit_limit_monthly,
  };
}
