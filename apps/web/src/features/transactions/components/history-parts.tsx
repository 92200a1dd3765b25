import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';

/** Status colours shared by the payments and bonuses tabs. */
const TONES: Record<string, string> = {
  pending: 'bg-warning/10 text-warning',
  crediting: 'bg-warning/10 text-warning',
  approved: 'bg-accent-500/15 text-accent-300',
  active: 'bg-accent-500/15 text-accent-300',
  credited: 'bg-positive/10 text-positive',
  paid: 'bg-positive/10 text-positive',
  completed: 'bg-positive/10 text-positive',
  declined: 'bg-negative/10 text-negative',
  rejected: 'bg-negative/10 text-negative',
};

export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[status] ?? 'bg-ink-700 text-fg-subtle',
      )}
      data-testid="history-status"
    >
      {label}
    </span>
  );
}

/** "1–20 of 45" and Previous / Next, as the activity tab has them. */
export function Pager({
  page,
  perPage,
  shown,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav
      aria-label={t('transactions.pagination')}
      className="flex items-center justify-between gap-3 text-sm text-fg-muted"
    >
      <span className="tabular-nums">
        {t('transactions.range', {
          from: total === 0 ? 0 : (page - 1) * perPage + 1,
          to: (page - 1) * perPage + shown,
          total,
        })}
      </span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          icon={<ChevronLeftIcon size={16} />}
        >
          {t('transactions.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('transactions.next')}
          <ChevronRightIcon size={16} />
        </Button>
      </div>
    </nav>
  );
}

/** The table frame of every tab: a header row on wide screens, cards on phones. */
export function HistoryTable({
  headers,
  children,
}: {
  headers: Array<{ label: ReactNode; right?: boolean }>;
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-900/60">
      <table className="w-full text-sm">
        <thead className="hidden border-b border-ink-700 text-left text-[11px] tracking-wider text-fg-subtle uppercase sm:table-header-group">
          <tr>
            {headers.map((header, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                key={index}
                className={cn('px-4 py-3 font-semibold', header.right && 'text-right')}
              >
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-750">{children}</tbody>
      </table>
    </div>
  );
}
