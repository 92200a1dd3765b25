import type { StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import { systemAdminRoutes } from './system.routes.ts';
import { type SystemOutbox, SystemService } from './system.service.ts';

export type { SystemService };

/**
 * The back office's System area: event delivery (the platform's outbox, which owns its tables,
 * is passed in; platform code never imports a module).
 */
export function createSystemModule(deps: { outbox: SystemOutbox; audit: AuditService }) {
  const service = new SystemService(deps.outbox, deps.audit);
  return {
    service,
    adminRoutes: (staff: StaffAuth) => systemAdminRoutes(service, staff),
  };
}
