import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayerGate } from '../protection/index.ts';
import { FreeSpinRepository } from './bonus.free-spins.repository.ts';
import { BonusRepository } from './bonus.repository.ts';
import { bonusAdminRoutes, bonusRoutes } from './bonus.routes.ts';
import { type BonusLinks, BonusService } from './bonus.service.ts';
import { bonusSubscribers } from './bonus.subscribers.ts';

export {
  type BonusSpendingPort,
  type BonusStakes,
  CASH_ONLY,
  type FreeBetTokens,
  type FreeRounds,
} from './bonus.ports.ts';
export type { NewPromotion, PromotionRow } from './bonus.repository.ts';
export type {
  BetSettled,
  BonusView,
  DepositCredited,
  FreeBetPort,
  FreeBetView,
  FreeSpinsView,
} from './bonus.service.ts';
export type { BonusService };

/**
 * Scheduled jobs (platform/jobs.ts, one run per slot across instances): every minute, expire
 * bonuses and send transfers a crash left unsent; every 10 minutes, pay the cashback periods
 * that have ended (paying is idempotent).
 */
const BONUS_JOBS = { sweep: '* * * * *', cashback: '*/10 * * * *' };

export function createBonusModule(deps: {
  db: Db;
  ledger: LedgerService;
  gate: PlayerGate;
  audit: AuditService;
  auth: PlayerAuth;
  staff: StaffAuth;
  env: string;
  currencies: Pick<CurrenciesService, 'byCode' | 'byId'>;
  /** The player's country (offers limited to countries). */
  players: { byId(id: bigint): Promise<{ country: string | null } | undefined> };
  /** Accounts linked to the player's (one offer per person): the compliance module. */
  compliance: { linkedAccounts: NonNullable<BonusLinks['linkedPlayers']> };
  events: EventBus;
  outbox: Pick<Outbox, 'subscribe'>;
  log: (message: string, error: unknown) => void;
}) {
  const service = new BonusService(
    new BonusRepository(deps.db),
    deps.ledger,
    deps.gate,
    deps.audit,
    async (code) => (await deps.currencies.byCode(code))?.scale ?? 2,
    deps.log,
    new FreeSpinRepository(deps.db),
    {
      countryOf: async (player_id) => (await deps.players.byId(player_id))?.country ?? null,
      linkedPlayers: (player_id) => deps.compliance.linkedAccounts(player_id),
    },
    deps.events,
  );
  for (const subscriber of bonusSubscribers(service)) deps.outbox.subscribe(subscriber);
  const jobs: ScheduledJob[] = [
    { name: 'bonus.sweep', cron: BONUS_JOBS.sweep, run: () => service.sweep() },
    { name: 'bonus.cashback', cron: BONUS_JOBS.cashback, run: () => service.runCashback() },
  ];
  return {
    service,
    /** What the bet path (modules/wagers) asks of bonuses. */
    ports: {
      spending: service.spendingPort,
      freeBets: service.freeBets,
      freeRounds: service.freeRounds,
    },
    routes: bonusRoutes(
      service,
      deps.auth,
      async (_player_id, currency_id) =>
        currency_id === null ? null : ((await deps.currencies.byId(currency_id))?.code ?? null),
      deps.env,
    ),
    adminRoutes: bonusAdminRoutes(service, deps.staff),
    jobs,
  };
}
