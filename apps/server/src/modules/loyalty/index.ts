import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { LoyaltyRepository } from './loyalty.repository.ts';
import { loyaltyAdminRoutes, loyaltyRoutes, type WalletCurrency } from './loyalty.routes.ts';
import { type HouseEdges, type LoyaltyDeps, LoyaltyService } from './loyalty.service.ts';
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
  deps: Omit<LoyaltyDeps, 'repository' | 'edges' | 'cashFlow' | 'ledger' | 'currencies'> & {
    db: Db;
    auth: PlayerAuth;
    staff: StaffAuth;
    outbox: Pick<Outbox, 'subscribe'>;
    ledger: LoyaltyDeps['ledger'] & { playerCashFlow: LoyaltyDeps['cashFlow'] };
    currencies: LoyaltyDeps['currencies'] & { walletCode: WalletCurrency };
    /** The originals' edges (their settings) and the studio games' (the lobby's catalogue). */
    originals: { edges: HouseEdges['originals'] };
    lobby: { houseEdge: HouseEdges['studioGame'] };
  },
) {
  const { originals, lobby, ledger, currencies } = deps;
  const service = new LoyaltyService({
    ...deps,
    repository: new LoyaltyRepository(deps.db),
    edges: { originals: () => originals.edges(), studioGame: (slug) => lobby.houseEdge(slug) },
    cashFlow: (player_id) => ledger.playerCashFlow(player_id),
  });
  const currencyOf: WalletCurrency = (currency_id) => currencies.walletCode(currency_id);
  for (const subscriber of loyaltySubscribers(service)) deps.outbox.subscribe(subscriber);
  const jobs: ScheduledJob[] = [
    { name: 'loyalty.sweep', cron: LOYALTY_SWEEP_CRON, run: () => service.sweep() },
  ];
  return {
    service,
    routes: loyaltyRoutes(service, deps.auth, currencyOf),
    adminRoutes: loyaltyAdminRoutes(service, deps.staff),
    jobs,
  };
}
