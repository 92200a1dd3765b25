import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useEvent, useSportsTree } from '../api.ts';
import { BUILDER_MARKETS, BUILDER_SPORTS, builderStore, useBuilder } from '../builder.ts';
import { marketName, namedLeg, scoreText, selectionName } from '../lib/market-names.ts';
import { slipStore, useSlip } from '../slip-store.ts';
import { BetBuilderPanel } from './bet-builder-panel.tsx';
import { EarlyPayoutBadge } from './early-payout.tsx';
import { LiveBadge } from './event-list.tsx';
import { MatchTracker } from './match-tracker.tsx';
import { OddsButton } from './odds-button.tsx';

/** One event: a scoreboard and every market, prices live. */
export function EventView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const event = useEvent(id);
  const slip = useSlip();
  const tree = useSportsTree();
  const [mode, setMode] = useState<'markets' | 'builder'>('markets');
  const picks = useBuilder(id);
  if (event.isLoading)
    return (
      <div className="flex justify-center py-20">
        <Spinner />
      </div>
    );
  if (!event.data) {
    return (
      <div className="rounded-xl border border-ink-700 bg-ink-900 p-8 text-center text-fg-muted">
        {t('sports.eventGone')}
        <button type="button" className="ml-2 text-accent-400 hover:underline" onClick={onBack}>
          {t('sports.back')}
        </button>
      </div>
    );
  }
  const e = event.data;
  const live = e.status === 'live' || e.status === 'suspended';
  const builderOffered = BUILDER_SPORTS.includes(e.sport_id);
  const building = builderOffered && mode === 'builder';
  return (
    <div className="space-y-4" data-testid="sports-event">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
      >
        <ChevronLeftIcon size={16} />
        {t('sports.back')}
      </button>
      <section className="relative overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 via-ink-850 to-ink-900 p-5 sm:p-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 right-0 size-56 rounded-full bg-accent-500/10 blur-3xl"
        />
        <div className="relative mb-4 flex items-center justify-between text-xs text-fg-muted">
          <span>{live ? <LiveBadge /> : formatDateTime(e.starts_at, i18n.language)}</span>
          <span className="text-fg-subtle">
            {e.status === 'ended' ? t('sports.ended') : e.sport_id === 'cricket' ? 'T20' : ''}
          </span>
        </div>
        <div className="relative grid grid-cols-[1fr_auto_1fr] items-start gap-3">
          {(['home', 'away'] as const).map((side, i) => (
            <div
              key={side}
              className={cn('min-w-0', i === 0 ? 'order-1 text-right' : 'order-3 text-left')}
            >
              <div className="text-base font-semibold text-fg sm:text-lg">
                {side === 'home' ? e.home : e.away}
              </div>
              {(live || e.status === 'ended') && (
                <div
                  className="mt-1 font-mono text-2xl font-bold text-fg tabular-nums sm:text-3xl"
                  data-testid={`event-score-${side}`}
                >
                  {e.score[side] || '–'}
                </div>
              )}
            </div>
          ))}
          <div
            className="order-2 mt-1 rounded-lg bg-ink-950/70 px-3 py-1.5 text-center font-mono text-xs font-semibold text-fg-muted"
            data-testid="event-score"
          >
            {live ? (e.clock ? scoreText(t, e.clock) : t('sports.live')) : 'v'}
          </div>
        </div>
        {e.score.detail && e.score.detail !== e.clock ? (
          <p className="relative mt-3 text-center text-xs text-fg-muted">
            {scoreText(t, e.score.detail)}
          </p>
        ) : null}
        {live ? (
          <p className="relative mt-3 text-center text-[11px] text-fg-subtle">
            {t('sports.delayNotice')}
          </p>
        ) : null}
      </section>
      {live && e.tracker ? <MatchTracker event={e} tracker={e.tracker} /> : null}
      {e.suspended && (
        <div className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-2 text-sm text-warning">
          {t('sports.eventSuspended')}
        </div>
      )}
      {builderOffered && (
        <div className="inline-flex rounded-lg bg-ink-850 p-1" role="tablist">
          {(['markets', 'builder'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
              data-testid={`event-mode-${m}`}
              className={cn(
                'h-8 rounded-md px-4 text-xs font-semibold transition-colors',
                mode === m ? 'bg-accent-500 text-white' : 'text-fg-muted hover:text-fg',
              )}
            >
              {m === 'markets' ? t('sportsBuilder.allMarkets') : t('sportsBuilder.title')}
            </button>
          ))}
        </div>
      )}
      {building && (
        <BetBuilderPanel
          eventId={e.id}
          live={live}
          liveDelayMs={
            tree.data?.sports.find((s) => s.id === e.sport_id)?.live_delay_ms ??
            tree.data?.live_delay_ms ??
            0
          }
        />
      )}
      <div className="@container">
        <div className="grid gap-3 @2xl:grid-cols-2">
          {e.markets
            .filter((m) => !building || BUILDER_MARKETS.includes(m.type))
            .map((m) => {
              const suspended = m.status !== 'open' || e.suspended;
              return (
                <section
                  key={m.id}
                  className="rounded-xl border border-ink-700 bg-ink-900 p-3"
                  data-testid="market"
                  data-market-type={m.type}
                  data-market={m.id}
                >
                  <header className="mb-2 flex items-center justify-between gap-2 px-1">
                    <h3 className="truncate text-sm font-semibold text-fg">
                      {marketName(t, namedLeg(m, { key: '', name: '' }, e))}
                    </h3>
                    {m.early_payout_lead != null && !suspended && (
                      <EarlyPayoutBadge lead={m.early_payout_lead} />
                    )}
                    {suspended && (
                      <span
                        className="shrink-0 rounded bg-ink-700 px-1.5 py-0.5 text-[10px] font-semibold text-fg-muted uppercase"
                        data-testid="market-suspended"
                      >
                        {t('sports.suspended')}
                      </span>
                    )}
                  </header>
                  <div
                    className={cn(
                      'grid gap-1.5',
                      m.selections.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
                    )}
                  >
                    {m.selections.map((s) => (
                      <OddsButton
                        key={s.id}
                        testId="market-odds"
                        label={selectionName(t, namedLeg(m, s, e))}
                        odds_milli={s.odds_milli}
                        suspended={suspended || !s.active}
                        selected={
                          building
                            ? picks.some((p) => p.selection_id === s.id)
                            : slip.items.some((i) => i.selection_id === s.id)
                        }
                        onClick={() =>
                          building
                            ? builderStore.toggle(e.id, {
                                selection_id: s.id,
                                market_id: m.id,
                                ...namedLeg(m, s, e),
                                odds_milli: s.odds_milli!,
                              })
                            : slipStore.toggle({
                                sport_id: e.sport_id,
                                selection_id: s.id,
                                event_id: e.id,
                                event_name: `${e.home} v ${e.away}`,
                                market_id: m.id,
                                ...namedLeg(m, s, e),
                                odds_milli: s.odds_milli!,
                                current_milli: s.odds_milli,
                                live,
                              })
                        }
                      />
                    ))}
                  </div>
                </section>
              );
            })}
        </div>
      </div>
    </div>
  );
}
