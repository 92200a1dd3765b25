import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export function Card({
  title,
  actions,
  children,
  className,
  padded = true,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  padded?: boolean;
}) {
  return (
    <section className={cn('rounded-lg border border-ink-700 bg-ink-900', className)}>
      {(title || actions) && (
        <header className="flex min-h-10 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-ink-700 px-3.5 py-2">
          <h2 className="text-[13px] font-semibold text-fg">{title}</h2>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </header>
      )}
      <div className={padded ? 'p-3.5' : undefined}>{children}</div>
    </section>
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="truncate text-lg font-semibold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-0.5 text-[13px] text-fg-muted">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

/** A definition list for profile details: label on the left, value on the right. */
export function Details({ rows }: { rows: Record<string, ReactNode> }) {
  return (
    <dl className="grid grid-cols-[minmax(110px,35%)_1fr] gap-x-3 gap-y-1.5 text-[13px]">
      {Object.entries(rows).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-fg-subtle">{label}</dt>
          <dd className="min-w-0 break-words text-fg">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
