import type { ReactNode } from 'react';
import { Card, PageHeader } from '../../components/card.tsx';
import { BarChart, Legend, LineChart } from '../../components/charts.tsx';
import { cn } from '../../components/cn.ts';
import { Spinner } from '../../components/spinner.tsx';
import { groupDigits, isNegative } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { type Period, useDashboard } from './get-dashboard.ts';
import { WebVitalsPanel } from './web-vitals-panel.tsx';

const PERIODS: Array<{ id: Period; label: string }> = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
];
const COLORS = {
  accent: 'var(--color-accent-500)',
  positive: 'var(--color-positive)',
  warning: 'var(--color-warning)',
  negative: 'var(--color-negative)',
  muted: 'var(--color-accent-300)',
};

export function DashboardPage() {
  const [state, update] = useUrlState({ period: '7d' });
  const period = (PERIODS.some((p) => p.id === state.period) ? state.period : '7d') as Period;
  const { data, isLoading, error } = useDashboard(period);

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={data ? `UTC days · money in ${data.currency} at the configured rates` : undefined}
        actions={
          <fieldset aria-label="Period" className="flex rounded-md border border-ink-600 p-0.5">
            {PERIODS.map((item) => (
              <button
                key={item.id}
                type="button"
                aria-pressed={period === item.id}
                onClick={() => update({ period: item.id })}
                className={cn(
                  'h-7 rounded px-3 text-[13px] font-medium',
                  period === item.id ? 'bg-ink-700 text-fg' : 'text-fg-muted hover:text-fg',
                )}
              >
                {item.label}
              </button>
            ))}
          </fieldset>
        }
      />
      {error && <p className="text-negative">{(error as Error).message}</p>}
      {isLoading || !data ? (
        <div className="flex h-40 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      ) : (
        <>
          {!data.sources.ledger && (
            <p className="mb-3 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-[13px] text-warning">
              The ledger is not connected yet: money figures read 0.00 until it is.
            </p>
          )}
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 2xl:grid-cols-7">
            <Figure label="Registrations" value={data.figures.registrations.toLocaleString('en')} />
            <Figure
              label="FTD"
              value={data.figures.ftd.toLocaleString('en')}
              hint="First-time depositors: first deposit in the period"
            />
            <Figure
              label="Active players"
              value={data.figures.active_players.toLocaleString('en')}
            />
            <Figure label="Deposits" value={groupDigits(data.figures.deposits)} unit="EUR" />
            <Figure label="Withdrawals" value={groupDigits(data.figures.withdrawals)} unit="EUR" />
            <Figure
              label="GGR"
              value={groupDigits(data.figures.ggr)}
              unit="EUR"
              tone={data.figures.ggr}
              hint="Bets − refunds − wins"
            />
            <Figure
              label="NGR"
              value={groupDigits(data.figures.ngr)}
              unit="EUR"
              tone={data.figures.ngr}
              hint="GGR − bonus conversions − fees"
            />
          </div>
          <div className="mt-3 grid gap-3 xl:grid-cols-2">
            <ChartCard
              title="Players"
              legend={[
                { name: 'Registrations', color: COLORS.accent },
                { name: 'FTD', color: COLORS.positive },
                { name: 'Active', color: COLORS.warning },
              ]}
            >
              <BarChart
                title="Registrations, first-time depositors and active players per day"
                labels={data.series.map((day) => day.date)}
                series={[
                  {
                    name: 'Registrations',
                    color: COLORS.accent,
                    values: data.series.map((d) => d.registrations),
                  },
                  { name: 'FTD', color: COLORS.positive, values: data.series.map((d) => d.ftd) },
                  {
                    name: 'Active',
                    color: COLORS.warning,
                    values: data.series.map((d) => d.active_players),
                  },
                ]}
              />
            </ChartCard>
            <ChartCard
              title="Cash flow (EUR)"
              legend={[
                { name: 'Deposits', color: COLORS.positive },
                { name: 'Withdrawals', color: COLORS.negative },
              ]}
            >
              <LineChart
                title="Deposits and withdrawals per day in EUR"
                labels={data.series.map((day) => day.date)}
                series={[
                  {
                    name: 'Deposits',
                    color: COLORS.positive,
                    values: data.series.map((d) => Number(d.deposits)),
                  },
                  {
                    name: 'Withdrawals',
                    color: COLORS.negative,
                    values: data.series.map((d) => Number(d.withdrawals)),
                  },
                ]}
              />
            </ChartCard>
            <ChartCard
              title="Revenue (EUR)"
              legend={[
                { name: 'GGR', color: COLORS.accent },
                { name: 'NGR', color: COLORS.muted },
              ]}
            >
              <BarChart
                title="GGR and NGR per day in EUR"
                labels={data.series.map((day) => day.date)}
                series={[
                  {
                    name: 'GGR',
                    color: COLORS.accent,
                    values: data.series.map((d) => Number(d.ggr)),
                  },
                  {
                    name: 'NGR',
                    color: COLORS.muted,
                    values: data.series.map((d) => Number(d.ngr)),
                  },
                ]}
              />
            </ChartCard>
            <Card title="By day" padded={false}>
              <div className="max-h-[214px] overflow-auto">
                <table className="w-full text-[12px]">
                  <thead className="sticky top-0 bg-ink-850 text-[10px] tracking-wide text-fg-subtle uppercase">
                    <tr>
                      {['Day', 'Reg.', 'FTD', 'Active', 'Deposits', 'Withdr.', 'GGR', 'NGR'].map(
                        (h) => (
                          <th key={h} className="h-7 px-2 text-right font-semibold first:text-left">
                            {h}
                          </th>
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.series].reverse().map((day) => (
                      <tr key={day.date} className="border-t border-ink-800 tabular-nums">
                        <td className="h-7 px-2">{day.date}</td>
                        <td className="px-2 text-right">{day.registrations}</td>
                        <td className="px-2 text-right">{day.ftd}</td>
                        <td className="px-2 text-right">{day.active_players}</td>
                        <td className="px-2 text-right">{groupDigits(day.deposits)}</td>
                        <td className="px-2 text-right">{groupDigits(day.withdrawals)}</td>
                        <td className="px-2 text-right">{groupDigits(day.ggr)}</td>
                        <td className="px-2 text-right">{groupDigits(day.ngr)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </div>
        </>
      )}
      <WebVitalsPanel />
    </>
  );
}

function Figure({
  label,
  value,
  unit,
  tone,
  hint,
}: {
  label: string;
  value: string;
  unit?: string;
  tone?: string;
  hint?: string;
}) {
  return (
    <div
      className="rounded-lg border border-ink-700 bg-ink-900 px-3.5 py-3"
      title={hint ?? `${label}: ${value}${unit ? ` ${unit}` : ''}`}
    >
      <p className="text-[11px] font-medium tracking-wide text-fg-subtle uppercase">{label}</p>
      <p
        className={cn(
          'mt-1 truncate text-xl font-semibold tabular-nums',
          tone && isNegative(tone) && 'text-negative',
        )}
      >
        {value}
        {unit && <span className="ml-1 text-xs font-medium text-fg-subtle">{unit}</span>}
      </p>
    </div>
  );
}

function ChartCard({
  title,
  legend,
  children,
}: {
  title: string;
  legend: Array<{ name: string; color: string }>;
  children: ReactNode;
}) {
  return (
    <Card title={title} actions={<Legend series={legend} />}>
      {children}
    </Card>
  );
}
