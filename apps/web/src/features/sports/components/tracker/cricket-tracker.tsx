import type { SbTracker } from '@casino/contracts/sports-tracker';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/cn.ts';
import { TrackerHeader, TrackerStat } from './tracker-parts.tsx';

type Cricket = Extract<SbTracker, { sport: 'cricket' }>;

/** One ball of the over: a dot for none, boundaries lit, a wicket in red. */
function Ball({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full font-mono text-sm font-bold',
        value === 'W'
          ? 'bg-negative text-white'
          : value === '4' || value === '6'
            ? 'bg-accent-500 text-white'
            : value === '0'
              ? 'bg-ink-750 text-fg-subtle'
              : 'bg-ink-700 text-fg',
      )}
      title={value === 'W' ? t('sbTracker.wicket') : t('sbTracker.ballRuns', { runs: value })}
      data-testid="tracker-ball"
    >
      {value === '0' ? '•' : value}
    </span>
  );
}

/** Cricket: the innings' score and overs, run rate, the chase's required rate, this over. */
export function CricketTracker({
  tracker: c,
  home,
  away,
}: {
  tracker: Cricket;
  home: string;
  away: string;
}) {
  const { t } = useTranslation();
  const chase = c.target !== null;
  return (
    <div className="space-y-3">
      <TrackerHeader
        title={t('sbTracker.title')}
        aside={t('sbTracker.batting', {
          team: c.batting === 'home' ? home : away,
          innings: c.innings,
        })}
      />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <TrackerStat
          label={t('sbTracker.score')}
          value={`${c.runs}/${c.wickets}`}
          testId="tracker-score"
        />
        <TrackerStat label={t('sbTracker.overs')} value={c.overs} testId="tracker-overs" />
        <TrackerStat label={t('sbTracker.runRate')} value={c.run_rate} testId="tracker-run-rate" />
        <TrackerStat
          label={chase ? t('sbTracker.requiredRate') : t('sbTracker.target')}
          value={chase ? (c.required_rate ?? '–') : '–'}
          testId="tracker-required-rate"
        />
      </div>
      <div>
        <div className="mb-1.5 flex items-center justify-between gap-2 text-[11px] text-fg-subtle">
          <span>{t('sbTracker.thisOver')}</span>
          {chase && (
            <span className="truncate" data-testid="tracker-needs">
              {t('sbTracker.needs', { runs: Math.max(0, (c.target ?? 0) - c.runs) })}
            </span>
          )}
        </div>
        <div
          className="flex min-h-8 gap-1.5 overflow-x-auto"
          data-testid="tracker-this-over"
          data-balls={c.balls}
        >
          {c.this_over.length === 0 ? (
            <span className="self-center text-xs text-fg-muted">{t('sbTracker.newOver')}</span>
          ) : (
            c.this_over.map((ball, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an over's balls are positional and only appended
              <Ball key={i} value={ball} />
            ))
          )}
        </div>
      </div>
    </div>
  );
}
