import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { SettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { SettingsService } from './settings.service.ts';

export type { OperatorSettings } from './settings.schema.ts';
export { operatorSettings, operatorSettingsPatch } from './settings.schema.ts';
export type { SettingsService };

export function createSettingsModule(db: Db, audit: AuditService) {
  const service = new SettingsService(new SettingsRepository(db), audit);
  return { service, routes: settingsRoutes(service) };
}
