import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { CashierService } from '../cashier/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { RouteGuard, StaffService } from '../staff/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { backofficeMoney } from './backoffice.money.ts';
import { BackofficeRepository } from './backoffice.repository.ts';
import { backofficeRoutes } from './backoffice.routes.ts';
import { BackofficeService } from './backoffice.service.ts';

export type {
  BackofficeLedger,
  BackofficeWallet,
  LedgerTotal,
  MovementView,
} from './backoffice.ports.ts';
export { APPROVAL_THRESHOLD_MAJOR_DEFAULT, defaultThreshold } from './backoffice.service.ts';
export type { BackofficeService };

/** One row per `/api/admin` route, with the permission it declared (null: public). */
export type AdminRoute = { method: string; url: string; permission: RouteGuard | null };

export function createBackofficeModule(deps: {
  db: Db;
  audit: AuditService;
  players: PlayersService;
  auth: AuthService;
  cashier: CashierService;
  currencies: CurrenciesService;
  settings: SettingsService;
  staff: { service: StaffService; auth: StaffAuth; routes: FastifyPluginAsyncZod };
  /** The money modules; without them balances read zero and adjustments are refused. */
  wallet?: WalletService;
  ledger?: LedgerService;
}) {
  const service = new BackofficeService(
    new BackofficeRepository(deps.db),
    {
      audit: deps.audit,
      players: deps.players,
      auth: deps.auth,
      cashier: deps.cashier,
      currencies: deps.currencies,
      settings: deps.settings,
      staff: deps.staff.service,
    },
    deps.wallet && deps.ledger
      ? backofficeMoney({ wallet: deps.wallet, ledger: deps.ledger, currencies: deps.currencies })
      : {},
  );
  const table: AdminRoute[] = [];
  /**
   * Register under `/api/admin`: staff sign-in and management, the back-office API, then the
   * back-office routes other modules own (each guards itself with the staff permission table).
   */
  const routes =
    (adminRoutes: readonly FastifyPluginAsyncZod[] = []): FastifyPluginAsyncZod =>
    async (app) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          table.push({ method, url: route.url, permission: route.config?.permission ?? null });
        }
      });
      await app.register(deps.staff.routes);
      await app.register(backofficeRoutes(service, deps.staff.auth));
      // Under the same table, so the permission matrix test covers them.
      for (const plugin of adminRoutes) await app.register(plugin);
    };
  return { service, routes, table };
}
