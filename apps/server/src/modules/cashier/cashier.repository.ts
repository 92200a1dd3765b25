import type { Generated } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type BankRow = { id: number; currency_id: number; name: string; code: string };
export type GatewayRow = {
  id: number;
  name: string;
  uniquename: string;
  fee_percent: string;
  enabled: boolean;
  /** The operator's expected payout time; null: the method's default (withdrawal-tracker.ts). */
  payout_expected_minutes: number | null;
  /** The name in other languages (decision 0981); English is `name`. */
  name_translations: Record<string, string>;
};
type CurrencyGatewayRow = {
  currency_id: number;
  gateway_id: number;
  for_deposit: boolean;
  for_withdraw: boolean;
};

export type CashierTables = {
  banks: Omit<BankRow, 'id'> & { id: Generated<number> };
  payment_gateways: GatewayRow;
  currency_payment_gateways: CurrencyGatewayRow;
};

export class CashierRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<CashierTables>();
  }

  banks(): Promise<BankRow[]> {
    return this.db.selectFrom('banks').selectAll().orderBy('currency_id').orderBy('name').execute();
  }

  gatewayLinks(purpose: 'deposit' | 'withdraw') {
    return this.db
      .selectFrom('currency_payment_gateways as link')
      .innerJoin('payment_gateways as gateway', 'gateway.id', 'link.gateway_id')
      .select([
        'link.currency_id',
        'gateway.id',
        'gateway.name',
        'gateway.uniquename',
        'gateway.fee_percent',
        'gateway.name_translations',
      ])
      .where('gateway.enabled', '=', true)
      .where(purpose === 'deposit' ? 'link.for_deposit' : 'link.for_withdraw', '=', true)
      .orderBy('gateway.id')
      .execute();
  }

  gateways(): Promise<GatewayRow[]> {
    return this.db.selectFrom('payment_gateways').selectAll().orderBy('id').execute();
  }

  async insertBankIfMissing(row: Omit<BankRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('banks')
      .values(row)
      .onConflict((conflict) => conflict.columns(['currency_id', 'code']).doNothing())
      .execute();
  }

  async upsertGateway(
    row: Omit<GatewayRow, 'payout_expected_minutes'>,
    onlyMissing: boolean,
  ): Promise<void> {
    const values = { ...row, name_translations: JSON.stringify(row.name_translations) };
    await this.db
      .insertInto('payment_gateways')
      .values(values as never)
      .onConflict((conflict) =>
        onlyMissing
          ? conflict.column('id').doNothing()
          : conflict.column('id').doUpdateSet(values as never),
      )
      .execute();
  }

  /** The seed's translations for a gateway the operator has neither renamed nor translated. */
  async fillGatewayTranslations(
    id: number,
    name: string,
    texts: Record<string, string>,
  ): Promise<void> {
    await this.db
      .updateTable('payment_gateways')
      .set({ name_translations: JSON.stringify(texts) as never })
      .where('id', '=', id)
      .where('name', '=', name)
      .where('name_translations', '=', '{}' as never)
      .execute();
  }

  async updateGateway(
    id: number,
    patch: Partial<
      Pick<
        GatewayRow,
        'fee_percent' | 'enabled' | 'name' | 'payout_expected_minutes' | 'name_translations'
      >
    >,
  ) {
    const { name_translations, ...rest } = patch;
    return this.db
      .updateTable('payment_gateways')
      .set({
        ...rest,
        ...(name_translations ? { name_translations: JSON.stringify(name_translations) } : {}),
      } as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async linkGateway(row: CurrencyGatewayRow): Promise<void> {
    await this.db
      .insertInto('currency_payment_gateways')
      .values(row)
      .onConflict((conflict) => conflict.columns(['currency_id', 'gateway_id']).doNothing())
      .execute();
  }
}
