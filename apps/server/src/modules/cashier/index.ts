import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { CashierRepository } from './cashier.repository.ts';
import { cashierRoutes } from './cashier.routes.ts';
import { CashierService } from './cashier.service.ts';

export type { CurrencyRow, GatewayRow } from './cashier.repository.ts';
export type { CurrencyUnit } from './cashier.service.ts';
export type { CashierService };

export function createCashierModule(db: Db, audit: AuditService) {
  const repository = new CashierRepository(db);
  const service = new CashierService(repository, audit);
  return { service, repository, routes: cashierRoutes(service) };
}
