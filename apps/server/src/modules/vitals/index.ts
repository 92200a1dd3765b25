import type { Db } from '../../platform/db/database.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { periodic } from '../../platform/periodic.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { VitalsRepository } from './vitals.repository.ts';
import { vitalsAdminRoutes, vitalsRoutes } from './vitals.routes.ts';
import { type VitalsObserver, VitalsService } from './vitals.service.ts';

export type { VitalsObserver, VitalsService };

/** Retention sweep: once an hour is plenty for rows kept eight days. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Real-user Web Vitals of the player site (issue 20): `POST /api/v1/vitals` (rate-limited,
 * validated) stores sampled LCP/CLS/INP per route pattern and device and tells `observe` (the
 * Prometheus histograms); `GET /api/admin/web-vitals` gives the back office the 75th
 * percentile per page over the last day.
 */
export function createVitalsModule(deps: {
  db: Db;
  /** Read-only reports (the percentile page): DATABASE_REPLICA_URL's replica when set. */
  reportsDb?: Db;
  observe?: VitalsObserver;
  log: (message: string, error: unknown) => void;
}) {
  const service = new VitalsService(new VitalsRepository(deps.db, deps.reportsDb), deps.observe);
  const sweeper = periodic('web vitals retention', () => service.sweep(), deps.log);
  return {
    service,
    routes: vitalsRoutes(service, new RateLimiter(deps.db)),
    adminRoutes: (staff: StaffAuth) => vitalsAdminRoutes(service, staff),
    startSweeper: () => sweeper.start(SWEEP_INTERVAL_MS),
    stop: () => sweeper.stop(),
  };
}
