import { sql } from 'kysely';
import type { Db } from './db/database.ts';

/**
 * Counters in PostgreSQL so every instance behind a load balancer sees the same
 * numbers. Two shapes: a fixed window (`hit`) and a failure back-off (`fail`/`blockedFor`)
 * whose delay doubles with each failure past a free allowance.
 */
export type WindowLimit = { limit: number; window_ms: number };
export type BackoffPolicy = { free_failures: number; window_ms: number; delay_ms_max: number };

type Buckets = {
  rate_limit_buckets: {
    key: string;
    window_started_at: Date;
    hits: number;
    blocked_until: Date | null;
  };
};

export class RateLimiter {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Buckets>();
  }

  /** Counts one hit; `allowed` is false once the window's limit is passed. */
  async hit(key: string, { limit, window_ms }: WindowLimit) {
    const window = `${window_ms} milliseconds`;
    const row = await this.db
      .insertInto('rate_limit_buckets')
      .values({ key, window_started_at: sql`now()`, hits: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql`case when rate_limit_buckets.window_started_at + ${window}::interval < now()
                    then 1 else rate_limit_buckets.hits + 1 end`,
          window_started_at: sql`case when rate_limit_buckets.window_started_at + ${window}::interval < now()
                    then now() else rate_limit_buckets.window_started_at end`,
        }),
      )
      .returning([
        'hits',
        sql<number>`ceil(extract(epoch from (window_started_at + ${window}::interval - now())))::int`.as(
          'retry_after_s',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      allowed: row.hits <= limit,
      hits: row.hits,
      retry_after_s: Math.max(1, row.retry_after_s),
    };
  }

  /** Seconds the key must still wait, or 0. */
  async blockedFor(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limit_buckets')
      .select(
        sql<number>`greatest(0, ceil(extract(epoch from (blocked_until - now()))))::int`.as(
          'seconds',
        ),
      )
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.seconds ?? 0;
  }

  /** Records a failure; past the free allowance the key waits 1 s, 2 s, 4 s … up to the cap. */
  async fail(key: string, policy: BackoffPolicy): Promise<number> {
    const { hits } = await this.hit(key, {
      limit: Number.MAX_SAFE_INTEGER,
      window_ms: policy.window_ms,
    });
    const excess = hits - policy.free_failures;
    if (excess <= 0) return 0;
    const delay_ms = Math.min(policy.delay_ms_max, 1000 * 2 ** Math.min(excess - 1, 30));
    await this.db
      .updateTable('rate_limit_buckets')
      .set({ blocked_until: sql`now() + ${`${delay_ms} milliseconds`}::interval` })
      .where('key', '=', key)
      .execute();
    return Math.ceil(delay_ms / 1000);
  }

  async count(key: string, window_ms: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limit_buckets')
      .select('hits')
      .where('key', '=', key)
      .where(sql<boolean>`window_started_at + ${`${window_ms} milliseconds`}::interval >= now()`)
      .executeTakeFirst();
    return row?.hits ?? 0;
  }

  /** Drops counters whose window and back-off are long over; run periodically. */
  async prune(older_than_ms: number): Promise<number> {
    const age = `${older_than_ms} milliseconds`;
    const result = await this.db
      .deleteFrom('rate_limit_buckets')
      .where(sql<boolean>`window_started_at < now() - ${age}::interval`)
      .where((eb) =>
        eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', sql<Date>`now()`)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_buckets').where('key', '=', key).execute();
  }
}
