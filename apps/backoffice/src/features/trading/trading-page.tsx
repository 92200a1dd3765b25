import type { SbBet } from '@casino/contracts/sportsbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { controlClasses } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { percent } from './book.ts';
import { BuilderSettingsCard } from './builder-settings.tsx';
import { CashoutSettingsCard } from './cashout-settings.tsx';
import { EarlyPayoutCard } from './early-payout-settings.tsx';
import { FeedSettingsCard } from './feed/feed-settings.tsx';
import { HeldCorrectionsCard } from './held-corrections.tsx';
import { LiveSettingsCard } from './live-settings.tsx';
import { PriceInput } from './price-input.tsx';
import { SportPricingCard } from './sport-pricing.tsx';

type Selection = {
  id: string;
  key: string;
  name: string;
  odds: string | null;
  odds_milli: number | null;
  active: boolean;
  result: string;
  trader_odds_milli: number | null;
  feed_odds_milli: number | null;
  bets: number;
  stake_minor: string;
  potential_minor: string;
  liability_minor: string;
};
type Market = {
  id: string;
  key: string;
  name: string;
  status: string;
  feed_status: string;
  trader_suspended: boolean;
  /** Σ 1/odds of the prices offered (basis points); null when none are. */
  book_bp: number | null;
  /** The same from the feed's prices (with the margin) before the book's guard. */
  feed_book_bp: number | null;
  /** The floor the book keeps; null: not exhaustive. */
  book_min_bp: number | null;
  book_stop: 'near_certain' | 'unbalanced' | 'one_outcome' | null;
  selections: Selection[];
};
type EventRow = {
  id: string;
  home: string;
  away: string;
  sport_id: string;
  status: string;
  clock: string;
  score: { home?: string; away?: string; detail?: string };
  starts_at: string;
  margin_bp: number;
  trader_suspended: boolean;
};
type EventDetail = EventRow & { stake_minor: string; worst_case_minor: string; markets: Market[] };

const BOOK_STOP: Record<NonNullable<Market['book_stop']>, string> = {
  near_certain: 'Suspended by the book: an outcome is near-certain',
  unbalanced: 'Suspended by the book: its prices cannot keep the margin floor',
  one_outcome: 'Suspended by the book: only one outcome is priced',
};

/** Minor units shown with two decimals (the desk mixes currencies; amounts are per bet currency). */
const minor = (value: string) => {
  const n = BigInt(value);
  const sign = n < 0n ? '−' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${(abs / 100n).toLocaleString('en')}.${String(abs % 100n).padStart(2, '0')}`;
};

const STATUS_TONE: Record<string, 'positive' | 'warning' | 'neutral' | 'negative' | 'accent'> = {
  live: 'negative',
  not_started: 'accent',
  suspended: 'warning',
  ended: 'neutral',
  cancelled: 'neutral',
  open: 'positive',
  settled: 'neutral',
  void: 'neutral',
};

/** The trading desk: live state, stops, prices, margins, liability, manual results, the ticker. */
export function TradingPage() {
  const client = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const events = useQuery({
    queryKey: ['sb', 'events'],
    queryFn: async () => (await api<EventRow[]>('/sportsbook/events')).data,
    refetchInterval: 3_000,
  });
  const current =
    selected ?? events.data?.find((e) => e.status === 'live')?.id ?? events.data?.[0]?.id ?? null;
  const detail = useQuery({
    queryKey: ['sb', 'event', current],
    queryFn: async () =>
      (await api<EventDetail>(`/sportsbook/events/${encodeURIComponent(current!)}`)).data,
    enabled: Boolean(current),
    refetchInterval: 2_000,
  });
  const ticker = useQuery({
    queryKey: ['sb', 'ticker'],
    queryFn: async () => (await api<SbBet[]>('/sportsbook/bets', { query: { limit: 25 } })).data,
    refetchInterval: 3_000,
  });
  const act = useMutation({
    mutationFn: (input: { path: string; json: unknown; method?: 'POST' | 'PUT' }) =>
      api(input.path, { json: input.json, method: input.method }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['sb'] });
      toast.success('Done');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  /** Prices and margins answer BOOK_UNDER_MARGIN for the trader to confirm; the rest toasts. */
  const trade = async (path: string, json: Record<string, unknown>) => {
    try {
      await api(path, { json });
      void client.invalidateQueries({ queryKey: ['sb'] });
      toast.success('Done');
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'BOOK_UNDER_MARGIN'))
        toast.error(errorMessage(error));
      throw error;
    }
  };
  const setMargin = async (event_id: string, margin_bp: number) => {
    const path = `/sportsbook/events/${encodeURIComponent(event_id)}/margin`;
    try {
      await trade(path, { margin_bp });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BOOK_UNDER_MARGIN') {
        if (window.confirm(`${error.message}\n\nSet the margin anyway?`))
          await trade(path, { margin_bp, confirm_book: true }).catch(() => {});
      }
    }
  };
  const needReason = () => {
    if (reason.trim().length >= 3) return true;
    toast.error('Give a reason first (it goes to the audit log)');
    return false;
  };

  return (
    <div>
      <PageHeader
        title="Trading"
        subtitle="Events from the feed with live state, liability per selection and the bet ticker. Every action is audited."
      />
      <div className="mb-3 flex items-center gap-2">
        <label htmlFor="trader-reason" className="text-xs font-medium text-fg-muted">
          Reason for actions
        </label>
        <input
          id="trader-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. injury news, price error"
          className={cn(controlClasses, 'h-8 max-w-md')}
          data-testid="trader-reason"
        />
      </div>
      <div className="grid gap-3 xl:grid-cols-[320px_minmax(0,1fr)]">
        <Card title="Events" padded={false}>
          {events.isLoading ? (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          ) : (
            <ul className="max-h-[70vh] divide-y divide-ink-800 overflow-y-auto">
              {events.data?.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    onClick={() => setSelected(e.id)}
                    data-testid="trader-event"
                    className={cn(
                      'w-full px-3.5 py-2 text-left text-[13px] hover:bg-ink-850',
                      current === e.id && 'bg-ink-800',
                    )}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium">
                        {e.home} v {e.away}
                      </span>
                      <Badge
                        tone={e.trader_suspended ? 'warning' : (STATUS_TONE[e.status] ?? 'neutral')}
                      >
                        {e.trader_suspended
                          ? 'stopped'
                          : e.status === 'not_started'
                            ? 'upcoming'
                            : e.status}
                      </Badge>
                    </div>
                    <div className="mt-0.5 flex justify-between text-xs text-fg-subtle">
                      <span>
                        {e.sport_id} ·{' '}
                        {e.status === 'not_started' ? formatDateTime(e.starts_at) : e.clock}
                      </span>
                      <span className="font-mono">
                        {e.score.home ?? ''} {e.score.away ? `– ${e.score.away}` : ''}
                      </span>
                    </div>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="min-w-0 space-y-3">
          {detail.data && (
            <Card
              title={`${detail.data.home} v ${detail.data.away}`}
              actions={
                <>
                  <span className="text-xs text-fg-muted">
                    Stake <b className="font-mono text-fg">{minor(detail.data.stake_minor)}</b> ·
                    worst case{' '}
                    <b
                      className={cn(
                        'font-mono',
                        BigInt(detail.data.worst_case_minor) > 0n ? 'text-negative' : 'text-fg',
                      )}
                    >
                      {minor(detail.data.worst_case_minor)}
                    </b>
                  </span>
                  <MarginInput
                    value={detail.data.margin_bp}
                    onSave={(margin_bp) => void setMargin(detail.data.id, margin_bp)}
                  />
                  <Button
                    variant={detail.data.trader_suspended ? 'primary' : 'danger'}
                    onClick={() =>
                      needReason() &&
                      act.mutate({
                        path: `/sportsbook/events/${encodeURIComponent(detail.data.id)}/suspend`,
                        json: { suspended: !detail.data.trader_suspended, reason },
                      })
                    }
                  >
                    {detail.data.trader_suspended ? 'Resume event' : 'Suspend event'}
                  </Button>
                </>
              }
            >
              <div className="mb-3 flex flex-wrap gap-2 text-xs text-fg-muted">
                <Badge tone={STATUS_TONE[detail.data.status] ?? 'neutral'}>
                  {detail.data.status.replace('_', ' ')}
                </Badge>
                <span className="font-mono">{detail.data.clock}</span>
                <span className="font-mono text-fg">
                  {detail.data.score.home ?? ''} – {detail.data.score.away ?? ''}
                </span>
                {detail.data.score.detail && <span>{detail.data.score.detail}</span>}
              </div>
              <div className="grid gap-3 2xl:grid-cols-2">
                {detail.data.markets
                  .filter((m) => m.feed_status !== 'settled' && m.feed_status !== 'void')
                  .map((m) => (
                    <section
                      key={m.id}
                      className="rounded-md border border-ink-700"
                      data-testid="trader-market"
                      data-market-name={m.name}
                    >
                      <header className="flex items-center justify-between gap-2 border-b border-ink-700 bg-ink-850 px-3 py-1.5">
                        <span className="truncate text-[13px] font-semibold">{m.name}</span>
                        <span className="flex items-center gap-1.5">
                          <BookFigure market={m} />
                          <Badge
                            tone={
                              m.trader_suspended ? 'warning' : (STATUS_TONE[m.status] ?? 'neutral')
                            }
                          >
                            {m.trader_suspended ? 'stopped' : m.status}
                          </Badge>
                          <Button
                            size="sm"
                            variant={m.trader_suspended ? 'primary' : 'secondary'}
                            data-testid="trader-market-toggle"
                            onClick={() =>
                              needReason() &&
                              act.mutate({
                                path: `/sportsbook/markets/${m.id}/suspend`,
                                json: { suspended: !m.trader_suspended, reason },
                              })
                            }
                          >
                            {m.trader_suspended ? 'Resume' : 'Suspend'}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() =>
                              needReason() &&
                              window.confirm(`Void ${m.name}? Every bet on it is refunded.`) &&
                              act.mutate({
                                path: `/sportsbook/markets/${m.id}/settle`,
                                json: { void: true, reason },
                              })
                            }
                          >
                            Void
                          </Button>
                        </span>
                      </header>
                      <table className="w-full text-[12px]">
                        <thead className="text-fg-subtle">
                          <tr>
                            <th className="px-3 py-1 text-left font-medium">Selection</th>
                            <th className="px-2 text-right font-medium">Price</th>
                            <th
                              className="px-2 text-right font-medium"
                              title="The feed's own price, before the event's margin and the book's guard"
                            >
                              Feed
                            </th>
                            <th className="px-2 text-right font-medium">Bets</th>
                            <th className="px-2 text-right font-medium">Stake</th>
                            <th className="px-2 text-right font-medium">Liability</th>
                            <th />
                          </tr>
                        </thead>
                        <tbody>
                          {m.selections.map((s) => (
                            <tr key={s.id} className="border-t border-ink-800">
                              <td className="max-w-[160px] truncate px-3 py-1">{s.name}</td>
                              <td className="px-2 text-right font-mono">
                                <PriceInput
                                  selection={s}
                                  market={m}
                                  onSave={(odds, confirm_book) =>
                                    trade(`/sportsbook/selections/${s.id}/price`, {
                                      odds,
                                      confirm_book,
                                    })
                                  }
                                />
                              </td>
                              <td className="px-2 text-right font-mono text-fg-subtle">
                                {s.feed_odds_milli === null
                                  ? '—'
                                  : (s.feed_odds_milli / 1000).toFixed(2)}
                              </td>
                              <td className="px-2 text-right font-mono">{s.bets}</td>
                              <td className="px-2 text-right font-mono">{minor(s.stake_minor)}</td>
                              <td
                                className={cn(
                                  'px-2 text-right font-mono',
                                  BigInt(s.liability_minor) > 0n
                                    ? 'text-negative'
                                    : 'text-positive',
                                )}
                              >
                                {minor(s.liability_minor)}
                              </td>
                              <td className="px-2 text-right">
                                <button
                                  type="button"
                                  className="inline-flex min-h-6 items-center px-1 text-[11px] text-accent-300 hover:underline"
                                  onClick={() =>
                                    needReason() &&
                                    window.confirm(`Settle ${m.name}: ${s.name} wins?`) &&
                                    act.mutate({
                                      path: `/sportsbook/markets/${m.id}/settle`,
                                      json: { winner_selection_id: s.id, reason },
                                    })
                                  }
                                >
                                  Winner
                                </button>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </section>
                  ))}
              </div>
            </Card>
          )}
          <Card
            title="Bet ticker"
            padded={false}
            actions={
              <StakeFactor
                onSave={(player_id, factor) =>
                  act.mutate({
                    path: `/sportsbook/players/${player_id}/limits`,
                    method: 'PUT',
                    json: { stake_factor_milli: factor },
                  })
                }
              />
            }
          >
            <table className="w-full text-[12px]">
              <thead className="text-fg-subtle">
                <tr>
                  <th className="px-3 py-1.5 text-left font-medium">Bet</th>
                  <th className="text-left font-medium">Player</th>
                  <th className="text-left font-medium">Selections</th>
                  <th className="px-2 text-right font-medium">Stake</th>
                  <th className="px-2 text-right font-medium">Return</th>
                  <th className="px-3 text-right font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {ticker.data?.map((b) => (
                  <tr
                    key={b.id}
                    className="border-t border-ink-800 align-top"
                    data-testid="ticker-row"
                  >
                    <td className="px-3 py-1.5 font-mono text-fg-muted">
                      #{b.id}
                      <div className="text-fg-subtle">{formatDateTime(b.created_at)}</div>
                    </td>
                    <td className="py-1.5 font-mono">{b.player_id}</td>
                    <td className="max-w-[320px] py-1.5">
                      <span className="text-fg-subtle">
                        {b.kind}
                        {b.system_size ? ` ${b.system_size}/${b.legs.length}` : ''}
                        {b.builder_odds ? ` @ ${b.builder_odds}` : ''} ·{' '}
                      </span>
                      {b.legs.map((l) => `${l.selection_name} @ ${l.odds}`).join(', ')}
                    </td>
                    <td className="px-2 py-1.5 text-right font-mono">
                      {minor(b.stake_minor)} {b.currency}
                      {b.cashouts && b.cashouts.length > 0 && (
                        <div className="text-fg-subtle" data-testid="ticker-cashouts">
                          {b.cashouts.map((c) => (
                            <div key={c.at}>
                              cashed {minor(c.stake_minor)} → {minor(c.amount_minor)}
                            </div>
                          ))}
                        </div>
                      )}
                    </td>
                    <td className="px-2 py-1.5 text-right font-mono">
                      {minor(b.payout_minor ?? b.potential_return_minor)}
                    </td>
                    <td className="px-3 py-1.5 text-right">
                      <Badge
                        tone={
                          b.status === 'open'
                            ? 'accent'
                            : b.status === 'rejected'
                              ? 'negative'
                              : b.status === 'cashed_out'
                                ? 'positive'
                                : 'neutral'
                        }
                      >
                        {b.status.replace('_', ' ')}
                      </Badge>
                      {b.review && (
                        <div className="mt-1">
                          <Badge tone="negative">correction held: funds short</Badge>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <HeldCorrectionsCard />
          <SportPricingCard />
          <BuilderSettingsCard />
          <CashoutSettingsCard />
          <FeedSettingsCard />
          <LiveSettingsCard />
          <EarlyPayoutCard />
        </div>
      </div>
    </div>
  );
}

/**
 * The market's book (Σ 1/odds of what is offered) against its floor; the feed's own book
 * beside it when the guard changed the prices, and why the book stopped a market.
 */
function BookFigure({ market }: { market: Market }) {
  if (market.book_stop)
    return (
      <span title={BOOK_STOP[market.book_stop]} data-testid="trader-market-book">
        <Badge tone="warning">book stop</Badge>
      </span>
    );
  if (market.book_bp === null) return null;
  const under = market.book_min_bp !== null && market.book_bp < market.book_min_bp;
  const corrected = market.feed_book_bp !== null && market.feed_book_bp !== market.book_bp;
  return (
    <span
      className={cn('font-mono text-[11px]', under ? 'text-negative' : 'text-fg-muted')}
      title={
        market.book_min_bp === null
          ? 'Not exhaustive: an outcome not listed may win, so there is no book to keep'
          : `The book keeps at least ${percent(market.book_min_bp)}${corrected ? `; the feed's prices with the margin and any fixed price made ${percent(market.feed_book_bp!)}, which the guard corrected` : ''}`
      }
      data-testid="trader-market-book"
      data-book-bp={market.book_bp}
    >
      book {percent(market.book_bp)}
      {market.book_min_bp === null && <span className="text-fg-subtle"> · partial</span>}
      {corrected && (
        <span className="text-fg-subtle"> (unguarded {percent(market.feed_book_bp!)})</span>
      )}
    </span>
  );
}

function MarginInput({ value, onSave }: { value: number; onSave: (bp: number) => void }) {
  const [text, setText] = useState(String(value / 100));
  return (
    <span className="flex items-center gap-1 text-xs text-fg-muted">
      <span className="whitespace-nowrap">Margin +</span>
      <input
        aria-label="Extra margin percent"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={cn(controlClasses, 'h-7 !w-14 text-right')}
      />
      %
      <Button
        size="sm"
        onClick={() => {
          const bp = Math.round(Number(text) * 100);
          if (Number.isFinite(bp)) onSave(bp);
        }}
      >
        Set
      </Button>
    </span>
  );
}

function StakeFactor({ onSave }: { onSave: (player: string, factor: number) => void }) {
  const [player, setPlayer] = useState('');
  const [factor, setFactor] = useState('1');
  return (
    <span className="flex items-center gap-1 text-xs text-fg-muted">
      Player
      <input
        aria-label="Player id"
        value={player}
        onChange={(e) => setPlayer(e.target.value.replace(/\D/g, ''))}
        className={cn(controlClasses, 'h-7 !w-20')}
      />
      stake factor ×
      <input
        aria-label="Stake factor"
        value={factor}
        onChange={(e) => setFactor(e.target.value)}
        className={cn(controlClasses, 'h-7 !w-14 text-right')}
      />
      <Button size="sm" onClick={() => player && onSave(player, Math.round(Number(factor) * 1000))}>
        Set
      </Button>
    </span>
  );
}
