import type { Db } from '../../platform/db/database.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export { EXPORTED_HEADS_MAX, type ExportedHead, exportHead, parseHeads } from './audit.heads.ts';
export type { AuditFilter, AuditRow } from './audit.repository.ts';
export type { AuditActor, AuditEntry, ChainHead, VerifyResult } from './audit.service.ts';
export { AuditService };

export function createAuditModule(db: Db) {
  return { service: new AuditService(new AuditRepository(db)) };
}
