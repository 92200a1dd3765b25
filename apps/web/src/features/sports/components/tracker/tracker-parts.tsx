import type { ReactNode } from 'react';

/** The tracker's heading row: its title and a note on the right (who bats, the minute). */
export function TrackerHeader({ title, aside }: { title: string; aside: ReactNode }) {
  return (
    <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      <span className="min-w-0 truncate text-xs text-fg-muted">{aside}</span>
    </header>
  );
}

/** One figure in the tracker's row of figures. */
export function TrackerStat({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-ink-950/60 px-3 py-2">
      <div className="truncate text-[11px] text-fg-subtle">{label}</div>
      <div className="font-mono text-base font-semibold text-fg tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}
