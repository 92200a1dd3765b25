import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { type OwnedSession, SessionStore } from '../../platform/sessions.ts';

export type SessionRow = OwnedSession<'player'>;

type AuthTables = {
  /** Read here only for reports; written through the shared SessionStore. */
  player_sessions: { player_id: bigint; created_at: Date; last_seen_at: Date };
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
  /** Player sessions: the store shared with staff sessions. */
  readonly sessions: SessionStore<'player'>;
  constructor(db: Db) {
    this.db = db.withTables<AuthTables>();
    this.sessions = new SessionStore(db, 'player');
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
