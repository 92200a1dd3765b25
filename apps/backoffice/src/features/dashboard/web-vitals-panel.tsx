import type { WebVitalsSummaryRow } from '@casino/contracts';
import { Card } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useWebVitals } from './get-web-vitals.ts';

/** Google's thresholds at p75: good up to the first, poor beyond the second. */
const THRESHOLDS = {
  lcp: [2_500, 4_000],
  cls: [0.1, 0.25],
  inp: [200, 500],
} as const;

type Kind = keyof typeof THRESHOLDS;

function tone(kind: Kind, value: number | null): string {
  if (value === null) return 'text-fg-subtle';
  const [good, poor] = THRESHOLDS[kind];
  if (value <= good) return 'text-positive';
  if (value <= poor) return 'text-warning';
  return 'text-negative';
}

function show(kind: Kind, value: number | null): string {
  if (value === null) return '—';
  if (kind === 'cls') return value.toFixed(3);
  if (kind === 'lcp') return `${(value / 1000).toFixed(2)} s`;
  return `${Math.round(value)} ms`;
}

/**
 * The dashboard's panel of real users' Web Vitals (issue 20): the 75th percentile of LCP, CLS
 * and INP per page and device over the last 24 hours, from the player site's sampled beacons.
 */
export function WebVitalsPanel() {
  const { data, isLoading, error } = useWebVitals();
  return (
    <Card
      title="Player site speed (real users, p75, last 24 h)"
      actions={
        <span className="text-[11px] text-fg-subtle">Good ≤ LCP 2.5 s · CLS 0.1 · INP 200 ms</span>
      }
      padded={false}
      className="mt-3"
    >
      <div data-testid="web-vitals-panel">
        {error ? (
          <p className="px-3.5 py-3 text-negative">{(error as Error).message}</p>
        ) : isLoading || !data ? (
          <div className="flex h-24 items-center justify-center text-fg-muted">
            <Spinner />
          </div>
        ) : data.length === 0 ? (
          <p className="px-3.5 py-6 text-center text-[13px] text-fg-muted">
            No page views reported in the last 24 hours. The player site reports one view in ten.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-[12px]">
              <thead className="bg-ink-850 text-[10px] tracking-wide text-fg-subtle uppercase">
                <tr>
                  {['Page', 'Device', 'Views', 'LCP p75', 'CLS p75', 'INP p75'].map((h) => (
                    <th key={h} className="h-7 px-3 text-right font-semibold first:text-left">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <Row key={`${row.route}:${row.device}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}

function Row({ row }: { row: WebVitalsSummaryRow }) {
  const cell = (kind: Kind, value: number | null) => (
    <td className={cn('px-3 text-right font-medium', tone(kind, value))}>{show(kind, value)}</td>
  );
  return (
    <tr className="border-t border-ink-800 tabular-nums">
      <td className="h-8 px-3 font-mono text-[12px] text-fg">{row.route}</td>
      <td className="px-3 text-right text-fg-muted capitalize">{row.device}</td>
      <td className="px-3 text-right text-fg-muted">{row.samples.toLocaleString('en')}</td>
      {cell('lcp', row.lcp_p75_ms)}
      {cell('cls', row.cls_p75)}
      {cell('inp', row.inp_p75_ms)}
    </tr>
  );
}
