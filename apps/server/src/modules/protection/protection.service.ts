import { formatAmount, isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { SharedCache } from '../../platform/cache.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { currenciesError } from '../currencies/index.ts';
import { AnonymiserList } from './protection.anonymisers.ts';
import { gateRefusal } from './protection.errors.ts';
import type {
  GateClient,
  GateDecision,
  GateRequest,
  MoneyAction,
  PlayerGate,
} from './protection.gate.ts';
import type { GeoIp } from './protection.geoip.ts';
import { message, type RefusalCode } from './protection.messages.ts';
import {
  JURISDICTION_CHANNEL,
  type JurisdictionRow,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type Limits,
  type LocationPolicy,
  type MoneyLimitColumn,
  type Policy,
  PROTECTION_PLAYER_CHANNEL,
  type ProtectionRepository,
  type ProtectionRow,
  type ProtectionTx,
  TIME_SETTINGS,
  type TimeSetting,
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
/** Stakes: counted against wager and loss limits. */
const BETS: ReadonlySet<MoneyAction> = new Set(['casino_bet', 'sports_bet', 'provider_debit']);
export const SESSION_LIMIT_MINUTES = { min: 5, max: 1440 } as const;
export const REALITY_CHECK_MINUTES = { min: 5, max: 240 } as const;

/** The key a setting waits under in `pending_limits` (deposit limits keep their first keys). */
const pendingKey = (kind: LimitKind, period: LimitPeriod) =>
  kind === 'deposit' ? period : `${kind}_${period}`;
const column = (kind: LimitKind, period: LimitPeriod) =>
  `${kind}_limit_${period}` as MoneyLimitColumn;

/** Every adjustable setting: its pending key, its column, whether it is money. */
const SETTINGS: Array<{ key: string; column: MoneyLimitColumn | TimeSetting; money: boolean }> = [
  ...LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({
      key: pendingKey(kind, period),
      column: column(kind, period),
      money: true,
    })),
  ),
  ...TIME_SETTINGS.map((setting) => ({ key: setting, column: setting, money: false })),
];

/** How the history names each setting. */
const SETTING_LABELS: Record<string, string> = {
  daily: 'deposit daily',
  weekly: 'deposit weekly',
  monthly: 'deposit monthly',
  session_limit_minutes: 'session limit',
  reality_check_minutes: 'reality check',
};

export type LimitsInput = Partial<Record<LimitPeriod, string | null>> & {
  loss?: Partial<Record<LimitPeriod, string | null>>;
  wager?: Partial<Record<LimitPeriod, string | null>>;
  session_limit_minutes?: number | null;
  reality_check_minutes?: number | null;
};

type Currency = { code: string; scale: number };

/** What the gate reads of the player (the players module's row, kept in memory there). */
export type ProtectionPlayers = {
  byId(
    id: bigint,
  ): Promise<
    { country: string | null; test_account: boolean; currency_id: number | null } | undefined
  >;
  setTestAccount(id: bigint, test_account: boolean): Promise<void>;
};

/** What the play limits read of the ledger (stakes and returns; read-only). */
export type ProtectionLedger = {
  returnedSince(player_id: bigint, currency: string, since: readonly Date[]): Promise<bigint[]>;
  playSince(
    player_id: bigint,
    currency: string,
    since: Date,
  ): Promise<{ staked: bigint; returned: bigint }>;
  stakesByHour(
    player_id: bigint,
    since: Date,
  ): Promise<Array<{ currency: string; at: Date; amount_minor: bigint }>>;
};

export type ProtectionOptions = {
  env: string;
  currencyOf: (currency_id: number | null) => Promise<Currency | null>;
  players: ProtectionPlayers;
  ledger: ProtectionLedger;
  events: EventBus;
};

/**
 * The gate runs on every stake: a player's protection row and the jurisdiction table are kept in
 * memory, dropped on every instance when they change (NOTIFY on commit; everything on a lost
 * LISTEN connection). The bound limits what a lost notification could leave stale.
 */
const PROTECTION_CACHE = { ttl_ms: 30_000, size_max: 100_000 };
const JURISDICTION_CACHE = { ttl_ms: 60_000, size_max: 1_000 };

function refuse(
  code: RefusalCode,
  language: string | undefined,
  values: Record<string, string>,
): GateDecision {
  return { allowed: false, code, message: message(code, language, values) };
}

const fmtDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Why real money is off where the visitor is (each a refusal code with its message). */
type PlaceReason =
  | 'JURISDICTION_BLOCKED'
  | 'JURISDICTION_DEMO_ONLY'
  | 'COUNTRY_MISMATCH'
  | 'ANONYMISER'
  | null;
const LOCATION_POLICY_TTL_MS = 2_000;

export class ProtectionService implements PlayerGate {
  private location: { at: number; value: LocationPolicy } | null = null;
  private readonly rows: SharedCache<ProtectionRow | null>;
  private readonly places: SharedCache<JurisdictionRow | null>;

  constructor(
    private readonly repository: ProtectionRepository,
    private readonly geoip: GeoIp,
    private readonly audit: AuditService,
    private readonly options: ProtectionOptions,
    private readonly anonymisers: AnonymiserList = AnonymiserList.empty(),
  ) {
    this.rows = new SharedCache<ProtectionRow | null>(PROTECTION_CACHE, (key) =>
      this.repository.protection(null, BigInt(key)),
    ).listen(options.events, PROTECTION_PLAYER_CHANNEL);
    this.places = new SharedCache<JurisdictionRow | null>(JURISDICTION_CACHE, (country) =>
      this.repository.jurisdiction(country),
    ).listen(options.events, JURISDICTION_CHANNEL);
  }

  /** The player's data export: their responsible-gaming settings and history. */
  async exportOf(player_id: bigint) {
    const { settings, history } = await this.repository.exportOf(player_id);
    return { responsible_gaming: settings, responsible_gaming_history: history };
  }

  /** A transaction that may change the player's protection row; this instance forgets it at once. */
  private async changeProtection<T>(
    player_id: bigint,
    work: (tx: ProtectionTx) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.repository.transaction(work);
    } finally {
      this.rows.delete(String(player_id));
    }
  }

  /** The player's protection row as last committed (from memory). */
  private stored(player_id: bigint): Promise<ProtectionRow | null> {
    return this.rows.get(String(player_id));
  }

  private player(player_id: bigint) {
    return this.options.players.byId(player_id);
  }

  // --- jurisdiction --------------------------------------------------------------

  /**
   * The country and policy that apply, and why. The request's country comes from its address
   * (or, outside production, the debug header). Where the declared and the address's countries
   * are both known and differ, the operator's location policy decides (migration 0850): the
   * stricter of the two (the default, decision 0830), the declared one, the address's one, or
   * demo only. A request through an anonymising network is demo only where the operator chose
   * that. Unknown addresses (private, loopback) use the declared country only; with neither
   * known, real money is allowed.
   */
  async jurisdictionOf(client: GateClient, declared: string | null) {
    const requestCountry = client.debug_country ?? this.geoip.countryOf(client.ip);
    const location = await this.locationPolicy();
    const anonymised = this.isAnonymiser(client);
    const mismatch = Boolean(declared && requestCountry && declared !== requestCountry);
    const candidates = [
      ...new Set(
        (!mismatch
          ? [declared, requestCountry]
          : location.country_mismatch === 'declared'
            ? [declared]
            : location.country_mismatch === 'address'
              ? [requestCountry]
              : [declared, requestCountry]
        ).filter((c): c is string => Boolean(c)),
      ),
    ];
    let chosen: { country: string | null; policy: Policy; note: string; reason: PlaceReason } = {
      country: candidates[0] ?? null,
      policy: 'real_money',
      note: '',
      reason: null,
    };
    for (const country of candidates) {
      const row = await this.places.get(country);
      const policy = row?.policy ?? 'real_money';
      if (POLICY_RANK[policy] > POLICY_RANK[chosen.policy] || chosen.country === null) {
        chosen = { country, policy, note: row?.note ?? '', reason: null };
      }
    }
    // The operator's location rules only ever make things stricter than the country tables.
    if (chosen.policy === 'real_money') {
      if (mismatch && location.country_mismatch === 'demo_only')
        chosen = { ...chosen, policy: 'demo_only', reason: 'COUNTRY_MISMATCH' };
      else if (anonymised && location.anonymisers === 'demo_only')
        chosen = { ...chosen, policy: 'demo_only', reason: 'ANONYMISER' };
    }
    if (chosen.policy !== 'real_money' && chosen.reason === null)
      chosen.reason =
        chosen.policy === 'blocked' ? 'JURISDICTION_BLOCKED' : 'JURISDICTION_DEMO_ONLY';
    return {
      ...chosen,
      declared,
      request_country: requestCountry,
      anonymiser: anonymised,
      mismatch,
    };
  }

  /** Whether the request comes through an anonymising network (the list, or the debug header). */
  isAnonymiser(client: Pick<GateClient, 'ip' | 'debug_anonymiser'>): boolean {
    return client.debug_anonymiser === true || this.anonymisers.has(client.ip);
  }

  /**
   * The operator's location policy, read at most every 2 s: the gate runs on every stake, and a
   * change in the back office reaches every instance within that.
   */
  async locationPolicy(): Promise<LocationPolicy> {
    const now = Date.now();
    if (!this.location || now - this.location.at > LOCATION_POLICY_TTL_MS) {
      this.location = { at: now, value: await this.repository.locationPolicy() };
    }
    return this.location.value;
  }

  async setLocationPolicy(
    patch: Partial<Pick<LocationPolicy, 'country_mismatch' | 'anonymisers'>>,
    actor: AuditActor,
  ): Promise<LocationPolicy> {
    const before = await this.repository.locationPolicy();
    const after = await this.repository.setLocationPolicy(patch);
    this.location = { at: Date.now(), value: after };
    await this.audit.record({
      actor,
      action: 'jurisdiction.location_policy',
      target: { type: 'location_policy', id: 'operator' },
      before,
      after,
    });
    return after;
  }

  /** What the back office shows next to the policy: the list's size and file. */
  anonymiserList() {
    return { entries: this.anonymisers.entries, source: this.anonymisers.source };
  }

  /**
   * The minimum age to register: 18, or the higher `min_age` of the declared country or the
   * address's country (outside production the debug header is not consulted here).
   */
  async minimumAge(declared: string | null, ip: string): Promise<number> {
    let minimum = 18;
    for (const country of [declared, ip ? this.geoip.countryOf(ip) : null]) {
      if (!country) continue;
      const row = await this.places.get(country);
      if (row && row.min_age > minimum) minimum = row.min_age;
    }
    return minimum;
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
    const player = await this.player(request.player_id);
    if (!player) return { allowed: false, code: 'NOT_FOUND', message: 'No such player' };
    const language = request.language;
    if (ALWAYS_ALLOWED.has(request.action)) {
      // The one thing that stops money out: a compliance freeze (AML review).
      if (request.action === 'withdrawal') {
        const protection =
          row !== undefined
            ? row
            : tx
              ? await this.repository.protection(tx, request.player_id)
              : await this.stored(request.player_id);
        if (protection?.withdrawals_frozen_at) return refuse('WITHDRAWALS_FROZEN', language, {});
      }
      return { allowed: true };
    }

    const testAccount = player.test_account && this.options.env !== 'production';
    if (!testAccount) {
      const place = await this.jurisdictionOf(request, player.country);
      if (place.reason)
        return refuse(place.reason, language, {
          country: place.country ?? '',
          declared: place.declared ?? '',
          address: place.request_country ?? '',
        });
    }

    const protection =
      row !== undefined
        ? row
        : tx
          ? await this.repository.protection(tx, request.player_id)
          : await this.stored(request.player_id);
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
    // The session time limit: real-money play stops once this sign-in has lasted that long
    // (pending raises count only after their cooling-off).
    const sessionLimit = protection ? this.applyDuePending(protection).session_limit_minutes : null;
    if (
      sessionLimit &&
      request.session_started_at &&
      now - request.session_started_at.getTime() >= sessionLimit * 60_000
    ) {
      return refuse('SESSION_LIMIT', language, { minutes: String(sessionLimit) });
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
    // Bets read the protection row once, for the decision and the stake limits.
    const betRow = BETS.has(request.action) ? await this.stored(request.player_id) : undefined;
    let decision = await this.decide(request, null, betRow);
    if (decision.allowed && request.action === 'deposit' && request.amount_minor) {
      const player = await this.player(request.player_id);
      const currency = await this.options.currencyOf(player?.currency_id ?? null);
      const amount = request.amount_minor;
      decision = await this.changeProtection(request.player_id, async (tx) => {
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
    if (decision.allowed && BETS.has(request.action) && request.amount_minor) {
      decision = await this.admitStake(request, request.amount_minor, betRow ?? null);
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
      throw gateRefusal(decision);
    }
  }

  /**
   * A stake against wager and loss limits. Every stake is counted (so a limit set later sees
   * the whole window); with a limit, the check and the count happen in one transaction under
   * the player's protection row lock, so racing bets never sum past it. The loss so far is
   * stakes counted minus what came back (wins, refunds, voided stakes); a new stake is counted
   * as if lost, so the limit holds whatever the open bets do.
   */
  private async admitStake(
    request: GateRequest,
    amount: bigint,
    stored: ProtectionRow | null,
  ): Promise<GateDecision> {
    const reference = request.reference;
    const limited = stored !== null && playLimited(stored);
    // Without a wager or loss limit nothing is counted here (the ledger has every stake; a
    // limit set later starts from it, see `setLimits`).
    if (!limited) return { allowed: true };
    const player = await this.player(request.player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    const code = request.currency ?? currency?.code ?? '';
    return this.changeProtection(request.player_id, async (tx) => {
      const row = await this.repository.lockProtection(tx, request.player_id);
      const effective = this.applyDuePending(row);
      if (effective !== row)
        await this.repository.updateProtection(tx, row.player_id, this.limitPatch(effective));
      const now = Date.now();
      const since = Object.fromEntries(
        LIMIT_PERIODS.map((p) => [p, new Date(now - WINDOW_MS[p])]),
      ) as Record<LimitPeriod, Date>;
      const staked = await this.repository.staked(tx, request.player_id, code, since);
      const returned = await this.options.ledger.returnedSince(
        request.player_id,
        code,
        LIMIT_PERIODS.map((p) => since[p]),
      );
      const play = Object.fromEntries(
        LIMIT_PERIODS.map((p, n) => [p, { staked: staked[p], returned: returned[n] ?? 0n }]),
      ) as Record<LimitPeriod, { staked: bigint; returned: bigint }>;
      const show = (value: bigint) =>
        `${formatAmount(value > 0n ? value : 0n, currency?.scale ?? 2)} ${code}`.trim();
      for (const period of LIMIT_PERIODS) {
        const wager = effective[column('wager', period)];
        if (wager !== null && play[period].staked + amount > wager)
          return refuse('WAGER_LIMIT', request.language, {
            period,
            remaining: show(wager - play[period].staked),
          });
        const loss = effective[column('loss', period)];
        const lost = play[period].staked - play[period].returned;
        if (loss !== null && (lost > 0n ? lost : 0n) + amount > loss)
          return refuse('LOSS_LIMIT', request.language, {
            period,
            remaining: show(loss - (lost > 0n ? lost : 0n)),
          });
      }
      if (reference)
        await this.repository.recordStake(tx, reference, request.player_id, code, amount);
      return { allowed: true } as GateDecision;
    });
  }

  async release(reference: string): Promise<void> {
    await this.repository.releaseUsage(reference);
  }

  // --- responsible gaming (the player's own tools) --------------------------------

  /** Pending raises whose cooling-off has passed take effect (lazily, when next read). */
  private applyDuePending(row: ProtectionRow): ProtectionRow {
    if (!row.pending_limits || !row.pending_from || row.pending_from.getTime() > Date.now())
      return row;
    const next: Record<string, unknown> = { ...row, pending_limits: null, pending_from: null };
    for (const setting of SETTINGS) {
      if (!(setting.key in row.pending_limits)) continue;
      const value = row.pending_limits[setting.key];
      next[setting.column] =
        value === null || value === undefined
          ? null
          : setting.money
            ? BigInt(value)
            : Number(value);
    }
    return next as ProtectionRow;
  }

  private limitPatch(row: ProtectionRow): Partial<ProtectionRow> {
    const patch: Record<string, unknown> = {
      pending_limits: row.pending_limits,
      pending_from: row.pending_from,
    };
    for (const setting of SETTINGS) patch[setting.column] = row[setting.column];
    return patch as Partial<ProtectionRow>;
  }

  async status(player_id: bigint, client: GateClient) {
    const player = await this.player(player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    const scale = currency?.scale ?? 2;
    const stored = await this.stored(player_id);
    const row = stored ? this.applyDuePending(stored) : null;
    const place = await this.jurisdictionOf(client, player?.country ?? null);
    const show = (value: bigint | null) => (value === null ? null : formatAmount(value, scale));
    const now = Date.now();
    return {
      currency: currency?.code ?? null,
      limits: Object.fromEntries(
        LIMIT_PERIODS.map((p) => [p, show(row ? limitsOf(row)[p] : null)]),
      ) as Record<LimitPeriod, string | null>,
      loss_limits: Object.fromEntries(
        LIMIT_PERIODS.map((p) => [p, show(row ? row[column('loss', p)] : null)]),
      ) as Record<LimitPeriod, string | null>,
      wager_limits: Object.fromEntries(
        LIMIT_PERIODS.map((p) => [p, show(row ? row[column('wager', p)] : null)]),
      ) as Record<LimitPeriod, string | null>,
      session_limit_minutes: row?.session_limit_minutes ?? null,
      reality_check_minutes: row?.reality_check_minutes ?? null,
      marketing_opt_out: row?.marketing_opt_out ?? false,
      pending: row?.pending_limits
        ? {
            effective_at: row.pending_from!.toISOString(),
            limits: Object.fromEntries(
              Object.entries(row.pending_limits).map(([key, v]) => [
                key,
                v === null
                  ? null
                  : (TIME_SETTINGS as readonly string[]).includes(key)
                    ? v
                    : formatAmount(BigInt(v), scale),
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
   * New limits: deposit (`daily`/`weekly`/`monthly`), `loss` and `wager` (major units; null
   * removes), the session limit and the reality-check interval (minutes; null removes). A
   * tighter setting applies at once; a looser one or a removal only after 24 h (pending).
   */
  async setLimits(player_id: bigint, input: LimitsInput, actor: AuditActor) {
    const player = await this.player(player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    if (!currency) throw currenciesError('NO_WALLET_CURRENCY');
    // Wanted values by setting key: money in minor units, minutes as numbers.
    const wanted = new Map<string, bigint | number | null>();
    const money = (kind: LimitKind, values: Partial<Record<LimitPeriod, string | null>>) => {
      for (const period of LIMIT_PERIODS) {
        if (!(period in values)) continue;
        const text = values[period];
        const path = kind === 'deposit' ? period : `${kind}.${period}`;
        if (text === null || text === undefined || text === '') {
          wanted.set(pendingKey(kind, period), null);
          continue;
        }
        try {
          const amount = parseAmountInput(String(text).trim(), currency.scale);
          if (amount <= 0n) throw new Error('must be above zero');
          wanted.set(pendingKey(kind, period), amount);
        } catch (error) {
          const why = isMoneyError(error) ? error.message : (error as Error).message;
          throw new AppError('VALIDATION_FAILED', `${path} limit: ${why}`, {
            errors: [{ path, message: why }],
          });
        }
      }
    };
    money('deposit', input);
    if (input.loss) money('loss', input.loss);
    if (input.wager) money('wager', input.wager);
    const minutes = (key: TimeSetting, range: { min: number; max: number }) => {
      if (!(key in input)) return;
      const value = input[key];
      if (value === null || value === undefined) return void wanted.set(key, null);
      if (!Number.isInteger(value) || value < range.min || value > range.max)
        throw new AppError(
          'VALIDATION_FAILED',
          `${key}: ${range.min} to ${range.max} minutes, or null for none`,
          { errors: [{ path: key, message: `${range.min} to ${range.max}` }] },
        );
      wanted.set(key, value);
    };
    minutes('session_limit_minutes', SESSION_LIMIT_MINUTES);
    minutes('reality_check_minutes', REALITY_CHECK_MINUTES);
    if (wanted.size === 0) return;

    const summary: string[] = [];
    // A first wager or loss limit counts the window's earlier stakes too: until now none were
    // counted here (the ledger has them all). Read before the transaction (another connection).
    const playLimit = [...wanted.keys()].some((key) => /^(wager|loss)_/.test(key));
    const earlier = playLimit
      ? await this.options.ledger.stakesByHour(player_id, new Date(Date.now() - WINDOW_MS.monthly))
      : [];
    await this.changeProtection(player_id, async (tx) => {
      const locked = await this.repository.lockProtection(tx, player_id);
      const row = this.applyDuePending(locked);
      const wasLimited = playLimited(locked);
      const now: Record<string, unknown> = {};
      const later: Record<string, string | null> = { ...(row.pending_limits ?? {}) };
      for (const setting of SETTINGS) {
        if (!wanted.has(setting.key)) continue;
        const value = wanted.get(setting.key)!;
        const current = row[setting.column] as bigint | number | null;
        const tighter = value !== null && (current === null || value <= current);
        if (tighter) {
          now[setting.column] = value;
          delete later[setting.key];
        } else if (value !== current) {
          later[setting.key] = value === null ? null : value.toString();
        } else {
          delete later[setting.key];
        }
        if (value === current && !(setting.key in (row.pending_limits ?? {}))) continue;
        const shown =
          value === null
            ? 'none'
            : setting.money
              ? formatAmount(value as bigint, currency.scale)
              : `${value} min`;
        summary.push(
          `${SETTING_LABELS[setting.key] ?? setting.key.replace('_', ' ')} ${shown}${tighter || value === current ? '' : ' (after 24 h)'}`,
        );
      }
      const pending = Object.keys(later).length > 0 ? later : null;
      if (playLimit && !wasLimited) await this.repository.restartStakes(tx, player_id, earlier);
      await this.repository.updateProtection(tx, player_id, {
        ...now,
        pending_limits: pending,
        pending_from: pending
          ? row.pending_from && row.pending_limits
            ? row.pending_from
            : new Date(Date.now() + COOLING_OFF_MS)
          : null,
      } as Partial<ProtectionRow>);
      await this.repository.history(
        tx,
        player_id,
        actor.type === 'staff' ? 'staff' : 'player',
        `limits: ${summary.join(', ')}`.slice(0, 200),
      );
    });
    await this.audit.record({
      actor,
      action: 'protection.limits',
      target: { type: 'player', id: player_id },
      after: Object.fromEntries(
        [...wanted.entries()].map(([k, v]) => [k, v === null ? null : v.toString()]),
      ),
    });
  }

  /** Marketing opt-out (the player's choice; self-exclusion also stops marketing). */
  async setMarketingOptOut(player_id: bigint, opt_out: boolean, actor: AuditActor) {
    await this.changeProtection(player_id, async (tx) => {
      await this.repository.lockProtection(tx, player_id);
      await this.repository.updateProtection(tx, player_id, { marketing_opt_out: opt_out });
      await this.repository.history(
        tx,
        player_id,
        actor.type === 'staff' ? 'staff' : 'player',
        opt_out ? 'marketing: opted out' : 'marketing: opted in',
      );
    });
    await this.audit.record({
      actor,
      action: 'protection.marketing',
      target: { type: 'player', id: player_id },
      after: { opt_out },
    });
  }

  /**
   * Whether the operator may send this player marketing: not after an opt-out, never while
   * self-excluded or in a time-out. Every marketing sender must ask this first.
   */
  async mayMarketTo(player_id: bigint): Promise<boolean> {
    const row = await this.stored(player_id);
    if (!row) return true;
    const now = Date.now();
    if (row.marketing_opt_out || row.self_excluded_permanent) return false;
    if (row.self_excluded_until && row.self_excluded_until.getTime() > now) return false;
    if (row.timeout_until && row.timeout_until.getTime() > now) return false;
    return true;
  }

  /**
   * The reality check's figures for the current sign-in session: time played, staked,
   * returned and the net result in the wallet currency (from the ledger), and the settings.
   */
  async session(player_id: bigint, started_at: Date) {
    const player = await this.player(player_id);
    const currency = await this.options.currencyOf(player?.currency_id ?? null);
    const stored = await this.stored(player_id);
    const row = stored ? this.applyDuePending(stored) : null;
    const figures = currency
      ? await this.options.ledger.playSince(player_id, currency.code, started_at)
      : { staked: 0n, returned: 0n };
    const scale = currency?.scale ?? 2;
    const limit = row?.session_limit_minutes ?? null;
    return {
      started_at: started_at.toISOString(),
      minutes_played: Math.floor((Date.now() - started_at.getTime()) / 60_000),
      currency: currency?.code ?? null,
      staked: formatAmount(figures.staked, scale),
      returned: formatAmount(figures.returned, scale),
      net: formatAmount(figures.returned - figures.staked, scale),
      reality_check_minutes: row?.reality_check_minutes ?? null,
      session_limit_minutes: limit,
      session_ends_at: limit ? new Date(started_at.getTime() + limit * 60_000).toISOString() : null,
    };
  }

  /** A time-out of 1 to 42 days; an earlier end never shortens one already running. */
  async timeout(player_id: bigint, days: number, actor: AuditActor) {
    if (!Number.isInteger(days) || days < TIMEOUT_DAYS.min || days > TIMEOUT_DAYS.max) {
      throw new AppError(
        'VALIDATION_FAILED',
        `A time-out lasts ${TIMEOUT_DAYS.min} to ${TIMEOUT_DAYS.max} days`,
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
      await this.changeProtection(player_id, async (tx) => {
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
    await this.changeProtection(player_id, async (tx) => {
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
      test_account: (await this.player(player_id))?.test_account ?? false,
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
    const player = await this.player(player_id);
    if (!player) throw new AppError('NOT_FOUND', 'No such player');
    const changed = await this.changeProtection(player_id, async (tx) => {
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
    const row = await this.stored(player_id);
    return row?.withdrawals_frozen_at
      ? { frozen: true, since: row.withdrawals_frozen_at, reason: row.withdrawals_frozen_reason }
      : { frozen: false, since: null, reason: null };
  }

  async markTestAccount(player_id: bigint, test_account: boolean) {
    await this.options.players.setTestAccount(player_id, test_account);
  }
}

/** Whether a wager or loss limit is set or pending: then every stake is counted at admission. */
function playLimited(row: ProtectionRow): boolean {
  return (['loss', 'wager'] as const).some((kind) =>
    LIMIT_PERIODS.some(
      (period) =>
        row[column(kind, period)] !== null ||
        row.pending_limits?.[pendingKey(kind, period)] !== undefined,
    ),
  );
}

function limitsOf(row: ProtectionRow): Limits {
  return {
    daily: row.deposit_limit_daily,
    weekly: row.deposit_limit_weekly,
    monthly: row.deposit_limit_monthly,
  };
}
