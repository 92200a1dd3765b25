import type { TimelineEntry } from '@casino/contracts/withdrawal-tracker';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { CheckIcon, CloseIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const DOT = {
  done: 'border-positive bg-positive text-ink-950',
  current: 'border-accent-400 bg-ink-900 text-accent-400 ring-4 ring-accent-500/15',
  upcoming: 'border-ink-600 bg-ink-900 text-fg-subtle',
  stopped: 'border-negative bg-negative text-ink-950',
} as const;

/** The withdrawal's steps top to bottom, each with its time; the step it waits for glows. */
export function WithdrawalTimeline({ steps }: { steps: readonly TimelineEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col" data-testid="withdrawal-timeline">
      {steps.map((entry, index) => {
        const last = index === steps.length - 1;
        return (
          <li
            key={entry.step}
            className="relative flex gap-3.5 pb-5 last:pb-0"
            data-testid={`timeline-${entry.step}`}
            data-state={entry.state}
          >
            {!last && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-7 bottom-0.5 left-[13px] w-0.5 rounded-full',
                  entry.state === 'done' ? 'bg-positive/60' : 'bg-ink-700',
                )}
              />
            )}
            <span
              className={cn(
                'relative flex size-7 shrink-0 items-center justify-center rounded-full border-2',
                DOT[entry.state],
              )}
            >
              {entry.state === 'done' && <CheckIcon size={14} strokeWidth={3} />}
              {entry.state === 'stopped' && <CloseIcon size={14} strokeWidth={3} />}
              {entry.state === 'current' && (
                <span className="size-2 animate-pulse rounded-full bg-accent-400" />
              )}
            </span>
            <div className="flex min-w-0 flex-col pt-0.5">
              <span
                className={cn(
                  'text-sm font-semibold',
                  entry.state === 'upcoming' ? 'text-fg-subtle' : 'text-fg',
                )}
              >
                {t(`withdrawalTracker.steps.${entry.step}`)}
              </span>
              <span className="text-xs text-fg-muted tabular-nums">
                {entry.at
                  ? formatDateTime(entry.at, i18n.language)
                  : entry.state === 'current'
                    ? t('withdrawalTracker.inProgress')
                    : t('withdrawalTracker.notYet')}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
