import {
  WEB_VITALS_ROUTES,
  type WebVitalName,
  type WebVitalsReport,
  type WebVitalsSummaryRow,
} from '@casino/contracts';
import type { VitalsRepository } from './vitals.repository.ts';

/** What the back office shows: the last day. */
export const SUMMARY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows are kept a little longer than shown (a day boundary, a late look). */
export const RETENTION_MS = 8 * 24 * 60 * 60 * 1000;
export const RETENTION_SWEEP_ROWS = 10_000;

const KNOWN_ROUTES: ReadonlySet<string> = new Set(WEB_VITALS_ROUTES);

/** Where a sample goes besides the table (the Prometheus histograms). */
export type VitalsObserver = (sample: {
  route: string;
  device: 'mobile' | 'desktop';
  name: WebVitalName;
  value: number;
}) => void;

export class VitalsService {
  constructor(
    private readonly repository: VitalsRepository,
    private readonly observe: VitalsObserver = () => {},
  ) {}

  /** Records one page view's metrics; an unknown route is kept as `other` (bounded labels). */
  async record(report: WebVitalsReport): Promise<void> {
    const route = KNOWN_ROUTES.has(report.route) ? report.route : 'other';
    const samples = report.metrics.map((metric) => ({
      route,
      device: report.device,
      metric: metric.name,
      value: metric.value,
    }));
    await this.repository.insert(samples);
    for (const sample of samples) {
      this.observe({ route, device: sample.device, name: sample.metric, value: sample.value });
    }
  }

  /** The 75th percentile of LCP, CLS and INP per page and device over the last day. */
  async summary(now = new Date()): Promise<WebVitalsSummaryRow[]> {
    const rows = await this.repository.p75Since(new Date(now.getTime() - SUMMARY_WINDOW_MS));
    const byPage = new Map<string, WebVitalsSummaryRow>();
    for (const row of rows) {
      const id = `${row.route}\u0000${row.device}`;
      const page = byPage.get(id) ?? {
        route: row.route,
        device: row.device,
        samples: 0,
        lcp_p75_ms: null,
        cls_p75: null,
        inp_p75_ms: null,
      };
      // A page view sends each metric at most once: the largest count is the page views.
      page.samples = Math.max(page.samples, row.samples);
      if (row.metric === 'LCP') page.lcp_p75_ms = Math.round(row.p75);
      if (row.metric === 'CLS') page.cls_p75 = Math.round(row.p75 * 1000) / 1000;
      if (row.metric === 'INP') page.inp_p75_ms = Math.round(row.p75);
      byPage.set(id, page);
    }
    return [...byPage.values()].sort(
      (a, b) =>
        b.samples - a.samples || a.route.localeCompare(b.route) || a.device.localeCompare(b.device),
    );
  }

  /** Deletes rows past the retention (a bounded batch per run). */
  async sweep(now = new Date()): Promise<number> {
    return this.repository.deleteBefore(
      new Date(now.getTime() - RETENTION_MS),
      RETENTION_SWEEP_ROWS,
    );
  }
}
