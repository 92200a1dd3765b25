import { type Currency, localized, writtenTranslations } from '@casino/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { CashierRepository, GatewayRow } from './cashier.repository.ts';
import { PAYOUT_MINUTES_MAX } from './withdrawal-tracker.ts';

/** Exact decimal strings for fees; at most 18 fraction digits. */
const DECIMAL = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

export class CashierService {
  constructor(
    private readonly repository: CashierRepository,
    private readonly currencies: CurrenciesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The spec's `GET /currencies`: every enabled currency with its banks and gateways, the
   * gateways named in `language` where the operator wrote it (else English).
   */
  async listCurrencies(purpose: 'deposit' | 'withdraw', language?: string): Promise<Currency[]> {
    const [currencies, banks, links] = await Promise.all([
      this.currencies.enabled(),
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
          name: localized(link.name, link.name_translations, language),
          uniquename: link.uniquename,
          fee: Number(link.fee_percent),
        })),
    }));
  }

  gateways() {
    return this.repository.gateways();
  }

  async updateGateway(
    id: number,
    patch: {
      fee_percent?: string;
      enabled?: boolean;
      name?: string;
      payout_expected_minutes?: number | null;
      name_translations?: Record<string, string>;
    },
    actor: AuditActor,
  ) {
    const minutes = patch.payout_expected_minutes;
    if (
      minutes !== undefined &&
      minutes !== null &&
      (!Number.isInteger(minutes) || minutes < 1 || minutes > PAYOUT_MINUTES_MAX)
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        `payout_expected_minutes must be a whole number of minutes from 1 to ${PAYOUT_MINUTES_MAX}`,
      );
    }
    if (
      patch.fee_percent !== undefined &&
      (!DECIMAL.test(patch.fee_percent) || Number(patch.fee_percent) >= 100)
    ) {
      throw new AppError('VALIDATION_FAILED', 'fee_percent must be a decimal between 0 and 100');
    }
    const before = (await this.repository.gateways()).find((gateway) => gateway.id === id);
    if (!before) throw new AppError('NOT_FOUND', `Payment gateway ${id} does not exist`);
    const after = await this.repository.updateGateway(id, {
      ...patch,
      ...(patch.name_translations
        ? { name_translations: writtenTranslations(patch.name_translations) }
        : {}),
    });
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
