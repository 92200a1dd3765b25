import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type QueryExecutorProvider, sql } from 'kysely';
import type { Db } from './db/database.ts';

/**
 * Leader election for singletons on PostgreSQL (migration 0111): a lease row per singleton,
 * taken when free or run out, renewed by its holder, with a fencing token that grows at every
 * change of holder. At most one instance believes it leads at a time, as long as clocks run at
 * about the same rate: the holder counts its lease from before it asked for it and gives up a
 * margin before the database's expiry. Writes that must not come from a replaced holder check the
 * token in their own transaction (`fenced`).
 */

/** A lease lasts this long unless renewed; a dead holder's singleton moves within about this. */
export const LEADER_LEASE_MS_DEFAULT = 5_000;
/** The holder renews this often (a fraction of the lease), a standby asks this often. */
const RENEW_FRACTION = 1 / 3;
const STANDBY_FRACTION = 1 / 5;
/** The holder stops believing it leads this long before the database lets another take over. */
const SAFETY_FRACTION = 1 / 5;
const NAME = /^[a-z][a-z0-9_.-]{0,63}$/;

export type LeaderRole = {
  /** This instance now leads (after the previous holder's lease ran out): start the work. */
  acquired(token: bigint): Promise<void>;
  /** It no longer does (lost, or handed back at shutdown): stop at once. */
  lost(): Promise<void>;
};

export type LeaderOptions = {
  lease_ms?: number;
  log: (message: string, error: unknown) => void;
};

export type LeaseRow = { name: string; holder: string; token: string; expires_at: Date };

export class LeaderLease {
  /** Names this instance in the lease row (`host:pid:id`), as the outbox's lease does. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private token_: bigint | null = null;
  /** Local (monotonic) time until which this instance may act as the leader. */
  private valid_until = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private starting: Promise<void> | null = null;
  readonly lease_ms: number;

  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly role: LeaderRole,
    private readonly options: LeaderOptions,
  ) {
    if (!NAME.test(name)) throw new Error(`leader: bad lease name ${name}`);
    this.lease_ms = options.lease_ms ?? LEADER_LEASE_MS_DEFAULT;
  }

  /** The fencing token while this instance leads, else null. */
  get token(): bigint | null {
    return this.isLeader() ? this.token_ : null;
  }

  isLeader(): boolean {
    return this.token_ !== null && performance.now() < this.valid_until;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the work if this instance leads and hands the lease over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.starting;
    if (this.token_ !== null) {
      await this.demote();
      await sql`update leader_leases set expires_at = now() - interval '1 millisecond'
                 where name = ${this.name} and holder = ${this.holder}`
        .execute(this.db)
        .catch((error) => this.options.log(`leader ${this.name}: hand-over`, error));
    }
  }

  /**
   * Whether this instance still holds the lease, checked inside the caller's transaction and
   * holding the row (`for share`) until it ends: a takeover waits for the caller's commit, so
   * the new holder sees what this one wrote.
   */
  async fenced(executor: QueryExecutorProvider): Promise<boolean> {
    const token = this.token;
    if (token === null) return false;
    const { rows } = await sql<{ ok: number }>`
      select 1 as ok from leader_leases
       where name = ${this.name} and holder = ${this.holder} and token = ${token.toString()}
         and expires_at > now()
       for share`.execute(executor);
    return rows.length > 0;
  }

  /** Every lease row (the back office, tests). */
  static async all(db: Db): Promise<LeaseRow[]> {
    const { rows } = await sql<LeaseRow>`
      select name, holder, token::text as token, expires_at from leader_leases order by name`.execute(
      db,
    );
    return rows;
  }

  private schedule(delay_ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().finally(() => {
        this.running = null;
        const fraction = this.token_ !== null ? RENEW_FRACTION : STANDBY_FRACTION;
        this.schedule(this.lease_ms * fraction);
      });
    }, delay_ms);
    this.timer.unref();
  }

  /** Takes or renews the lease; starts or stops the work when that changes. */
  private async round(): Promise<void> {
    const asked_at = performance.now();
    let token: bigint | null = null;
    try {
      const { rows } = await sql<{ token: string }>`
        insert into leader_leases (name, holder, token, acquired_at, expires_at)
        values (${this.name}, ${this.holder}, 1, now(), now() + ${`${this.lease_ms} milliseconds`}::interval)
        on conflict (name) do update
          set token = leader_leases.token + (leader_leases.holder <> excluded.holder)::int,
              acquired_at = case when leader_leases.holder = excluded.holder
                                 then leader_leases.acquired_at else now() end,
              holder = excluded.holder, expires_at = excluded.expires_at
          where leader_leases.holder = excluded.holder or leader_leases.expires_at <= now()
        returning token::text`.execute(this.db);
      token = rows.length > 0 ? BigInt(rows[0]!.token) : null;
    } catch (error) {
      this.options.log(`leader ${this.name}: lease`, error);
      // Unreachable database: lead on only while the last renewal still covers it.
      if (this.token_ !== null && performance.now() >= this.valid_until) await this.demote();
      return;
    }
    if (token === null) {
      if (this.token_ !== null) await this.demote();
      return;
    }
    if (this.token_ !== null && this.token_ !== token) await this.demote();
    this.valid_until = asked_at + this.lease_ms * (1 - SAFETY_FRACTION);
    if (this.token_ === null && !this.stopped) {
      this.token_ = token;
      this.starting = this.role.acquired(token).catch(async (error) => {
        this.options.log(`leader ${this.name}: start`, error);
        // Could not start: give the lease back so another instance tries.
        await this.demote();
        await sql`update leader_leases set expires_at = now() - interval '1 millisecond'
                   where name = ${this.name} and holder = ${this.holder}`
          .execute(this.db)
          .catch(() => {});
      });
      await this.starting;
      this.starting = null;
    }
  }

  private async demote(): Promise<void> {
    if (this.token_ === null) return;
    this.token_ = null;
    this.valid_until = 0;
    await this.role.lost().catch((error) => this.options.log(`leader ${this.name}: stop`, error));
  }
}
