import { whenIdle } from './idle.ts';

/**
 * Real-user Web Vitals (issue 20): a sample of page views reports LCP, CLS and INP to
 * `POST /api/v1/vitals`, which feeds the metrics and the back office's dashboard panel.
 * One view in ten by default: enough for a 75th percentile per page on a live site, and
 * nine in ten views pay nothing (not even the library's download, which happens only when
 * sampled, once the page is idle). `localStorage['vitals:sample']` (a number 0–1) overrides
 * the rate on one browser (testing, support).
 */
export const VITALS_SAMPLE_RATE = 0.1;

export function sampleRate(): number {
  try {
    const override = Number.parseFloat(localStorage.getItem('vitals:sample') ?? '');
    if (override >= 0 && override <= 1) return override;
  } catch {
    // No storage (private mode): the default rate.
  }
  return VITALS_SAMPLE_RATE;
}

export function startWebVitals(random: () => number = Math.random): void {
  if (typeof window === 'undefined' || random() >= sampleRate()) return;
  whenIdle(() => {
    void import('./web-vitals-reporter.ts').then(
      (reporter) => reporter.report(window.location.pathname),
      () => {
        // A failed download only loses this view's sample.
      },
    );
  }, 5_000);
}
