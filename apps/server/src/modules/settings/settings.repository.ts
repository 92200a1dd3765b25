import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

type SettingsTables = {
  operator_settings: { key: string; value: unknown; updated_at: Date };
};

export class SettingsRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<SettingsTables>();
  }

  async all(): Promise<Record<string, unknown>> {
    const rows = await this.db.selectFrom('operator_settings').select(['key', 'value']).execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async upsert(values: Record<string, unknown>, onlyMissing = false): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({
      key,
      value: sql`${JSON.stringify(value)}::jsonb`,
      updated_at: sql`now()`,
    }));
    if (rows.length === 0) return;
    await this.db
      .insertInto('operator_settings')
      .values(rows as never)
      .onConflict((conflict) =>
        onlyMissing
          ? conflict.column('key').doNothing()
          : conflict.column('key').doUpdateSet({
              value: sql`excluded.value`,
              updated_at: sql`now()`,
            }),
      )
      .execute();
  }
}
