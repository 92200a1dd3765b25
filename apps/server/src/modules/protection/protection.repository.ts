import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type Policy = 'real_money' | 'demo_only' | 'blocked';
export type JurisdictionRow = {
  country: string;
  policy: Policy;
  min_age: number;
  note: string;
  updated_at: Date;
};
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type Limits = Record<LimitPeriod, bigint | null>;

export type ProtectionRow = {
  player_id: bigint;
  deposit_limit_daily: bigint | null;
  deposit_limit_weekly: bigint | null;
  deposit_limit_monthly: bigint | null;
  pending_limits: Record<LimitPeriod, string | null> | null;
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
  players: {
    id: bigint;
    country: string | null;
    test_account: boolean;
    currency_id: number | null;
  };
  player_protection: Omit<ProtectionRow, 'updated_at' | 'self_excluded_permanent'> & {
    updated_at: Generated<Date>;
    self_excluded_permanent: Generated<boolean>;
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

  jurisdictions(): Promise<JurisdictionRow[]> {
    return this.db.selectFrom('jurisdictions').selectAll().orderBy('country').execute();
  }

  async setJurisdiction(row: Omit<JurisdictionRow, 'updated_at'>): Promise<JurisdictionRow> {
    return this.db
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
  }

  async player(id: bigint) {
    return (
      (await this.db
        .selectFrom('players')
        .select(['id', 'country', 'test_account', 'currency_id'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  async setTestAccount(id: bigint, test_account: boolean) {
    await this.db.updateTable('players').set({ test_account }).where('id', '=', id).execute();
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
}
