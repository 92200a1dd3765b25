import type { SbTracker } from '@casino/contracts/sports-tracker';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/cn.ts';
import { TrackerHeader } from './tracker-parts.tsx';

type Football = Extract<SbTracker, { sport: 'football' }>;

/** Football: the minute on a bar of ninety, then goals and cards, newest first. */
export function FootballTracker({
  tracker: f,
  home,
  away,
}: {
  tracker: Football;
  home: string;
  away: string;
}) {
  const { t } = useTranslation();
  // Numbered from the start: the timeline only grows at its end.
  const entries = f.timeline.map((x, n) => ({ ...x, n })).reverse();
  return (
    <div className="space-y-3">
      <TrackerHeader
        title={t('sbTracker.title')}
        aside={<span className="font-mono" data-testid="tracker-minute">{`${f.minute}'`}</span>}
      />
      <div className="h-1.5 overflow-hidden rounded-full bg-ink-700">
        <div
          className="h-full rounded-full bg-accent-500"
          style={{ width: `${Math.min(100, (f.minute / 90) * 100)}%` }}
        />
      </div>
      {entries.length === 0 ? (
        <p className="text-xs text-fg-muted">{t('sbTracker.quiet')}</p>
      ) : (
        <ol className="max-h-48 space-y-1.5 overflow-y-auto" data-testid="tracker-timeline">
          {entries.map((x) => (
            <li
              key={x.n}
              className={cn(
                'flex items-center gap-2 text-sm',
                x.side === 'away' && 'flex-row-reverse text-right',
              )}
            >
              <span className="w-8 shrink-0 font-mono text-xs text-fg-muted tabular-nums">
                {x.minute}'
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block shrink-0',
                  x.type === 'goal'
                    ? 'size-2.5 rounded-full bg-accent-400'
                    : x.type === 'yellow'
                      ? 'h-3 w-2 rounded-sm bg-warning'
                      : 'h-3 w-2 rounded-sm bg-negative',
                )}
              />
              <span className="min-w-0 truncate text-fg">
                {t(`sbTracker.${x.type}`)} · {x.side === 'home' ? home : away}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
