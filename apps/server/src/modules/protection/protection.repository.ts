import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

export type Policy = 'real_money' | 'demo_only' | 'blocked';
export type JurisdictionRow = {
  country: string;
  policy: Policy;
  min_age: number;
  note: string;
  updated_at: Date;
};
/** When the declared and the address's countries differ (migration 0850). */
export const MISMATCH_MODES = ['stricter', 'declared', 'address', 'demo_only'] as const;
export type MismatchMode = (typeof MISMATCH_MODES)[number];
/** A request through an anonymising network. */
export const ANONYMISER_MODES = ['allow', 'flag', 'demo_only'] as const;
export type AnonymiserMode = (typeof ANONYMISER_MODES)[number];
export type LocationPolicy = {
  country_mismatch: MismatchMode;
  anonymisers: AnonymiserMode;
  updated_at: Date;
};
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type Limits = Record<LimitPeriod, bigint | null>;
/** Money limits: deposits, net losses, stakes (each per rolling day, week, month). */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type MoneyLimitColumn = `${LimitKind}_limit_${LimitPeriod}`;
/** Time settings: the session limit and the reality-check interval (minutes). */
export const TIME_SETTINGS = ['session_limit_minutes', 'reality_check_minutes'] as const;
export type TimeSetting = (typeof TIME_SETTINGS)[number];

export type ProtectionRow = {
  player_id: bigint;
  deposit_limit_daily: bigint | null;
  deposit_limit_weekly: bigint | null;
  deposit_limit_monthly: bigint | null;
  loss_limit_daily: bigint | null;
  loss_limit_weekly: bigint | null;
  loss_limit_monthly: bigint | null;
  wager_limit_daily: bigint | null;
  wager_limit_weekly: bigint | null;
  wager_limit_monthly: bigint | null;
  session_limit_minutes: number | null;
  reality_check_minutes: number | null;
  marketing_opt_out: boolean;
  /**
   * Raised or removed settings waiting out the 24 h cooling-off, by key: `daily` / `weekly` /
   * `monthly` for deposit limits (the first keys), `loss_daily`…, `wager_daily`…, and the
   * time settings by column name.
   */
  pending_limits: Record<string, string | null> | null;
  pending_from: Date | null;
  timeout_until: Date | null;
  self_excluded_until: Date | null;
  self_excluded_permanent: boolean;
  /** Set by compliance staff (AML): withdrawals are refused while it holds. */
  withdrawals_frozen_at: Date | null;
  withdrawals_frozen_reason: string | null;
  updated_at: Date;
};

type Tables = {
  jurisdictions: JurisdictionRow;
  location_policy: LocationPolicy & { singleton: Generated<boolean> };
  player_protection: Omit<
    ProtectionRow,
    'updated_at' | 'self_excluded_permanent' | 'marketing_opt_out'
  > & {
    updated_at: Generated<Date>;
    self_excluded_permanent: Generated<boolean>;
    marketing_opt_out: Generated<boolean>;
  };
  stake_limit_usage: {
    reference: string;
    player_id: bigint;
    currency: string;
    amount_minor: bigint;
    created_at: Generated<Date>;
  };
  deposit_limit_usage: {
    reference: string;
    player_id: bigint;
    amount_minor: bigint;
    created_at: Generated<Date>;
  };
  protection_history: {
    id: Generated<bigint>;
    player_id: bigint;
    actor: 'player' | 'staff' | 'system';
    change: string;
    created_at: Generated<Date>;
  };
};
export type ProtectionTx = Transaction<Tables>;

/** Triggers announce changed protection rows and jurisdictions on commit (migration 0860). */
export const PROTECTION_PLAYER_CHANNEL = 'protection_player';
/** Announces a changed jurisdiction (payload: the country). */
export const JURISDICTION_CHANNEL = 'jurisdiction_changed';

export class ProtectionRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  transaction<T>(work: (tx: ProtectionTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async jurisdiction(country: string): Promise<JurisdictionRow | null> {
    return (
      (await this.db
        .selectFrom('jurisdictions')
        .selectAll()
        .where('country', '=', country)
        .executeTakeFirst()) ?? null
    );
  }

  async locationPolicy(): Promise<LocationPolicy> {
    return this.db
      .selectFrom('location_policy')
      .select(['country_mismatch', 'anonymisers', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  async setLocationPolicy(
    patch: Partial<Omit<LocationPolicy, 'updated_at'>>,
  ): Promise<LocationPolicy> {
    return this.db
      .updateTable('location_policy')
      .set({ ...patch, updated_at: new Date() })
      .returning(['country_mismatch', 'anonymisers', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  jurisdictions(): Promise<JurisdictionRow[]> {
    return this.db.selectFrom('jurisdictions').selectAll().orderBy('country').execute();
  }

  async setJurisdiction(row: Omit<JurisdictionRow, 'updated_at'>): Promise<JurisdictionRow> {
    const saved = await this.db
      .insertInto('jurisdictions')
      .values({ ...row, updated_at: new Date() })
      .onConflict((conflict) =>
        conflict.column('country').doUpdateSet({
          policy: row.policy,
          min_age: row.min_age,
          note: row.note,
          updated_at: new Date(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return saved;
  }

  async protection(
    tx: ProtectionTx | null,
    player_id: bigint,
    lock = false,
  ): Promise<ProtectionRow | null> {
    let query = (tx ?? this.db)
      .selectFrom('player_protection')
      .selectAll()
      .where('player_id', '=', player_id);
    if (lock) query = query.forUpdate();
    return ((await query.executeTakeFirst()) as ProtectionRow | undefined) ?? null;
  }

  /** The player's row, created if missing, locked for the rest of the transaction. */
  async lockProtection(tx: ProtectionTx, player_id: bigint): Promise<ProtectionRow> {
    await tx
      .insertInto('player_protection')
      .values({ player_id } as never)
      .onConflict((c) => c.column('player_id').doNothing())
      .execute();
    return (await this.protection(tx, player_id, true))!;
  }

  async updateProtection(
    tx: ProtectionTx,
    player_id: bigint,
    patch: Partial<Omit<ProtectionRow, 'player_id'>>,
  ) {
    const values: Record<string, unknown> = { ...patch, updated_at: new Date() };
    if (patch.pending_limits !== undefined)
      values.pending_limits =
        patch.pending_limits === null ? null : JSON.stringify(patch.pending_limits);
    await tx
      .updateTable('player_protection')
      .set(values as never)
      .where('player_id', '=', player_id)
      .execute();
  }

  /** Deposits counted since each period start. */
  async usage(
    tx: ProtectionTx,
    player_id: bigint,
    since: Record<LimitPeriod, Date>,
  ): Promise<Record<LimitPeriod, bigint>> {
    const row = await tx
      .selectFrom('deposit_limit_usage')
      .select([
        sql<string>`coalesce(sum(amount_minor) filter (where created_at >= ${since.daily}), 0)`.as(
          'daily',
        ),
        sql<string>`coalesce(sum(amount_minor) filter (where created_at >= ${since.weekly}), 0)`.as(
          'weekly',
        ),
        sql<string>`coalesce(sum(amount_minor) filter (where created_at >= ${since.monthly}), 0)`.as(
          'monthly',
        ),
      ])
      .where('player_id', '=', player_id)
      .where('created_at', '>=', since.monthly < since.weekly ? since.monthly : since.weekly)
      .executeTakeFirstOrThrow();
    return { daily: BigInt(row.daily), weekly: BigInt(row.weekly), monthly: BigInt(row.monthly) };
  }

  /** False when the reference was counted before (a retry). */
  async recordUsage(
    tx: ProtectionTx,
    reference: string,
    player_id: bigint,
    amount_minor: bigint,
  ): Promise<boolean> {
    const row = await tx
      .insertInto('deposit_limit_usage')
      .values({ reference, player_id, amount_minor })
      .onConflict((c) => c.column('reference').doNothing())
      .returning('reference')
      .executeTakeFirst();
    return row !== undefined;
  }

  async releaseUsage(reference: string) {
    await this.db.deleteFrom('deposit_limit_usage').where('reference', '=', reference).execute();
    await this.db.deleteFrom('stake_limit_usage').where('reference', '=', reference).execute();
  }

  /** Counts a stake against wager and loss limits (false when the reference was counted). */
  async recordStake(
    tx: ProtectionTx | null,
    reference: string,
    player_id: bigint,
    currency: string,
    amount_minor: bigint,
  ): Promise<boolean> {
    const row = await (tx ?? this.db)
      .insertInto('stake_limit_usage')
      .values({ reference, player_id, currency, amount_minor })
      .onConflict((c) => c.column('reference').doNothing())
      .returning('reference')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stakes counted against the player's wager and loss limits since each period's start. */
  async staked(
    tx: ProtectionTx,
    player_id: bigint,
    currency: string,
    since: Record<LimitPeriod, Date>,
  ): Promise<Record<LimitPeriod, bigint>> {
    const row = await tx
      .selectFrom('stake_limit_usage')
      .select([
        sql<string>`coalesce(sum(amount_minor) filter (where created_at >= ${since.daily}), 0)`.as(
          'daily',
        ),
        sql<string>`coalesce(sum(amount_minor) filter (where created_at >= ${since.weekly}), 0)`.as(
          'weekly',
        ),
        sql<string>`coalesce(sum(amount_minor), 0)`.as('monthly'),
      ])
      .where('player_id', '=', player_id)
      .where('currency', '=', currency)
      .where('created_at', '>=', since.monthly)
      .executeTakeFirstOrThrow();
    return { daily: BigInt(row.daily), weekly: BigInt(row.weekly), monthly: BigInt(row.monthly) };
  }

  /**
   * Starts counting a player's stakes afresh from what the ledger says they staked (per hour):
   * when a wager or loss limit is first set, the window's earlier stakes count too.
   */
  async restartStakes(
    tx: ProtectionTx,
    player_id: bigint,
    hours: ReadonlyArray<{ currency: string; at: Date; amount_minor: bigint }>,
  ) {
    await tx.deleteFrom('stake_limit_usage').where('player_id', '=', player_id).execute();
    if (hours.length === 0) return;
    await tx
      .insertInto('stake_limit_usage')
      .values(
        hours.map((hour) => ({
          reference: `ledger:${player_id}:${hour.currency}:${hour.at.toISOString()}`,
          player_id,
          currency: hour.currency,
          amount_minor: hour.amount_minor,
          created_at: hour.at,
        })),
      )
      .execute();
  }

  async history(
    tx: ProtectionTx | null,
    player_id: bigint,
    actor: 'player' | 'staff' | 'system',
    change: string,
  ) {
    await (tx ?? this.db)
      .insertInto('protection_history')
      .values({ player_id, actor, change })
      .execute();
  }

  historyOf(player_id: bigint) {
    return this.db
      .selectFrom('protection_history')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /** The player's settings and their history for the data export (JSON text each). */
  async exportOf(player_id: bigint) {
    const settings = await sql<{ settings: string }>`
      select coalesce((select to_jsonb(r) from player_protection r where r.player_id = ${player_id}),
                      'null'::jsonb)::text as settings`.execute(this.db);
    return {
      settings: settings.rows[0]!.settings,
      history: await playerRowsJson(this.db, 'protection_history', player_id),
    };
  }
}
