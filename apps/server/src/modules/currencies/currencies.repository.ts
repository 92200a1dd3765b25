import type { Db } from '../../platform/db/database.ts';

export type CurrencyRow = {
  id: number;
  code: string;
  name: string;
  prefix: string;
  icon: string;
  scale: number;
  is_crypto: boolean;
  /** Units of this currency per euro, exact (`numeric`); null when the operator set none. */
  rate_to_eur: string | null;
  enabled: boolean;
  sort_order: number;
};

export type CurrenciesTables = { currencies: CurrencyRow };

export class CurrenciesRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<CurrenciesTables>();
  }

  /** Every currency, disabled ones too, in the catalogue's order. */
  all(): Promise<CurrencyRow[]> {
    return this.db
      .selectFrom('currencies')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  byId(id: number): Promise<CurrencyRow | undefined> {
    return this.db.selectFrom('currencies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertIfMissing(row: CurrencyRow): Promise<void> {
    await this.db
      .insertInto('currencies')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  update(id: number, patch: Partial<Pick<CurrencyRow, 'rate_to_eur' | 'enabled'>>) {
    return this.db
      .updateTable('currencies')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}
