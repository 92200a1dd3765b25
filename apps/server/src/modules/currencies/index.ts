import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { CurrenciesRepository } from './currencies.repository.ts';
import { CurrenciesService } from './currencies.service.ts';

export {
  CURRENCIES_ERRORS,
  type CurrenciesErrorCode,
  currenciesError,
  isCurrenciesError,
} from './currencies.errors.ts';
export type { CurrencyRow } from './currencies.repository.ts';
export { CURRENCY_CACHE_MS, type CurrencyUnit } from './currencies.service.ts';
export type { CurrenciesService };

export function createCurrenciesModule(deps: { db: Db; audit: AuditService }) {
  return { service: new CurrenciesService(new CurrenciesRepository(deps.db), deps.audit) };
}
