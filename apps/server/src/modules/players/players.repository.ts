import type { DomainEvent } from '@casino/contracts/events';
import { type Generated, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/sql.ts';
import { appendEvents } from '../../platform/outbox/outbox.ts';

export type PlayerStatus = 'active' | 'blocked' | 'closed';
export type KycStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export type PlayerRow = {
  id: bigint;
  name: string;
  username: string;
  email: string;
  phone: string | null;
  password_hash: string;
  currency_id: number | null;
  status: PlayerStatus;
  referral_code: string;
  referred_by_code: string | null;
  campaign_code: string | null;
  kyc_status: KycStatus | null;
  /** Declared country of residence (ISO alpha-2); the protection module reads it. */
  country: string | null;
  /** Outside production, a tester's account skips the jurisdiction check (the protection gate). */
  test_account: boolean;
  /** Declared at registration where the jurisdiction asks for it (ISO date). */
  date_of_birth: string | null;
  created_at: Date;
  updated_at: Date;
};

type PlayersTables = {
  players: Omit<PlayerRow, 'id' | 'created_at' | 'updated_at' | 'status' | 'test_account'> & {
    id: Generated<bigint>;
    status: Generated<PlayerStatus>;
    test_account: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
};

export type NewPlayer = Pick<
  PlayerRow,
  | 'name'
  | 'username'
  | 'email'
  | 'password_hash'
  | 'currency_id'
  | 'referral_code'
  | 'referred_by_code'
  | 'campaign_code'
> & { country?: string | null; date_of_birth?: string | null };

export const PLAYER_SEARCH_LIMIT_MAX = 100;
/** Carries the id of a player whose row changed (a trigger on players, migration 0860). */
export const PLAYER_CHANNEL = 'player_changed';
export type PlayerSort = 'id' | 'created_at' | 'email' | 'username' | 'name' | 'status';

export class PlayersRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<PlayersTables>();
  }

  /** Returns null when the email, username or referral code is taken (unique violation). */
  /** `events` are written in the insert's transaction (the outbox). */
  async insert(
    player: NewPlayer,
    events: (row: PlayerRow) => readonly DomainEvent[] = () => [],
  ): Promise<PlayerRow | null> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const row = (await tx
          .insertInto('players')
          .values(player)
          .returningAll()
          .executeTakeFirstOrThrow()) as PlayerRow;
        await appendEvents(tx, events(row));
        return row;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  async emailTaken(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('players')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('players')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sign-in accepts an email or a username (spec §2), both case-insensitive. */
  byLogin(login: string): Promise<PlayerRow | undefined> {
    const value = login.trim().toLowerCase();
    return this.db
      .selectFrom('players')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), '=', value),
          eb(eb.fn('lower', ['username']), '=', value),
        ]),
      )
      .executeTakeFirst() as Promise<PlayerRow | undefined>;
  }

  byEmail(email: string): Promise<PlayerRow | undefined> {
    return this.db
      .selectFrom('players')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst() as Promise<PlayerRow | undefined>;
  }

  /** Every player who signed up with a referral or campaign code (for the commission run). */
  attributed(limit: number): Promise<PlayerRow[]> {
    return this.db
      .selectFrom('players')
      .selectAll()
      .where((eb) =>
        eb.or([eb('referred_by_code', 'is not', null), eb('campaign_code', 'is not', null)]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  byReferralCodes(codes: readonly string[]): Promise<PlayerRow[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('players')
      .selectAll()
      .where('referral_code', 'in', [...codes])
      .execute();
  }

  /** Players who signed up with `referral_code`, or with one of `campaign_codes` (case-insensitive). */
  referredBy(
    referral_code: string,
    campaign_codes: readonly string[],
    limit: number,
  ): Promise<PlayerRow[]> {
    return this.db
      .selectFrom('players')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('referred_by_code', '=', referral_code),
          ...(campaign_codes.length > 0
            ? [
                eb(
                  sql`lower(campaign_code)`,
                  'in',
                  campaign_codes.map((code) => code.toLowerCase()),
                ),
              ]
            : []),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  byId(id: bigint): Promise<PlayerRow | undefined> {
    return this.db
      .selectFrom('players')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst() as Promise<PlayerRow | undefined>;
  }

  /** Usernames by id (as text), for lists that name the players they show. */
  async usernames(ids: readonly bigint[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('players')
      .select(['id', 'username'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [String(row.id), row.username]));
  }

  /** The player's profile for their data export (JSON text; `null` for no such player), without the password hash. */
  async exportOf(id: bigint): Promise<string> {
    const result = await sql<{ profile: string }>`
      select coalesce((select to_jsonb(p) - 'password_hash' from players p where p.id = ${id}),
                      'null'::jsonb)::text as profile`.execute(this.db);
    return result.rows[0]!.profile;
  }

  /** Changes a player (a trigger announces it on commit: migration 0860). */
  async update(
    id: bigint,
    patch: Partial<Omit<PlayerRow, 'id' | 'created_at'>>,
  ): Promise<PlayerRow | undefined> {
    return (await this.db
      .updateTable('players')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()) as PlayerRow | undefined;
  }

  /** Staff search by id, email, username or phone; prefix matches, newest first by default. */
  async search(
    query: string,
    page: { limit: number; offset: number },
    options: { status?: PlayerStatus; sort?: PlayerSort; order?: 'asc' | 'desc' } = {},
  ) {
    const term = query.trim();
    let base = this.db.selectFrom('players');
    if (options.status) base = base.where('status', '=', options.status);
    if (term) {
      const like = `${escapeLike(term.toLowerCase())}%`;
      base = base.where((eb) => {
        const options = [
          eb(eb.fn('lower', ['email']), 'like', like),
          eb(eb.fn('lower', ['username']), 'like', like),
          eb('phone', 'like', `${escapeLike(term)}%`),
          eb(eb.fn('lower', ['name']), 'like', `%${escapeLike(term.toLowerCase())}%`),
        ];
        if (/^\d{1,18}$/.test(term)) options.push(eb('id', '=', BigInt(term)));
        return eb.or(options);
      });
    }
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy(options.sort ?? 'id', options.order ?? 'desc')
        .orderBy('id', options.order ?? 'desc')
        .limit(Math.min(page.limit, PLAYER_SEARCH_LIMIT_MAX))
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as PlayerRow[], total: Number(total.count) };
  }

  /** New accounts per UTC day in [from, to), for the back-office dashboard. */
  async registrationsByDay(from: Date, to: Date): Promise<Array<{ day: string; count: number }>> {
    const rows = await this.db
      .selectFrom('players')
      .select([
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        (eb) => eb.fn.countAll<string>().as('count'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }
}
