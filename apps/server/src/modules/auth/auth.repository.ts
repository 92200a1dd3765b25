import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';
import { type OwnedSession, SessionStore } from '../../platform/sessions.ts';

export type SessionRow = OwnedSession<'player'>;

type AuthTables = {
  /** Read here only for reports and evidence; written through the shared SessionStore. */
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

export type ActiveSession = {
  id: bigint;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
};

/** At most this many rows answer one evidence query. */
export const EVIDENCE_ROWS_MAX = 500;

/** Loopback and private ranges say nothing about a device (every local test shares them). */
const PUBLIC_ADDRESS = sql`not (s.ip << '127.0.0.0/8'::inet or s.ip << '10.0.0.0/8'::inet
  or s.ip << '172.16.0.0/12'::inet or s.ip << '192.168.0.0/16'::inet
  or s.ip << '169.254.0.0/16'::inet or family(s.ip) = 6 and (s.ip << '::1/128'::inet
  or s.ip << 'fc00::/7'::inet or s.ip << 'fe80::/10'::inet or s.ip << '::ffff:0:0/96'::inet))`;

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

  /**
   * Players (the player included) signed in since `since` from one of the player's public
   * addresses, by address and player (as text), at most EVIDENCE_ROWS_MAX.
   */
  async sharedAddresses(player_id: bigint, since: Date) {
    const result = await sql<{ ip: string; player_id: string }>`
      with mine as (
        select distinct s.ip from player_sessions s
         where s.player_id = ${player_id} and s.ip is not null and s.created_at >= ${since}
           and ${PUBLIC_ADDRESS}
      )
      select host(s.ip) as ip, s.player_id::text
        from player_sessions s join mine on mine.ip = s.ip
       where s.created_at >= ${since}
       group by s.ip, s.player_id
       order by 1, 2
       limit ${EVIDENCE_ROWS_MAX}`.execute(this.db);
    return result.rows;
  }

  /** Players (the player included) signed in on one of the player's devices since `since`. */
  async sharedDevices(player_id: bigint, since: Date) {
    const result = await sql<{ device: string; player_id: string }>`
      with mine as (
        select distinct s.device_id from player_sessions s
         where s.player_id = ${player_id} and s.device_id is not null and s.created_at >= ${since}
      )
      select s.device_id as device, s.player_id::text
        from player_sessions s join mine on mine.device_id = s.device_id
       where s.created_at >= ${since}
       group by s.device_id, s.player_id
       order by 1, 2
       limit ${EVIDENCE_ROWS_MAX}`.execute(this.db);
    return result.rows;
  }

  /** The player's sign-ins through an anonymising network since `since`, newest first. */
  async anonymisedSignIns(player_id: bigint, since: Date, limit: number) {
    const result = await sql<{ id: string; ip: string | null; at: Date }>`
      select id::text, host(ip) as ip, created_at as at from player_sessions
       where player_id = ${player_id} and anonymiser and created_at >= ${since}
       order by created_at desc
       limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Players who signed in from a public address since `since`, by id as text. */
  async signedInSince(since: Date, limit: number): Promise<bigint[]> {
    const result = await sql<{ player_id: string }>`
      select distinct player_id::text from player_sessions s
       where s.created_at >= ${since} and s.ip is not null and ${PUBLIC_ADDRESS}
       order by 1 limit ${limit}`.execute(this.db);
    return result.rows.map((row) => BigInt(row.player_id));
  }

  /** The player's live sessions (not revoked, not expired, used within `idle_ms`), newest first. */
  async activeSessions(player_id: bigint, idle_ms: number, limit: number) {
    const result = await sql<ActiveSession>`
      select id, host(ip) as ip, user_agent, created_at, last_seen_at from player_sessions
       where player_id = ${player_id} and revoked_at is null and expires_at > now()
         and last_seen_at > now() - ${`${idle_ms} milliseconds`}::interval
       order by last_seen_at desc, id desc
       limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Ends one of the player's own sessions; false when it is not theirs or already ended. */
  async revokeOwnSession(player_id: bigint, session_id: bigint, reason: string) {
    const result = await sql`
      update player_sessions set revoked_at = now(), revoked_reason = ${reason}
       where id = ${session_id} and player_id = ${player_id} and revoked_at is null`.execute(
      this.db,
    );
    return (result.numAffectedRows ?? 0n) > 0n;
  }

  /**
   * Whether the player signed in within `within_ms` at all, and on this device: the same device cookie, or
   * (for clients without cookies) the same browser from the same address.
   */
  async priorSignIns(
    player_id: bigint,
    device: { device_id: string | null; user_agent: string | null; ip: string | null },
    within_ms: number,
  ): Promise<{ any: boolean; this_device: boolean }> {
    const result = await sql<{ any: boolean; this_device: boolean }>`
      select count(*) > 0 as any,
             coalesce(bool_or(
               (${device.device_id}::text is not null and device_id = ${device.device_id}::text)
               or (user_agent is not distinct from ${device.user_agent}::text
                   and ip is not distinct from ${device.ip}::inet)), false) as this_device
        from player_sessions
       where player_id = ${player_id}
         and created_at > now() - ${`${within_ms} milliseconds`}::interval`.execute(this.db);
    return result.rows[0] ?? { any: false, this_device: false };
  }

  /** The player's sessions for their data export (without the token digests). */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'player_sessions', player_id, ['token_hash']);
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
