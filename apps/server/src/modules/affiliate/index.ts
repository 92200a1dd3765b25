import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AuditService } from '../audit/index.ts';
import type { CurrenciesService } from '../currencies/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { PlayersService } from '../players/index.ts';
import { AffiliateRepository } from './affiliate.repository.ts';
import { affiliateAdminRoutes, affiliateDevRoutes, affiliateRoutes } from './affiliate.routes.ts';
import { AffiliateService } from './affiliate.service.ts';

export type { AffiliateService };

/** Whether last month's commissions are due is checked hourly (a month is paid once). */
const COMMISSION_JOB_CRON = '5 * * * *';

export function createAffiliateModule(deps: {
  db: Db;
  players: PlayersService;
  ledger: LedgerService;
  currencies: CurrenciesService;
  audit: AuditService;
  limiter: RateLimiter;
  auth: PlayerAuth;
  staff: StaffAuth;
  publicUrl: () => string;
  log: (message: string, error: unknown) => void;
}) {
  const service = new AffiliateService(
    new AffiliateRepository(deps.db),
    deps.players,
    deps.ledger,
    deps.currencies,
    deps.audit,
    deps.limiter,
    deps.publicUrl,
  );
  const jobs: ScheduledJob[] = [
    { name: 'affiliate.commissions', cron: COMMISSION_JOB_CRON, run: () => service.runDue() },
  ];
  return {
    service,
    routes: affiliateRoutes(service, deps.auth),
    adminRoutes: affiliateAdminRoutes(service, deps.staff),
    devRoutes: affiliateDevRoutes(service),
    /** The monthly commission job (platform/jobs.ts): checked hourly; a month is paid once. */
    jobs,
  };
}
