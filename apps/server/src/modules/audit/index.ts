import type { Db } from '../../platform/db/database.ts';
import { everyMinutes, type ScheduledJob } from '../../platform/jobs.ts';
import { exportHead } from './audit.heads.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export { EXPORTED_HEADS_MAX, type ExportedHead, exportHead, parseHeads } from './audit.heads.ts';
export type { AuditFilter, AuditRow } from './audit.repository.ts';
export type { AuditActor, AuditEntry, ChainHead, VerifyResult } from './audit.service.ts';
export { AuditService };

export function createAuditModule(db: Db) {
  return { service: new AuditService(new AuditRepository(db)) };
}

/** The scheduled export of the chain's head to write-once storage (`AUDIT_HEAD_EXPORT`). */
export function headExportJob(
  service: AuditService,
  options: { target: string; interval_ms: number },
): ScheduledJob {
  return {
    name: 'audit.head-export',
    cron: everyMinutes(options.interval_ms / 60_000),
    run: () => exportHead(service, options.target),
  };
}
