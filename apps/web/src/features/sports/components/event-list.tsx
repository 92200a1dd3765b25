import type { SbEventSummary } from '@casino/contracts/sportsbook';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { ChevronRightIcon } from '../../../components/icons.tsx';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { namedLeg, scoreText } from '../lib/market-names.ts';
import { slipStore, useSlip } from '../slip-store.ts';
import { OddsButton } from './odds-button.tsx';

export function LiveBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded bg-negative/15 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-negative uppercase',
        className,
      )}
    >
      <span className="size-1.5 animate-pulse rounded-full bg-negative" />
      {t('sports.live')}
    </span>
  );
}

function startLabel(iso: string, language: string) {
  const sameDay = new Date(iso).toDateString() === new Date().toDateString();
  return sameDay ? formatTime(iso, language) : formatDateTime(iso, language);
}

/** Event rows with the main market's prices, grouped under their competition. */
export function EventList({
  events,
  competitions,
  onOpen,
}: {
  events: SbEventSummary[];
  competitions: Map<string, string>;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const slip = useSlip();
  const groups = new Map<string, SbEventSummary[]>();
  for (const e of events)
    groups.set(e.competition_id, [...(groups.get(e.competition_id) ?? []), e]);
  return (
    <div className="space-y-4">
      {[...groups.entries()].map(([competition, list]) => (
        <section
          key={competition}
          className="overflow-hidden rounded-xl border border-ink-700 bg-ink-900"
        >
          <header className="flex items-center justify-between border-b border-ink-700 bg-ink-850 px-4 py-2.5">
            <h3 className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {competitions.get(competition) ?? competition}
            </h3>
            <span className="hidden text-[11px] text-fg-subtle sm:block">
              {t('sports.matchWinner')}
            </span>
          </header>
          <ul className="divide-y divide-ink-800">
            {list.map((e) => {
              const live = e.status === 'live' || e.status === 'suspended';
              const market = e.main_market;
              const suspended = market?.status !== 'open' || e.suspended;
              return (
                <li
                  key={e.id}
                  className="grid grid-cols-1 gap-2.5 px-4 py-3 transition-colors hover:bg-ink-850/60 @xl:grid-cols-[minmax(0,1fr)_272px] @xl:items-center @xl:gap-4"
                  data-testid="sports-event-row"
                  data-event={e.id}
                  data-status={e.status}
                >
                  <button
                    type="button"
                    onClick={() => onOpen(e.id)}
                    className="group flex min-w-0 items-center gap-3 text-left"
                  >
                    <div className="w-14 shrink-0 text-center">
                      {live ? (
                        <div className="space-y-1">
                          <LiveBadge />
                          <div className="font-mono text-[11px] text-fg-muted tabular-nums">
                            {scoreText(t, e.clock)}
                          </div>
                        </div>
                      ) : (
                        <div className="text-[11px] leading-tight text-fg-subtle">
                          {startLabel(e.starts_at, i18n.language)}
                        </div>
                      )}
                    </div>
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center justify-between gap-2">
                        <span className="truncate text-sm font-medium text-fg">{e.home}</span>
                        {live && (
                          <span className="font-mono text-sm font-semibold text-fg tabular-nums">
                            {e.score.home}
                          </span>
                        )}
                      </div>
                      <div className="flex items-center justify-between gap-2">
                        <span className="truncate text-sm font-medium text-fg">{e.away}</span>
                        {live && (
                          <span className="font-mono text-sm font-semibold text-fg tabular-nums">
                            {e.score.away}
                          </span>
                        )}
                      </div>
                      {live && e.score.detail ? (
                        <div className="mt-0.5 truncate text-[11px] text-fg-subtle">
                          {scoreText(t, e.score.detail)}
                        </div>
                      ) : null}
                    </div>
                    <span className="flex shrink-0 items-center gap-0.5 self-center rounded-md bg-ink-800 px-1.5 py-1 text-[11px] font-semibold text-fg-muted group-hover:text-accent-300">
                      +{e.markets_count}
                      <ChevronRightIcon size={14} />
                    </span>
                  </button>
                  <div
                    className={cn(
                      'grid gap-1.5',
                      market?.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
                    )}
                  >
                    {market?.selections.map((s) => (
                      <OddsButton
                        key={s.id}
                        compact
                        testId="odds-button"
                        label={s.key === 'home' ? '1' : s.key === 'away' ? '2' : 'X'}
                        odds_milli={s.odds_milli}
                        suspended={suspended || !s.active}
                        selected={slip.items.some((i) => i.selection_id === s.id)}
                        onClick={() =>
                          slipStore.toggle({
                            sport_id: e.sport_id,
                            selection_id: s.id,
                            event_id: e.id,
                            event_name: `${e.home} v ${e.away}`,
                            market_id: market.id,
                            ...namedLeg(market, s, e),
                            odds_milli: s.odds_milli!,
                            current_milli: s.odds_milli,
                            live,
                          })
                        }
                      />
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
