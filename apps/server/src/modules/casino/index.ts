import type { Db } from '../../platform/db/database.ts';
import { CasinoRepository } from './casino.repository.ts';
import { casinoRoutes } from './casino.routes.ts';

export type { ProviderRow } from './casino.repository.ts';

export function createCasinoModule(db: Db) {
  const repository = new CasinoRepository(db);
  return { repository, routes: casinoRoutes(repository) };
}
