import type { StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import { systemAdminRoutes } from './system.routes.ts';
import {
  type SystemJobs,
  type SystemLeases,
  type SystemOutbox,
  SystemService,
} from './system.service.ts';

export type { SystemService };

/**
 * The back office's System area: event delivery, the scheduled jobs and the leader leases (the
 * platform's outbox, job queue and leases, which own their tables, are passed in; platform code
 * never imports a module).
 */
export function createSystemModule(deps: {
  outbox: SystemOutbox;
  audit: AuditService;
  /** The scheduled jobs (null where none run) and the singletons' leases. */
  jobs?: SystemJobs;
  leases?: SystemLeases;
}) {
  const service = new SystemService(deps.outbox, deps.audit, deps.jobs ?? null, deps.leases);
  return {
    service,
    adminRoutes: (staff: StaffAuth) => systemAdminRoutes(service, staff),
  };
}
