import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons.tsx';

export type Crumb = { label: string; to?: string };

type PageFrameProps = {
  title: ReactNode;
  breadcrumbs: Crumb[];
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/** Every routed page: breadcrumbs, a heading, then the content. */
export function PageFrame({ title, breadcrumbs, subtitle, actions, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <nav aria-label={t('common.breadcrumbs')}>
          <ol className="flex flex-wrap items-center gap-1 text-[13px] text-fg-subtle">
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              return (
                <li key={crumb.to ?? crumb.label} className="flex items-center gap-1">
                  {crumb.to && !last ? (
                    <Link to={crumb.to} className="transition-colors hover:text-fg">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span
                      aria-current={last ? 'page' : undefined}
                      className={last ? 'text-fg-muted' : undefined}
                    >
                      {crumb.label}
                    </span>
                  )}
                  {!last && <ChevronRightIcon size={14} className="opacity-60" />}
                </li>
              );
            })}
          </ol>
        </nav>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-[28px]">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-fg-muted">{subtitle}</p>}
          </div>
          {actions}
        </div>
      </header>
      {children}
    </div>
  );
}
