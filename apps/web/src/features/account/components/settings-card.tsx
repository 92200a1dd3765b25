import type { ReactNode } from 'react';

type SettingsCardProps = {
  icon: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
  /** A short state beside the title (on / off). */
  badge?: ReactNode;
};

/** One titled panel of the Settings page. */
export function SettingsCard({
  icon,
  title,
  description,
  children,
  testId,
  badge,
}: SettingsCardProps) {
  const headingId = `${testId ?? title}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-900/70 p-5 sm:p-6"
    >
      <header className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-ink-600 bg-ink-800 text-accent-400">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-3">
            <h2 id={headingId} className="text-base font-semibold text-fg">
              {title}
            </h2>
            {badge}
          </div>
          {description && <p className="mt-0.5 text-sm text-fg-muted">{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}
