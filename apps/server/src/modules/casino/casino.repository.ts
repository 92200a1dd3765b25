import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type ProviderRow = { id: number; name: string; in_menu: boolean; sort_order: number };
type CasinoTables = {
  game_providers: ProviderRow;
  casino_games: { provider_id: number; enabled: boolean; is_original: boolean };
  casino_provider_integrations: { provider_id: number; enabled: boolean };
};

export class CasinoRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<CasinoTables>();
  }

  /** Menu providers that have a game a player can open now (ours, or a studio switched on). */
  menuProviders(): Promise<ProviderRow[]> {
    return this.db
      .selectFrom('game_providers as p')
      .selectAll('p')
      .where('p.in_menu', '=', true)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('casino_games as g')
            .leftJoin('casino_provider_integrations as i', 'i.provider_id', 'g.provider_id')
            .select(sql`1`.as('one'))
            .whereRef('g.provider_id', '=', 'p.id')
            .where('g.enabled', '=', true)
            .where(sql<boolean>`(g.is_original or coalesce(i.enabled, false))`),
        ),
      )
      .orderBy('p.sort_order')
      .orderBy('p.name')
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
