import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type SessionRow = {
  id: bigint;
  player_id: bigint;
  token_hash: Buffer;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
};

type AuthTables = {
  player_sessions: Omit<
    SessionRow,
    'id' | 'created_at' | 'last_seen_at' | 'revoked_at' | 'revoked_reason'
  > & {
    id: Generated<bigint>;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    revoked_at: Date | null;
    revoked_reason: string | null;
  };
  password_resets: {
    id: Generated<bigint>;
    player_id: bigint;
    token_hash: Buffer;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
    revoked_at: Date | null;
  };
};

export class AuthRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<AuthTables>();
  }

  async createSession(row: {
    player_id: bigint;
    token_hash: Buffer;
    ip: string | null;
    user_agent: string | null;
    absolute_ms: number;
  }) {
    return this.db
      .insertInto('player_sessions')
      .values({
        player_id: row.player_id,
        token_hash: row.token_hash,
        ip: row.ip,
        user_agent: row.user_agent,
        expires_at: sql`now() + ${`${row.absolute_ms} milliseconds`}::interval`,
        revoked_at: null,
        revoked_reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<SessionRow>;
  }

  /**
   * A live session: not revoked, inside its absolute lifetime and used within the
   * idle window. `last_seen_at` is refreshed at most once per `touch_ms` to spare writes.
   */
  async liveSession(
    token_hash: Buffer,
    idle_ms: number,
    touch_ms: number,
  ): Promise<SessionRow | undefined> {
    const idle = `${idle_ms} milliseconds`;
    const session = (await this.db
      .selectFrom('player_sessions')
      .selectAll()
      .where('token_hash', '=', token_hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('last_seen_at', '>', sql<Date>`now() - ${idle}::interval`)
      .executeTakeFirst()) as SessionRow | undefined;
    if (session && Date.now() - session.last_seen_at.getTime() > touch_ms) {
      await this.db
        .updateTable('player_sessions')
        .set({ last_seen_at: sql`now()` })
        .where('id', '=', session.id)
        .execute();
    }
    return session;
  }

  async revokeSession(id: bigint, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('player_sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeAllSessions(player_id: bigint, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('player_sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('player_id', '=', player_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async revokeOtherSessions(player_id: bigint, keep_id: bigint, reason: string): Promise<number> {
    const result = await this.db
      .updateTable('player_sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('player_id', '=', player_id)
      .where('id', '!=', keep_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Players with a session in use during [from, to), per UTC day and in all: a
   * session counts for every day between its creation and its last activity.
   */
  async activePlayers(from: Date, to: Date) {
    const active = this.db
      .selectFrom('player_sessions')
      .where('created_at', '<', to)
      .where('last_seen_at', '>=', from);
    const [days, total] = await Promise.all([
      active
        .innerJoin(
          sql<{ day: Date }>`generate_series(
            date_trunc('day', greatest(player_sessions.created_at, ${from}::timestamptz) at time zone 'UTC'),
            date_trunc('day', least(player_sessions.last_seen_at, ${to}::timestamptz - interval '1 microsecond') at time zone 'UTC'),
            interval '1 day')`.as('d'),
          (join) => join.onTrue(),
        )
        .select([
          sql<string>`to_char(d, 'YYYY-MM-DD')`.as('day'),
          sql<string>`count(distinct player_sessions.player_id)`.as('count'),
        ])
        .groupBy(sql`1`)
        .execute(),
      active.select(sql<string>`count(distinct player_id)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.count),
      by_day: days.map((row) => ({ day: row.day, count: Number(row.count) })),
    };
  }

  /** Sessions for the back office, newest first. */
  sessions(player_id: bigint, limit: number) {
    return this.db
      .selectFrom('player_sessions')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<SessionRow[]>;
  }

  /** An IP this account signed in from in the last 90 days: trusted past the account-wide lockout. */
  async isKnownIp(player_id: bigint, ip: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('player_sessions')
      .select('id')
      .where('player_id', '=', player_id)
      .where('ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - interval '90 days'`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async createReset(player_id: bigint, token_hash: Buffer, ttl_ms: number): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        player_id,
        token_hash,
        expires_at: sql`now() + ${`${ttl_ms} milliseconds`}::interval`,
        used_at: null,
        revoked_at: null,
      })
      .execute();
  }

  /** Claims a reset token atomically: a second use (even concurrent) finds nothing. */
  async consumeReset(token_hash: Buffer): Promise<bigint | null> {
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', token_hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('player_id')
      .executeTakeFirst();
    return row?.player_id ?? null;
  }

  async revokeResets(player_id: bigint): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ revoked_at: sql`now()` })
      .where('player_id', '=', player_id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
