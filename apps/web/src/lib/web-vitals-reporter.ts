import { type Metric, onCLS, onINP, onLCP } from 'web-vitals';
import { ROUTE_MODULES } from '../app/route-modules.ts';
import { API_BASE } from './api-client.ts';

type Name = 'LCP' | 'CLS' | 'INP';
export type VitalsReport = {
  route: string;
  device: 'mobile' | 'desktop';
  metrics: Array<{ name: Name; value: number }>;
};

/** Spec §9: the mobile layout is under 768 px. */
const MOBILE_QUERY = '(max-width: 767px)';

/**
 * The router's pattern for `pathname` (`/casino/slots` → `/casino/:category`): what the
 * server keeps Web Vitals by, never the raw path (which could carry a token or an id).
 * A literal pattern beats one with a parameter, as in the router. Unknown: `other`.
 */
export function routePattern(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  let best: { pattern: string; params: number } | null = null;
  for (const pattern of Object.keys(ROUTE_MODULES)) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => part.startsWith(':') || part === segments[i])) continue;
    const params = parts.filter((part) => part.startsWith(':')).length;
    if (!best || params < best.params) best = { pattern, params };
  }
  return best?.pattern ?? 'other';
}

/** LCP and INP in whole ms, CLS to four decimals: what the server's bounds expect. */
export function toReport(
  pathname: string,
  mobile: boolean,
  metrics: ReadonlyMap<Name, number>,
): VitalsReport | null {
  if (metrics.size === 0) return null;
  return {
    route: routePattern(pathname),
    device: mobile ? 'mobile' : 'desktop',
    metrics: [...metrics].map(([name, value]) => ({
      name,
      value: name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value),
    })),
  };
}

/**
 * Collects this page view's LCP, CLS and INP and sends them in one beacon when the page is
 * hidden or left (a beacon survives the page's unload). Values are followed as they change
 * (`reportAllChanges`), so a page left by navigation, where a browser may skip the hidden
 * state, still reports what it measured; a page whose layout never shifted has a CLS of 0.
 * They are attributed to the route the player landed on: CLS and INP cover the whole visit,
 * as in the browser's own field data (CrUX).
 */
export function report(pathname: string): void {
  const collected = new Map<Name, number>();
  const keep = (metric: Metric) => collected.set(metric.name as Name, metric.value);
  onLCP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  const shiftsObserved =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('layout-shift');
  let sent = false;
  const send = () => {
    if (sent) return;
    if (shiftsObserved && !collected.has('CLS')) collected.set('CLS', 0);
    const body = toReport(pathname, window.matchMedia(MOBILE_QUERY).matches, collected);
    if (!body) return;
    sent = true;
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (!navigator.sendBeacon?.(`${API_BASE}/vitals`, blob)) {
      void fetch(`${API_BASE}/vitals`, { method: 'POST', body: blob, keepalive: true }).catch(
        () => {},
      );
    }
  };
  // Registered after the library's own listeners, so its final values are in by then.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  window.addEventListener('pagehide', send);
}
