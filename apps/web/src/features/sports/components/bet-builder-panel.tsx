import { parseAmount } from '@casino/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { CloseIcon } from '../../../components/icons.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMinorMoney } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { builderStore, placeBuilder, useBuilder, useBuilderQuote } from '../builder.ts';
import { marketName, selectionName } from '../lib/market-names.ts';
import { formatOdds } from '../lib/odds-format.ts';
import { useSlip } from '../slip-store.ts';
import { LiveDelayCountdown, useDelayCountdown } from './live-delay.tsx';

const REASONS = [
  'BUILDER_SAME_MARKET',
  'BUILDER_INCOMPATIBLE',
  'BUILDER_MARKET_NOT_SUPPORTED',
  'BUILDER_TOO_UNLIKELY',
  'BUILDER_PRICE_OUT_OF_RANGE',
  'BUILDER_TOO_MANY_LEGS',
  'BUILDER_NOT_OFFERED',
  'MARKET_SUSPENDED',
];

/**
 * The bet builder of one event: the picks, their combined price from the book's match model
 * (shown against what a plain multiple of them would pay), the reason when they cannot combine,
 * and placement (through the live delay in play).
 */
export function BetBuilderPanel({
  eventId,
  live,
  liveDelayMs,
}: {
  eventId: string;
  live: boolean;
  liveDelayMs: number;
}) {
  const { t, i18n } = useTranslation();
  const picks = useBuilder(eventId);
  const quote = useBuilderQuote(eventId, picks);
  const slip = useSlip();
  const auth = useAuth();
  const me = useMe();
  const client = useQueryClient();
  const scale = me.data?.currency?.scale ?? 2;
  const prefix = me.data?.currency?.prefix ?? '€';
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const countdown = useDelayCountdown();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    if (picks.length > 0) setMessage(null);
  }, [picks.length]);

  const result = picks.length >= 2 ? quote.data : undefined;
  const priced = result?.ok ? result.quote : null;
  let stakeMinor: bigint | null = null;
  try {
    const v = parseAmount(stake.trim(), scale);
    stakeMinor = v > 0n ? v : null;
  } catch {
    stakeMinor = null;
  }
  const returns = priced && stakeMinor ? (stakeMinor * BigInt(priced.odds_milli)) / 1000n : null;

  const place = async () => {
    if (!auth.isAuthenticated) return openModal('signIn');
    if (!priced || !stakeMinor) return;
    setBusy(true);
    setMessage(null);
    const delayed = live && liveDelayMs > 0;
    setWaiting(delayed);
    if (delayed) countdown.start(liveDelayMs);
    try {
      await placeBuilder({
        selections: picks.map((p) => ({
          selection_id: p.selection_id,
          odds: formatOdds(p.odds_milli, 'decimal'),
        })),
        builder_odds: priced.odds,
        stake: stake.trim(),
        accept_odds: slip.acceptOdds,
      });
      builderStore.clear();
      setStake('');
      setMessage({
        tone: 'success',
        text: delayed ? t('inplay.builderAccepted') : t('sportsBuilder.placed'),
      });
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : t('sportsBuilder.failed');
      setMessage({
        tone: 'error',
        text: delayed ? t('inplay.refused', { reason }) : reason,
      });
      void quote.refetch();
    } finally {
      setBusy(false);
      setWaiting(false);
      countdown.stop();
      void client.invalidateQueries({ queryKey: ['sports', 'bets'] });
      void client.invalidateQueries({ queryKey: ['me'] });
    }
  };

  return (
    <section
      className="rounded-xl border border-accent-500/40 bg-ink-900 p-3"
      data-testid="bet-builder"
    >
      <header className="mb-2 flex items-center justify-between gap-2 px-1">
        <h3 className="text-sm font-semibold text-fg">{t('sportsBuilder.title')}</h3>
        {picks.length > 0 && (
          <button
            type="button"
            onClick={() => builderStore.clear()}
            className="text-xs text-fg-muted hover:text-fg"
          >
            {t('sportsBuilder.clear')}
          </button>
        )}
      </header>
      {picks.length === 0 ? (
        <p className="px-1 pb-1 text-xs text-fg-muted">{t('sportsBuilder.hint')}</p>
      ) : (
        <ul className="space-y-1.5">
          {picks.map((p) => (
            <li
              key={p.selection_id}
              className="flex items-center gap-2 rounded-lg bg-ink-850 px-3 py-2"
              data-testid="builder-pick"
            >
              <div className="min-w-0 flex-1">
                <div className="truncate text-sm font-medium text-fg">{selectionName(t, p)}</div>
                <div className="truncate text-[11px] text-fg-muted">{marketName(t, p)}</div>
              </div>
              <button
                type="button"
                aria-label={t('sportsBuilder.remove')}
                onClick={() => builderStore.toggle(eventId, p)}
                className="rounded p-1 text-fg-subtle hover:bg-ink-700 hover:text-fg"
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {picks.length === 1 && (
        <p className="mt-2 px-1 text-xs text-fg-muted">{t('sportsBuilder.addAnother')}</p>
      )}
      {result && !result.ok && (
        <p
          className="mt-2 rounded-lg border border-negative/40 bg-negative/10 px-3 py-2 text-xs text-negative"
          data-testid="builder-refusal"
          data-code={result.code}
        >
          {REASONS.includes(result.code)
            ? t(`sportsBuilder.reason.${result.code}`)
            : result.message}
        </p>
      )}
      {priced && (
        <div className="mt-3 flex items-end justify-between gap-3 px-1">
          <div>
            <div className="text-[11px] text-fg-subtle uppercase">{t('sportsBuilder.price')}</div>
            <div
              className="font-mono text-2xl font-bold text-accent-300 tabular-nums"
              data-testid="builder-odds"
              data-odds={priced.odds}
            >
              {formatOdds(priced.odds_milli, slip.format)}
            </div>
          </div>
          <div className="text-right text-[11px] text-fg-muted" data-testid="builder-product">
            {t('sportsBuilder.asMultiple', {
              odds: formatOdds(Math.round(Number(priced.product_odds) * 1000), slip.format),
            })}
          </div>
        </div>
      )}
      {priced && (
        <>
          <label className="mt-3 flex h-10 items-center gap-2 rounded-lg border border-ink-600 bg-ink-950 px-3 focus-within:border-accent-500">
            <span className="text-xs text-fg-subtle">{t('sportsBuilder.stake')}</span>
            <span className="ml-auto text-sm text-fg-muted">{prefix}</span>
            <input
              value={stake}
              onChange={(e) => setStake(e.target.value.replace(/[^\d.]/g, ''))}
              inputMode="decimal"
              placeholder="0.00"
              className="w-24 bg-transparent text-right font-mono text-sm text-fg tabular-nums outline-none placeholder:text-fg-subtle"
              data-testid="builder-stake"
              aria-label={t('sportsBuilder.stake')}
            />
          </label>
          <div className="mt-2 flex justify-between px-1 text-xs text-fg-muted">
            <span>{t('sportsBuilder.returns')}</span>
            <span className="font-mono text-fg tabular-nums">
              {returns === null ? '–' : formatMinorMoney(prefix, returns, scale, i18n.language)}
            </span>
          </div>
          <Button
            className="mt-3"
            block
            disabled={busy || !stakeMinor}
            onClick={() => void place()}
            data-testid="builder-place"
          >
            {waiting
              ? t('sportsBuilder.accepting')
              : auth.isAuthenticated
                ? t('sportsBuilder.place')
                : t('sportsBuilder.signIn')}
          </Button>
        </>
      )}
      {waiting && countdown.leftMs !== null && (
        <div className="mt-3">
          <LiveDelayCountdown leftMs={countdown.leftMs} totalMs={countdown.totalMs} />
        </div>
      )}
      {message && (
        <p
          className={cn(
            'mt-2 rounded-lg px-3 py-2 text-xs',
            message.tone === 'success'
              ? 'bg-positive/10 text-positive'
              : 'bg-negative/10 text-negative',
          )}
          data-testid="builder-message"
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
