import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type CampaignRow = {
  id: bigint;
  player_id: bigint;
  code: string;
  name: string;
  clicks: bigint;
  created_at: Date;
};
export type ProgramRow = {
  revenue_share_percent: string;
  negative_carryover: boolean;
  updated_at: Date;
};
export type CommissionRow = {
  id: bigint;
  referrer_id: bigint;
  period: Date;
  currency: string;
  ngr_minor: bigint;
  carried_in_minor: bigint;
  carried_out_minor: bigint;
  rate_percent: string;
  commission_minor: bigint;
  transfer_id: bigint | null;
  created_at: Date;
};

export type AdjustmentRow = {
  id: bigint;
  request_id: string;
  player_id: bigint;
  currency: string;
  amount_minor: bigint;
  reason: string;
  staff_id: bigint;
  transfer_id: bigint | null;
  created_at: Date;
};

type AffiliateTables = {
  affiliate_campaigns: Omit<CampaignRow, 'id' | 'clicks' | 'created_at'> & {
    id: Generated<bigint>;
    clicks: Generated<bigint>;
    created_at: Generated<Date>;
  };
  affiliate_program: ProgramRow & { id: Generated<number> };
  affiliate_adjustments: Omit<AdjustmentRow, 'id' | 'created_at' | 'transfer_id'> & {
    id: Generated<bigint>;
    transfer_id: bigint | null;
    created_at: Generated<Date>;
  };
  affiliate_commissions: Omit<CommissionRow, 'id' | 'created_at' | 'transfer_id'> & {
    id: Generated<bigint>;
    transfer_id: bigint | null;
    created_at: Generated<Date>;
  };
};

export class AffiliateRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<AffiliateTables>();
  }

  campaigns(player_id: bigint): Promise<CampaignRow[]> {
    return this.db
      .selectFrom('affiliate_campaigns')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .execute();
  }

  allCampaigns(): Promise<CampaignRow[]> {
    return this.db.selectFrom('affiliate_campaigns').selectAll().orderBy('id').execute();
  }

  async campaignByCode(code: string): Promise<CampaignRow | null> {
    return (
      (await this.db
        .selectFrom('affiliate_campaigns')
        .selectAll()
        .where(sql`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst()) ?? null
    );
  }

  /** Null when the code is taken (the unique index decides, so two racing creates cannot both win). */
  async createCampaign(campaign: {
    player_id: bigint;
    code: string;
    name: string;
  }): Promise<CampaignRow | null> {
    return (
      (await this.db
        .insertInto('affiliate_campaigns')
        .values(campaign)
        .onConflict((conflict) => conflict.expression(sql`lower(code)`).doNothing())
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  async countCampaigns(player_id: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('affiliate_campaigns')
      .select(sql<string>`count(*)`.as('n'))
      .where('player_id', '=', player_id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async click(code: string): Promise<boolean> {
    const result = await this.db
      .updateTable('affiliate_campaigns')
      .set({ clicks: sql`clicks + 1` })
      .where(sql`lower(code)`, '=', code.toLowerCase())
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  program(): Promise<ProgramRow> {
    return this.db
      .selectFrom('affiliate_program')
      .select(['revenue_share_percent', 'negative_carryover', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  async setProgram(
    patch: Partial<Pick<ProgramRow, 'revenue_share_percent' | 'negative_carryover'>>,
  ): Promise<ProgramRow> {
    return this.db
      .updateTable('affiliate_program')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', 1)
      .returning(['revenue_share_percent', 'negative_carryover', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  /** The latest carry-out before `period` for a referrer and currency (negative NGR still to offset). */
  async carriedBefore(referrer_id: bigint, currency: string, period: Date): Promise<bigint> {
    const row = await this.db
      .selectFrom('affiliate_commissions')
      .select('carried_out_minor')
      .where('referrer_id', '=', referrer_id)
      .where('currency', '=', currency)
      .where('period', '<', period)
      .orderBy('period', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.carried_out_minor ?? 0n;
  }

  /** Records a month's commission once; null when that month was already recorded. */
  async insertCommission(
    row: Omit<CommissionRow, 'id' | 'created_at' | 'transfer_id'>,
  ): Promise<CommissionRow | null> {
    return (
      (await this.db
        .insertInto('affiliate_commissions')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['referrer_id', 'period', 'currency']).doNothing(),
        )
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  async setTransfer(id: bigint, transfer_id: bigint) {
    await this.db
      .updateTable('affiliate_commissions')
      .set({ transfer_id })
      .where('id', '=', id)
      .execute();
  }

  unpaid(limit: number): Promise<CommissionRow[]> {
    return this.db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .where('commission_minor', '>', 0n)
      .where('transfer_id', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  commissionsOf(referrer_id: bigint): Promise<CommissionRow[]> {
    return this.db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .where('referrer_id', '=', referrer_id)
      .orderBy('period', 'desc')
      .limit(120)
      .execute();
  }

  allCommissions(): Promise<CommissionRow[]> {
    return this.db
      .selectFrom('affiliate_commissions')
      .selectAll()
      .orderBy('period', 'desc')
      .limit(5000)
      .execute();
  }

  async periodDone(period: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('affiliate_commissions')
      .select('id')
      .where('period', '=', period)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The adjustment of a request, recorded once: a resubmitted form finds the first. */
  async recordAdjustment(
    row: Omit<AdjustmentRow, 'id' | 'created_at' | 'transfer_id'>,
  ): Promise<AdjustmentRow> {
    const inserted = await this.db
      .insertInto('affiliate_adjustments')
      .values(row)
      .onConflict((conflict) => conflict.column('request_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    return this.db
      .selectFrom('affiliate_adjustments')
      .selectAll()
      .where('request_id', '=', row.request_id)
      .executeTakeFirstOrThrow();
  }

  async setAdjustmentTransfer(id: bigint, transfer_id: bigint) {
    await this.db
      .updateTable('affiliate_adjustments')
      .set({ transfer_id })
      .where('id', '=', id)
      .execute();
  }

  async deleteAdjustment(id: bigint) {
    await this.db
      .deleteFrom('affiliate_adjustments')
      .where('id', '=', id)
      .where('transfer_id', 'is', null)
      .execute();
  }

  allAdjustments(): Promise<AdjustmentRow[]> {
    return this.db
      .selectFrom('affiliate_adjustments')
      .selectAll()
      .where('transfer_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(5000)
      .execute();
  }
}
