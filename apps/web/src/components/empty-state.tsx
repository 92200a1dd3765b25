import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type EmptyStateProps = {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  className?: string;
};

/** A designed "nothing here (yet)" panel: a glowing icon tile, a title, a line, an action. */
export function EmptyState({ icon, title, body, action, compact, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'relative flex flex-col items-center justify-center overflow-hidden rounded-2xl border border-dashed border-ink-600/80 bg-ink-900/60 text-center',
        compact ? 'px-5 py-8' : 'px-6 py-14 sm:py-20',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 size-64 -translate-x-1/2 rounded-full bg-accent-500/10 blur-3xl"
      />
      <div className="relative mb-5 flex size-14 items-center justify-center rounded-2xl border border-ink-600 bg-gradient-to-b from-ink-700 to-ink-800 text-accent-400 shadow-pop">
        {icon}
      </div>
      <h2 className="relative text-lg font-semibold text-fg">{title}</h2>
      {body && (
        <p className="relative mt-2 max-w-md text-sm leading-relaxed text-fg-muted">{body}</p>
      )}
      {action && <div className="relative mt-6">{action}</div>}
    </div>
  );
}
