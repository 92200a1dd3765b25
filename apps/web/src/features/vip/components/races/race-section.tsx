import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../../components/cn.ts';
import { formatDateTime, formatDecimal } from '../../../../lib/format.ts';
import { type RaceSummary, useRaceBoard, useRaces } from '../../api/races.ts';
import { Countdown } from './countdown.tsx';
import { Leaderboard } from './leaderboard.tsx';
import { PrizeTable } from './prize-table.tsx';

/** The Races section of /vip: pick a race, its countdown, prizes and live leaderboard. */
export function RaceSection() {
  const { t } = useTranslation();
  const races = useRaces();
  const list = races.data ?? [];
  const live = list.filter((race) => race.status !== 'ended' && race.status !== 'cancelled');
  const [picked, setPicked] = useState<string | null>(null);
  const current = list.find((race) => race.id === picked) ?? live[0] ?? list[0] ?? null;
  return (
    <section aria-labelledby="vip-races" className="flex flex-col gap-3" data-testid="races">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="vip-races" className="text-lg font-semibold text-fg">
            {t('races.title')}
          </h2>
          <p className="text-sm text-fg-muted">{t('races.subtitle')}</p>
        </div>
        <Link
          to="/settings/general"
          className="text-[13px] font-semibold text-accent-400 hover:text-accent-300"
        >
          {t('races.privacyLink')}
        </Link>
      </div>
      {races.isError ? (
        <p role="alert" className="text-sm text-negative">
          {t('races.loadFailed')}
        </p>
      ) : !races.data ? (
        <div className="h-64 animate-pulse rounded-2xl border border-ink-700 bg-ink-850" />
      ) : current === null ? (
        <p className="rounded-2xl border border-dashed border-ink-700 p-6 text-center text-sm text-fg-muted">
          {t('races.none')}
        </p>
      ) : (
        <>
          {list.length > 1 ? (
            <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="tablist">
              {list.map((race) => (
                <button
                  key={race.id}
                  type="button"
                  role="tab"
                  aria-selected={race.id === current.id}
                  onClick={() => setPicked(race.id)}
                  className={cn(
                    'shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap',
                    race.id === current.id
                      ? 'border-accent-500 bg-accent-500/15 text-fg'
                      : 'border-ink-700 bg-ink-850 text-fg-muted hover:text-fg',
                  )}
                >
                  {race.name}
                  <span className="ml-2 text-[12px] font-normal text-fg-subtle">
                    {t(`races.status.${race.status}`)}
                  </span>
                </button>
              ))}
            </div>
          ) : null}
          <RaceCard race={current} />
        </>
      )}
    </section>
  );
}

function RaceCard({ race: listed }: { race: RaceSummary }) {
  const { t, i18n } = useTranslation();
  const board = useRaceBoard(listed.id);
  const [expanded, setExpanded] = useState(false);
  const data = board.data;
  // The socket's push is fresher than the list (a race ending, its prizes paid).
  const race = data?.race ?? listed;
  const running = race.status === 'running';
  return (
    <div
      className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      data-testid={`race-${race.id}`}
    >
      <div className="flex flex-col gap-4">
        <div>
          <div className="flex items-center gap-2">
            <span
              data-testid="race-status"
              className={cn(
                'rounded-full px-2 py-0.5 text-[12px] font-semibold',
                running ? 'bg-positive/15 text-positive' : 'bg-ink-700 text-fg-muted',
              )}
            >
              {t(`races.status.${race.status}`)}
            </span>
            <span className="text-[12px] text-fg-subtle">
              {t(`races.recurrence.${race.recurrence}`)}
            </span>
          </div>
          <h3 className="mt-2 text-2xl font-black tracking-tight text-fg">{race.name}</h3>
          <p className="mt-1 text-sm text-fg-muted">
            {t(`races.rule.${race.metric}`, {
              min: `${formatDecimal(race.min_stake_eur, i18n.language, 2)} EUR`,
            })}
          </p>
        </div>
        <div>
          <div className="text-[13px] text-fg-subtle">
            {race.status === 'scheduled'
              ? t('races.startsIn')
              : running
                ? t('races.endsIn')
                : t('races.endedAt', { time: formatDateTime(race.ends_at, i18n.language) })}
          </div>
          {race.status === 'scheduled' || running ? (
            <div className="mt-1">
              <Countdown
                until={race.status === 'scheduled' ? race.starts_at : race.ends_at}
                testId="race-countdown"
              />
            </div>
          ) : null}
        </div>
        <div className="rounded-xl bg-ink-800/60 p-3">
          <div className="text-[13px] text-fg-subtle">{t('races.yourPlace')}</div>
          <div
            className="mt-0.5 text-2xl font-bold text-fg tabular-nums"
            data-testid="race-my-place"
          >
            {data?.me ? `#${data.me.place}` : '—'}
          </div>
          <div className="text-[13px] text-fg-muted">
            {data?.me
              ? race.metric === 'wagered'
                ? t('races.myWagered', {
                    amount: `${formatDecimal(data.me.score, i18n.language, 2)} EUR`,
                  })
                : t('races.myBest', { value: `${formatDecimal(data.me.score, i18n.language, 2)}×` })
              : t('races.notRanked')}
          </div>
        </div>
        <PrizeTable race={race} />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex items-baseline justify-between">
          <h4 className="font-semibold text-fg">{t('races.leaderboard')}</h4>
          {data ? (
            <span className="text-[12px] text-fg-subtle">
              {t('races.players', { count: data.players })}
            </span>
          ) : null}
        </div>
        {data ? (
          <Leaderboard board={data} expanded={expanded} onExpand={() => setExpanded(true)} />
        ) : (
          <div className="h-48 animate-pulse rounded-xl bg-ink-800/60" />
        )}
      </div>
    </div>
  );
}
