import type { Db } from '../../platform/db/database.ts';

export type ProviderRow = { id: number; name: string; in_menu: boolean; sort_order: number };
type CasinoTables = { game_providers: ProviderRow };

export class CasinoRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<CasinoTables>();
  }

  menuProviders(): Promise<ProviderRow[]> {
    return this.db
      .selectFrom('game_providers')
      .selectAll()
      .where('in_menu', '=', true)
      .orderBy('sort_order')
      .orderBy('name')
      .execute();
  }

  async insertProviderIfMissing(row: ProviderRow): Promise<void> {
    await this.db
      .insertInto('game_providers')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}
