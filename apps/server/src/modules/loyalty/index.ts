import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { LoyaltyRepository } from './loyalty.repository.ts';
import { loyaltyAdminRoutes, loyaltyRoutes, type WalletCurrency } from './loyalty.routes.ts';
import { type LoyaltyDeps, LoyaltyService } from './loyalty.service.ts';
import { loyaltySubscribers } from './loyalty.subscribers.ts';

export {
  isLoyaltyError,
  LOYALTY_ERRORS,
  type LoyaltyErrorCode,
  loyaltyError,
} from './loyalty.errors.ts';
export type { HouseEdges } from './loyalty.service.ts';
export type { LoyaltyService };

/** Claims and rewards a crash left unsent are sent again every minute (sending is idempotent). */
const LOYALTY_SWEEP_CRON = '* * * * *';

/**
 * VIP levels and rakeback (README.md): fed by `BetSettled` off the bet path, paid through the
 * ledger (cash) or the bonus engine (a level's bonus).
 */
export function createLoyaltyModule(
  deps: Omit<LoyaltyDeps, 'repository'> & {
    db: Db;
    auth: PlayerAuth;
    staff: StaffAuth;
    outbox: Pick<Outbox, 'subscribe'>;
    currencyOf: WalletCurrency;
  },
) {
  const service = new LoyaltyService({ ...deps, repository: new LoyaltyRepository(deps.db) });
  for (const subscriber of loyaltySubscribers(service)) deps.outbox.subscribe(subscriber);
  const jobs: ScheduledJob[] = [
    { name: 'loyalty.sweep', cron: LOYALTY_SWEEP_CRON, run: () => service.sweep() },
  ];
  return {
    service,
    routes: loyaltyRoutes(service, deps.auth, deps.currencyOf),
    adminRoutes: loyaltyAdminRoutes(service, deps.staff),
    jobs,
  };
}
