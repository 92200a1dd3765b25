import type { WebVitalName } from '@casino/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

type VitalsTables = {
  web_vitals: {
    id: bigint;
    created_at: Date;
    route: string;
    device: 'mobile' | 'desktop';
    metric: WebVitalName;
    value: number;
  };
};

export type VitalsSample = {
  route: string;
  device: 'mobile' | 'desktop';
  metric: WebVitalName;
  value: number;
};

export type P75Row = {
  route: string;
  device: 'mobile' | 'desktop';
  metric: WebVitalName;
  p75: number;
  samples: number;
};

export class VitalsRepository {
  private readonly db;
  /** The percentile report reads here: a read replica when the deployment has one. */
  private readonly reports;
  constructor(db: Db, reports: Db = db) {
    this.db = db.withTables<VitalsTables>();
    this.reports = reports.withTables<VitalsTables>();
  }

  async insert(samples: VitalsSample[]): Promise<void> {
    if (samples.length === 0) return;
    await this.db
      .insertInto('web_vitals')
      .values(samples as never)
      .execute();
  }

  /** The 75th percentile of each metric per page and device since `since`. */
  async p75Since(since: Date): Promise<P75Row[]> {
    const rows = await this.reports
      .selectFrom('web_vitals')
      .select([
        'route',
        'device',
        'metric',
        sql<number>`percentile_cont(0.75) within group (order by value)`.as('p75'),
        sql<number>`count(*)::int`.as('samples'),
      ])
      .where('created_at', '>=', since)
      .groupBy(['route', 'device', 'metric'])
      .execute();
    return rows.map((row) => ({ ...row, p75: Number(row.p75), samples: Number(row.samples) }));
  }

  /** Deletes rows older than `before`, at most `limit` at a time; returns how many. */
  async deleteBefore(before: Date, limit: number): Promise<number> {
    const result = await sql<{ n: number }>`
      with gone as (
        delete from web_vitals
        where id in (select id from web_vitals where created_at < ${before} order by created_at limit ${limit})
        returning 1
      )
      select count(*)::int as n from gone`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }
}
