import { lazy, type ReactNode, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cn } from '../../../components/cn.ts';
import { BallIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useOpenModal } from '../../../lib/modal-store.ts';
import { useEvents, useOddsFormat, useSportsTree } from '../api.ts';
import { ODDS_FORMATS, type OddsFormat } from '../lib/odds-format.ts';
import { useLiveOdds } from '../live.ts';
import { useSlip } from '../slip-store.ts';
import { EventList } from './event-list.tsx';

/** An event's page (markets, tracker, bet builder) loads when one is opened, not with the lists. */
const EventView = lazy(async () => ({ default: (await import('./event-view.tsx')).EventView }));

/**
 * The slip is the largest part of the page's code: it loads on its own (issue 20), beside the
 * events on a wide screen, and only when opened below that, so a phone's first visit downloads
 * and runs only what it shows.
 */
const BetSlipPanel = lazy(async () => ({ default: (await import('./bet-slip.tsx')).BetSlipPanel }));
const WIDE = '(min-width: 1280px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** Tailwind's `xl`: where the slip sits beside the events. */
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
}
/** Holds the slip's place while its code arrives (nothing moves when it does). */
function SlipFallback() {
  return (
    <div className="flex h-[320px] items-center justify-center rounded-2xl border border-ink-700 bg-ink-900 text-fg-muted">
      <Spinner />
    </div>
  );
}

/**
 * /sports: sport and competition navigation, live and upcoming lists, an event page
 * (?event=<id>, so the path stays /sports and the spec's reload rule only applies on
 * return from elsewhere) and the bet slip. Prices move over the live-odds socket.
 */
export function SportsPage() {
  const { t } = useTranslation();
  const wide = useWide();
  const [params, setParams] = useSearchParams();
  const sport = params.get('sport') ?? undefined;
  const competition = params.get('competition') ?? undefined;
  const eventId = params.get('event');
  const [when, setWhen] = useState<'live' | 'upcoming'>(
    (params.get('when') as 'live' | 'upcoming') ?? 'live',
  );
  const tree = useSportsTree();
  const events = useEvents(sport, when, competition);
  const slip = useSlip();
  const chooseFormat = useOddsFormat();
  const [slipOpen, setSlipOpen] = useState(false);
  // The sign-in modal opened from the slip must not sit under the sheet.
  const modalOpen = useOpenModal() !== null;
  const competitions = useMemo(
    () => new Map((tree.data?.competitions ?? []).map((c) => [c.id, c.name])),
    [tree.data],
  );
  useLiveOdds([
    ...(events.data ?? []).map((e) => e.id),
    ...(eventId ? [eventId] : []),
    ...slip.items.map((i) => i.event_id),
  ]);

  const update = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged);
  };
  const liveCount = (sportId?: string) =>
    (tree.data?.competitions ?? [])
      .filter((c) => !sportId || c.sport_id === sportId)
      .reduce((a, c) => a + c.live, 0);
  const sportCompetitions = (tree.data?.competitions ?? []).filter(
    (c) => (!sport || c.sport_id === sport) && c.live + c.upcoming > 0,
  );

  return (
    <div className="pb-8" data-testid="sports-page">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">{t('sports.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('sports.subtitle')}</p>
        </div>
        <label className="flex items-center gap-2 text-xs text-fg-muted">
          {t('sports.oddsFormat')}
          <select
            value={slip.format}
            onChange={(e) => chooseFormat(e.target.value as OddsFormat)}
            className="h-9 rounded-lg border border-ink-600 bg-ink-800 px-2 text-sm text-fg"
            data-testid="odds-format"
          >
            {ODDS_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`sports.format.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-4">
          <nav
            className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 md:flex-wrap md:overflow-visible"
            aria-label={t('sports.sportsNav')}
          >
            <SportChip
              active={!sport}
              onClick={() => update({ sport: undefined, competition: undefined, event: undefined })}
              testId="sport-all"
              label={t('sports.all')}
              icon={<span aria-hidden="true">★</span>}
              count={liveCount()}
            />
            {tree.data?.sports.map((s) => (
              <SportChip
                key={s.id}
                active={sport === s.id}
                onClick={() => update({ sport: s.id, competition: undefined, event: undefined })}
                label={t(`sports.sport.${s.id}`, { defaultValue: s.name })}
                icon={<SportIcon sport={s.id} />}
                count={liveCount(s.id)}
                testId={`sport-${s.id}`}
              />
            ))}
          </nav>

          {eventId ? (
            <Suspense
              fallback={
                <div className="flex justify-center py-16 text-fg-muted">
                  <Spinner className="size-6" />
                </div>
              }
            >
              <EventView id={eventId} onBack={() => update({ event: undefined })} />
            </Suspense>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <div className="inline-flex rounded-lg bg-ink-850 p-1">
                  {(['live', 'upcoming'] as const).map((w) => (
                    <button
                      key={w}
                      type="button"
                      onClick={() => setWhen(w)}
                      data-testid={`when-${w}`}
                      className={cn(
                        'h-8 rounded-md px-4 text-sm font-semibold transition-colors',
                        when === w ? 'bg-ink-700 text-fg' : 'text-fg-muted hover:text-fg',
                      )}
                    >
                      {w === 'live' && (
                        <span className="mr-1.5 inline-block size-1.5 rounded-full bg-negative align-middle" />
                      )}
                      {t(`sports.${w}`)}
                    </button>
                  ))}
                </div>
                {sportCompetitions.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    onClick={() => update({ competition: competition === c.id ? undefined : c.id })}
                    className={cn(
                      'h-8 rounded-full border px-3 text-xs font-medium transition-colors',
                      competition === c.id
                        ? 'border-accent-500 bg-accent-500/15 text-accent-300'
                        : 'border-ink-700 text-fg-muted hover:border-ink-500 hover:text-fg',
                    )}
                  >
                    {c.name}
                  </button>
                ))}
              </div>
              {events.isLoading ? (
                <div className="flex justify-center py-16">
                  <Spinner />
                </div>
              ) : events.data && events.data.length > 0 ? (
                <EventList
                  events={events.data}
                  competitions={competitions}
                  onOpen={(id) => update({ event: id })}
                />
              ) : (
                <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-600 bg-ink-900/60 px-6 py-14 text-center">
                  <BallIcon size={28} className="mb-3 text-accent-400" />
                  <p className="font-semibold text-fg">
                    {when === 'live' ? t('sports.noLive') : t('sports.noUpcoming')}
                  </p>
                  <p className="mt-1 text-sm text-fg-muted">{t('sports.tryOther')}</p>
                </div>
              )}
            </>
          )}
        </div>

        <aside className="hidden xl:block">
          <div className="sticky top-20">
            {wide && (
              <Suspense fallback={<SlipFallback />}>
                <BetSlipPanel
                  liveDelayMs={tree.data?.live_delay_ms ?? 0}
                  sportDelays={Object.fromEntries(
                    (tree.data?.sports ?? []).map((s) => [s.id, s.live_delay_ms]),
                  )}
                />
              </Suspense>
            )}
          </div>
        </aside>
      </div>

      {/* Below xl the slip is a sheet opened from a floating bar. */}
      <div className="xl:hidden">
        <button
          type="button"
          onClick={() => setSlipOpen(true)}
          data-testid="slip-open"
          className="fixed right-4 bottom-[calc(76px+env(safe-area-inset-bottom))] left-4 z-30 flex h-12 items-center justify-between rounded-xl bg-accent-500 px-4 text-sm font-semibold text-white shadow-pop md:bottom-6 md:left-auto md:w-72"
        >
          <span>{t('sports.slip.title')}</span>
          <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs">{slip.items.length}</span>
        </button>
        {slipOpen && !modalOpen && (
          <div
            className="fixed inset-0 z-[70] flex items-end justify-center md:items-center"
            role="dialog"
            aria-modal="true"
          >
            <button
              type="button"
              aria-label={t('sports.close')}
              className="absolute inset-0 bg-black/60"
              onClick={() => setSlipOpen(false)}
            />
            <div className="relative w-full max-w-md p-2">
              <div className="mb-2 flex justify-end">
                <button
                  type="button"
                  onClick={() => setSlipOpen(false)}
                  className="rounded-lg bg-ink-800 px-3 py-1.5 text-xs text-fg-muted hover:text-fg"
                >
                  {t('sports.close')}
                </button>
              </div>
              <Suspense fallback={<SlipFallback />}>
                <BetSlipPanel
                  liveDelayMs={tree.data?.live_delay_ms ?? 0}
                  sportDelays={Object.fromEntries(
                    (tree.data?.sports ?? []).map((s) => [s.id, s.live_delay_ms]),
                  )}
                />
              </Suspense>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function SportChip({
  active,
  onClick,
  label,
  icon,
  count,
  testId,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
  icon: ReactNode;
  count: number;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'flex h-11 shrink-0 items-center gap-2 rounded-xl border px-3.5 text-sm font-semibold transition-colors',
        active
          ? 'border-accent-500 bg-accent-500/15 text-fg'
          : 'border-ink-700 bg-ink-900 text-fg-muted hover:border-ink-500 hover:text-fg',
      )}
    >
      {icon}
      {label}
      {count > 0 && (
        <span className="rounded-full bg-negative/20 px-1.5 text-[11px] leading-5 text-negative">
          {count}
        </span>
      )}
    </button>
  );
}

/** Small line icons per sport (emoji glyphs are missing from many system fonts). */
function SportIcon({ sport }: { sport: string }) {
  if (sport === 'football') return <BallIcon size={16} />;
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {sport === 'cricket' ? (
        <>
          <path d="M14.5 3.5l6 6-9.5 9.5-3-3z" />
          <path d="M8 16l-4.5 4.5" />
          <circle cx="18.5" cy="18.5" r="2.2" />
        </>
      ) : (
        <circle cx="12" cy="12" r="8" />
      )}
    </svg>
  );
}
