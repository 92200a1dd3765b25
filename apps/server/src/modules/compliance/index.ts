import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { periodic } from '../../platform/periodic.ts';
import type { AuditService } from '../audit/index.ts';
import type { ProtectionService } from '../protection/index.ts';
import { ComplianceRepository } from './compliance.repository.ts';
import { complianceAdminRoutes, complianceRoutes, privacyRoutes } from './compliance.routes.ts';
import { type ComplianceOptions, ComplianceService } from './compliance.service.ts';
import { complianceSubscribers } from './compliance.subscribers.ts';

export type { ComplianceService };

/** How often each instance runs the rules over new activity (crypto credits, withdrawals, sign-ins). */
export const COMPLIANCE_SWEEP_INTERVAL_MS = 60_000;

/**
 * AML and risk monitoring: rules as data, alerts with evidence, cases, the withdrawal freeze
 * (applied by the protection gate), source-of-funds requests. Built after the protection module.
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
  sessions: ComplianceOptions['sessions'];
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
      ledger: deps.ledger,
      players: deps.players,
      sessions: deps.sessions,
    },
  );
  for (const subscriber of complianceSubscribers(service)) deps.outbox.subscribe(subscriber);
  // The sweep looks back a little further than its interval, so nothing falls between runs
  // (fingerprints make the overlap harmless); at start it looks back an hour.
  let since = new Date(Date.now() - 3_600_000);
  const job = periodic(
    'compliance sweep',
    async () => {
      const started = new Date();
      await service.sweep(since);
      since = new Date(started.getTime() - 5_000);
    },
    deps.log,
  );
  return {
    service,
    routes: complianceRoutes(service, deps.auth),
    privacyRoutes: privacyRoutes(service, deps.auth),
    adminRoutes: complianceAdminRoutes(service, deps.staff),
    start: () => job.start(COMPLIANCE_SWEEP_INTERVAL_MS),
    stop: () => job.stop(),
  };
}
