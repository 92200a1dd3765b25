import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { AuditService } from '../audit/index.ts';
import type { ProtectionService } from '../protection/index.ts';
import { ComplianceRepository } from './compliance.repository.ts';
import { complianceAdminRoutes, complianceRoutes } from './compliance.routes.ts';
import { type ComplianceOptions, ComplianceService } from './compliance.service.ts';
import { complianceSubscribers } from './compliance.subscribers.ts';
import { privacyRoutes } from './privacy.routes.ts';
import { type PrivacyOptions, PrivacyService } from './privacy.service.ts';

export {
  COMPLIANCE_ERRORS,
  type ComplianceErrorCode,
  complianceError,
  isComplianceError,
} from './compliance.errors.ts';
export type { MoneyRecords, SignIns } from './compliance.service.ts';
export type { PlayerDataSource } from './privacy.service.ts';
export type { ComplianceService, PrivacyService };

/** The rules run over new activity (crypto credits, withdrawals, sign-ins) every minute. */
const COMPLIANCE_SWEEP_CRON = '* * * * *';

/**
 * AML and risk monitoring: rules as data, alerts with evidence, cases, the withdrawal freeze
 * (applied by the protection gate), source-of-funds requests. Built after the protection, auth
 * and staff modules and the money records it reads (the cashier's, crypto's).
 */
export function createComplianceModule(deps: {
  db: Db;
  audit: AuditService;
  protection: ProtectionService;
  auth: PlayerAuth;
  staff: StaffAuth;
  currencies: ComplianceOptions['currencies'];
  ledger: ComplianceOptions['ledger'];
  players: ComplianceOptions['players'];
  /** Staff display names (the staff module's service). */
  staffNames: ComplianceOptions['staff'];
  signIns: ComplianceOptions['signIns'];
  money: ComplianceOptions['money'];
  outbox: Pick<Outbox, 'subscribe'>;
  log: (message: string, error: unknown) => void;
}) {
  const service = new ComplianceService(
    new ComplianceRepository(deps.db),
    deps.protection,
    deps.audit,
    {
      currencies: deps.currencies,
      log: deps.log,
      money: deps.money,
      signIns: deps.signIns,
      ledger: deps.ledger,
      players: deps.players,
      staff: deps.staffNames,
    },
  );
  for (const subscriber of complianceSubscribers(service)) deps.outbox.subscribe(subscriber);
  // The sweep looks back a little further than since its last run on this instance, so nothing
  // falls between runs (fingerprints make the overlap, and runs on other instances, harmless);
  // an instance's first run looks back an hour.
  let since = new Date(Date.now() - 3_600_000);
  const jobs: ScheduledJob[] = [
    {
      name: 'compliance.sweep',
      cron: COMPLIANCE_SWEEP_CRON,
      run: async () => {
        const started = new Date();
        await service.sweep(since);
        since = new Date(started.getTime() - 5_000);
      },
    },
  ];
  return {
    service,
    routes: complianceRoutes(service, deps.auth),
    adminRoutes: complianceAdminRoutes(service, deps.staff),
    /** Scheduled (platform/jobs.ts): one run a minute across instances. */
    jobs,
  };
}

/**
 * The player's data rights: the export (each module that stores player data gives its
 * sections) and account closure. Built last, after every module it asks.
 */
export function createPrivacyModule(deps: {
  db: Db;
  audit: AuditService;
  auth: PlayerAuth;
  sources: PrivacyOptions['sources'];
  ledger: PrivacyOptions['ledger'];
  players: PrivacyOptions['players'];
  sessions: PrivacyOptions['sessions'];
}) {
  const service = new PrivacyService(new ComplianceRepository(deps.db), deps.audit, {
    sources: deps.sources,
    ledger: deps.ledger,
    players: deps.players,
    sessions: deps.sessions,
  });
  return { service, routes: privacyRoutes(service, deps.auth) };
}
