import type { SbTracker } from '@casino/contracts/sports-tracker';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/cn.ts';
import { TrackerHeader } from './tracker-parts.tsx';

type Tennis = Extract<SbTracker, { sport: 'tennis' }>;

/** Tennis: games per set, the game's points with the server marked, and who won each point. */
export function TennisTracker({
  tracker: x,
  home,
  away,
}: {
  tracker: Tennis;
  home: string;
  away: string;
}) {
  const { t } = useTranslation();
  const rows = [
    { side: 'home' as const, name: home, i: 0 },
    { side: 'away' as const, name: away, i: 1 },
  ];
  return (
    <div className="space-y-3">
      <TrackerHeader
        title={t('sbTracker.title')}
        aside={x.tiebreak ? t('sbTracker.tiebreak') : t('sbTracker.set', { n: x.sets.length })}
      />
      <table className="w-full text-sm" data-testid="tracker-tennis">
        <thead>
          <tr className="text-[11px] text-fg-subtle">
            <th className="text-left font-normal">
              <span className="sr-only">{t('sbTracker.player')}</span>
            </th>
            {x.sets.map((_, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sets are positional
              <th key={n} className="w-7 text-center font-normal">
                {n + 1}
              </th>
            ))}
            <th className="w-12 text-center font-normal">{t('sbTracker.game')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ side, name, i }) => (
            <tr key={side}>
              <td className="max-w-0 truncate py-1 pr-2 text-fg">
                <span
                  aria-hidden="true"
                  className={cn(
                    'mr-1.5 inline-block size-1.5 rounded-full align-middle',
                    x.server === side ? 'bg-warning' : 'bg-transparent',
                  )}
                />
                {name}
                {x.server === side && <span className="sr-only"> · {t('sbTracker.serving')}</span>}
              </td>
              {x.sets.map((set, n) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: sets are positional
                  key={n}
                  className={cn(
                    'text-center font-mono tabular-nums',
                    n === x.sets.length - 1 ? 'text-fg' : 'text-fg-muted',
                  )}
                >
                  {set.split('-')[i]}
                </td>
              ))}
              <td className="text-center font-mono font-semibold text-accent-400 tabular-nums">
                {x.points[i]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {x.last_points.length > 0 && (
        <div className="flex flex-wrap gap-1" role="img" aria-label={t('sbTracker.pointsThisGame')}>
          {x.last_points.map((w, n) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: points are positional and only appended
              key={n}
              className={cn(
                'h-1.5 w-4 rounded-full',
                w === x.server ? 'bg-ink-600' : 'bg-accent-500',
              )}
              title={w === 'home' ? home : away}
            />
          ))}
        </div>
      )}
    </div>
  );
}
