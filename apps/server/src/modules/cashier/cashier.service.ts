import type { Currency } from '@casino/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CashierRepository, CurrencyRow, GatewayRow } from './cashier.repository.ts';

export type CurrencyUnit = Pick<
  CurrencyRow,
  'id' | 'code' | 'name' | 'prefix' | 'scale' | 'is_crypto'
>;

/** Exact decimal strings for rates and fees; at most 18 fraction digits, positive. */
const DECIMAL = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

export class CashierService {
  constructor(
    private readonly repository: CashierRepository,
    private readonly audit: AuditService,
  ) {}

  /** The spec's `GET /currencies`: every enabled currency with its banks and gateways. */
  async listCurrencies(purpose: 'deposit' | 'withdraw'): Promise<Currency[]> {
    const [currencies, banks, links] = await Promise.all([
      this.repository.currencies(),
      this.repository.banks(),
      this.repository.gatewayLinks(purpose),
    ]);
    return currencies.map((currency) => ({
      id: currency.id,
      name: currency.name,
      code: currency.code,
      prefix: currency.prefix,
      icon: currency.icon,
      scale: currency.scale,
      is_crypto: currency.is_crypto ? 'TRUE' : 'FALSE',
      // The spec's clients read a number; the exact value stays in the database.
      roe: currency.rate_to_eur === null ? null : { rate: Number(currency.rate_to_eur) },
      banks: banks
        .filter((bank) => bank.currency_id === currency.id)
        .map(({ id, name, code }) => ({ id, name, code })),
      payment_gateways: links
        .filter((link) => link.currency_id === currency.id)
        .map((link) => ({
          id: link.id,
          name: link.name,
          uniquename: link.uniquename,
          fee: Number(link.fee_percent),
        })),
    }));
  }

  async currency(id: number): Promise<CurrencyUnit | null> {
    const row = await this.repository.currency(id);
    return row ?? null;
  }

  /** A currency a new player may choose: enabled and fiat (crypto is a payment method, not a wallet currency). */
  async requireWalletCurrency(id: number): Promise<CurrencyUnit> {
    const row = await this.repository.currency(id);
    if (!row?.enabled || row.is_crypto) {
      throw new AppError('VALIDATION_FAILED', 'currency_id: choose one of the offered currencies', {
        errors: [{ path: 'currency_id', message: 'Unknown or unavailable currency' }],
      });
    }
    return row;
  }

  allCurrencies() {
    return this.repository.currencies(true);
  }

  gateways() {
    return this.repository.gateways();
  }

  async setCurrencyRate(
    id: number,
    patch: { rate_to_eur?: string | null; enabled?: boolean },
    actor: AuditActor,
  ) {
    if (
      patch.rate_to_eur != null &&
      (!DECIMAL.test(patch.rate_to_eur) || /^0(\.0+)?$/.test(patch.rate_to_eur))
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        'rate_to_eur must be a positive decimal such as 90.25',
      );
    }
    const before = await this.repository.currency(id);
    if (!before) throw new AppError('NOT_FOUND', `Currency ${id} does not exist`);
    const after = await this.repository.updateCurrency(id, patch);
    await this.audit.record({
      actor,
      action: 'currency.update',
      target: { type: 'currency', id },
      before,
      after,
    });
    return after!;
  }

  async updateGateway(
    id: number,
    patch: { fee_percent?: string; enabled?: boolean; name?: string },
    actor: AuditActor,
  ) {
    if (
      patch.fee_percent !== undefined &&
      (!DECIMAL.test(patch.fee_percent) || Number(patch.fee_percent) >= 100)
    ) {
      throw new AppError('VALIDATION_FAILED', 'fee_percent must be a decimal between 0 and 100');
    }
    const before = (await this.repository.gateways()).find((gateway) => gateway.id === id);
    if (!before) throw new AppError('NOT_FOUND', `Payment gateway ${id} does not exist`);
    const after = await this.repository.updateGateway(id, patch);
    await this.audit.record({
      actor,
      action: 'gateway.update',
      target: { type: 'payment_gateway', id },
      before,
      after,
    });
    return after as GatewayRow;
  }
}
