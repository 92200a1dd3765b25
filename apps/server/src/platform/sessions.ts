import { CompiledQuery, sql } from 'kysely';
import { type Db, preparedStatement } from './db/database.ts';

/**
 * Bearer-token sessions, one store per kind of account (players, staff). Both
 * tables have the same shape; only the owner column differs. Tokens are never
 * stored, only their SHA-256 digest (`token_hash`).
 */
export type SessionRow = {
  id: bigint;
  token_hash: Buffer;
  ip: string | null;
  user_agent: string | null;
  device_id: string | null;
  anonymiser: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
};

type Kind = {
  player: { table: 'player_sessions'; owner: 'player_id' };
  staff: { table: 'staff_sessions'; owner: 'staff_id' };
};
export type OwnedSession<K extends keyof Kind> = SessionRow & Record<Kind[K]['owner'], bigint>;

const KINDS: { [K in keyof Kind]: Kind[K] } = {
  player: { table: 'player_sessions', owner: 'player_id' },
  staff: { table: 'staff_sessions', owner: 'staff_id' },
};

export const SESSION_LIST_LIMIT_MAX = 200;
const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

const LIVE_SQL = Object.fromEntries(
  Object.values(KINDS).map(({ table }) => [
    table,
    preparedStatement(
      `${table}_live`,
      `select * from ${table}
        where token_hash = $1 and revoked_at is null and expires_at > now()
          and last_seen_at > now() - $2::interval`,
    ),
  ]),
) as Record<Kind[keyof Kind]['table'], string>;

/**
 * Plain SQL because the table and owner column are chosen per kind (from the
 * constants above, never from input); the queries are the same for both.
 */
export class SessionStore<K extends keyof Kind> {
  private readonly table: Kind[K]['table'];
  private readonly owner: Kind[K]['owner'];

  constructor(
    private readonly db: Db,
    kind: K,
  ) {
    this.table = KINDS[kind].table;
    this.owner = KINDS[kind].owner;
  }

  async create(row: {
    owner_id: bigint;
    token_hash: Buffer;
    ip: string | null;
    user_agent: string | null;
    /** The device cookie (platform/device.ts) and whether the address was an anonymiser. */
    device_id?: string | null;
    anonymiser?: boolean;
    absolute_ms: number;
  }): Promise<OwnedSession<K>> {
    const { rows } = await sql<OwnedSession<K>>`
      insert into ${sql.table(this.table)} (${sql.ref(this.owner)}, token_hash, ip, user_agent,
                  device_id, anonymiser, expires_at)
      values (${row.owner_id}, ${row.token_hash}, ${row.ip}, ${row.user_agent?.slice(0, 512) ?? null},
              ${row.device_id ?? null}, ${row.anonymiser ?? false}, now() + ${interval(row.absolute_ms)})
      returning *`.execute(this.db);
    return rows[0]!;
  }

  /**
   * A live session: not revoked, inside its absolute lifetime and used within the
   * idle window. `last_seen_at` is refreshed at most once per `touch_ms` to spare
   * writes; pass Infinity to look without counting as activity.
   */
  async live(
    token_hash: Buffer,
    idle_ms: number,
    touch_ms: number,
  ): Promise<OwnedSession<K> | undefined> {
    // Every authenticated request asks: a named statement, planned once per connection.
    const { rows } = await this.db.executeQuery<OwnedSession<K>>(
      CompiledQuery.raw(LIVE_SQL[this.table], [token_hash, `${idle_ms} milliseconds`]),
    );
    const session = rows[0];
    if (session && Date.now() - session.last_seen_at.getTime() > touch_ms) {
      await sql`update ${sql.table(this.table)} set last_seen_at = now() where id = ${session.id}`.execute(
        this.db,
      );
    }
    return session;
  }

  async revoke(id: bigint, reason: string): Promise<boolean> {
    const result = await sql`
      update ${sql.table(this.table)} set revoked_at = now(), revoked_reason = ${reason}
      where id = ${id} and revoked_at is null`.execute(this.db);
    return (result.numAffectedRows ?? 0n) > 0n;
  }

  /** Ends every open session of an owner, except `keep_id` when given. */
  async revokeAll(
    owner_id: bigint,
    reason: string,
    keep_id: bigint | null = null,
  ): Promise<number> {
    const result = await sql`
      update ${sql.table(this.table)} set revoked_at = now(), revoked_reason = ${reason}
      where ${sql.ref(this.owner)} = ${owner_id} and revoked_at is null
        and (${keep_id}::bigint is null or id <> ${keep_id}::bigint)`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /** Newest first, for the back office. */
  async list(owner_id: bigint, limit: number): Promise<OwnedSession<K>[]> {
    const { rows } = await sql<OwnedSession<K>>`
      select * from ${sql.table(this.table)} where ${sql.ref(this.owner)} = ${owner_id}
      order by id desc limit ${Math.min(limit, SESSION_LIST_LIMIT_MAX)}`.execute(this.db);
    return rows;
  }

  /** Whether the owner had a session from this IP within `within_ms`. */
  async seenFromIp(owner_id: bigint, ip: string, within_ms: number): Promise<boolean> {
    const { rows } = await sql`
      select 1 from ${sql.table(this.table)}
      where ${sql.ref(this.owner)} = ${owner_id} and ip = ${ip}::inet and created_at > now() - ${interval(within_ms)}
      limit 1`.execute(this.db);
    return rows.length > 0;
  }
}
