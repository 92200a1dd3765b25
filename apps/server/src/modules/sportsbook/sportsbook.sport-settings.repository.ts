import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { SportSettingsSource } from './sportsbook.sport-settings.ts';

/** The desk lists at most this many sports. */
const SPORTS_LISTED_MAX = 200;

/** One kind of per-sport setting: its table (keyed by `sport_id`) and how a row reads and writes. */
export type SportSettingsTable<T, Row extends Record<string, unknown>> = {
  table: 'sb_cashout_settings' | 'sb_early_payout_settings';
  /** The setting's columns, besides `sport_id` and `updated_at`. */
  columns: readonly (keyof Row & string)[];
  /** A sport's own setting from its row. */
  read: (row: Row) => T;
  /** The row that stores a setting. */
  write: (value: T) => Row;
};

/**
 * A per-sport settings table joined with the sports: every sport in the desk's order with its
 * own row or none, the sport check, and the upsert (`PerSportSettings`' source).
 */
export class SportSettingsRepository<T, Row extends Record<string, unknown>>
  implements SportSettingsSource<T>
{
  constructor(
    private readonly db: Db,
    private readonly spec: SportSettingsTable<T, Row>,
  ) {}

  async rows(): Promise<{ sport_id: string; name: string; own: T | null }[]> {
    const columns = sql.join(this.spec.columns.map((c) => sql.ref(`r.${c}`)));
    const { rows } = await sql<Row & { sport_id: string; name: string; has_own: boolean }>`
      select s.id as sport_id, s.name, r.sport_id is not null as has_own, ${columns}
        from sb_sports s left join ${sql.table(this.spec.table)} r on r.sport_id = s.id
       order by s.sort_order, s.id limit ${SPORTS_LISTED_MAX}`.execute(this.db);
    return rows.map((row) => ({
      sport_id: row.sport_id,
      name: row.name,
      own: row.has_own ? this.spec.read(row) : null,
    }));
  }

  async sportExists(id: string): Promise<boolean> {
    const { rows } = await sql`select 1 from sb_sports where id = ${id}`.execute(this.db);
    return rows.length > 0;
  }

  async upsert(sport_id: string, value: T): Promise<void> {
    const row = this.spec.write(value);
    const names = this.spec.columns;
    await sql`
      insert into ${sql.table(this.spec.table)} (sport_id, ${sql.join(names.map((c) => sql.ref(c)))}, updated_at)
      values (${sport_id}, ${sql.join(names.map((c) => row[c]))}, now())
      on conflict (sport_id) do update
        set ${sql.join(names.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}, updated_at = now()`.execute(
      this.db,
    );
  }
}
