import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RequireAuth } from '../../../app/routes/require-auth.tsx';
import { cn } from '../../../components/cn.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReceiptIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { betOutcome } from '../../../lib/bet-outcome.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type BetDetail, useBet } from '../api/bets.ts';
import { betRenderer } from '../renderers/registry.ts';
import { FairnessCard } from './fairness-card.tsx';

/** /casino/bets/:id — one casino bet (round recall): what was staked, drawn, paid and how to check it. */
export function BetPage() {
  const { t } = useTranslation();
  const title = t('bets.title');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/casino/home' },
        { label: t('bets.history'), to: '/transactions/bets' },
        { label: title },
      ]}
    >
      <RequireAuth>
        <BetView />
      </RequireAuth>
    </PageFrame>
  );
}

function BetView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bet = useBet(id);
  if (bet.isPending)
    return (
      <div className="flex justify-center py-20 text-fg-muted">
        <Spinner className="size-6" />
      </div>
    );
  if (!bet.data)
    return (
      <EmptyState
        icon={<ReceiptIcon size={26} />}
        title={t('bets.notFoundTitle')}
        body={t('bets.notFoundBody')}
        action={
          <Link to="/transactions/bets" className="text-sm text-accent-400 hover:underline">
            {t('bets.backToHistory')}
          </Link>
        }
      />
    );
  const Outcome = betRenderer(bet.data);
  return (
    <div className="grid gap-5 lg:grid-cols-[1.1fr_1fr] lg:items-start" data-testid="bet-page">
      <div className="flex flex-col gap-5">
        <Summary bet={bet.data} />
        <section className="rounded-2xl border border-ink-700 bg-ink-850 p-4 sm:p-5">
          <h2 className="mb-4 text-base font-semibold text-fg">{t('bets.result')}</h2>
          <Outcome bet={bet.data} />
        </section>
      </div>
      <FairnessCard bet={bet.data} />
    </div>
  );
}

function Summary({ bet }: { bet: BetDetail }) {
  const { t, i18n } = useTranslation();
  const outcome = betOutcome(bet);
  const play =
    bet.kind === 'original' || bet.kind === 'crash'
      ? `/casino/originals/${bet.game}`
      : `/casino/game/${bet.game}`;
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 to-ink-850 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={play}
            className="text-xl font-bold text-fg hover:underline"
            data-testid="bet-game"
          >
            {bet.game_name}
          </Link>
          <p className="text-[13px] text-fg-subtle">
            {bet.provider} · <span className="font-mono">#{bet.id}</span>
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase',
            outcome === 'won' && 'bg-positive/15 text-positive',
            outcome === 'lost' && 'bg-negative/15 text-negative',
            outcome === 'open' && 'bg-warning/15 text-warning',
            outcome === 'push' && 'bg-ink-700 text-fg',
          )}
          data-testid="bet-outcome"
          data-outcome={outcome}
        >
          {outcome === 'push' ? t('betPush.outcome') : t(`bets.outcome.${outcome}`)}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Figure
          label={t('bets.stake')}
          value={`${bet.amount} ${bet.currency}`}
          testId="bet-stake"
        />
        <Figure
          label={t('bets.payout')}
          value={`${bet.payout} ${bet.currency}`}
          testId="bet-payout"
        />
        <Figure label={t('bets.multiplier')} value={bet.multiplier ? `${bet.multiplier}×` : '—'} />
      </dl>
      <p className="text-[13px] text-fg-muted" data-testid="bet-time">
        {t('bets.time')}: {formatDateTime(bet.created_at, i18n.language)}
      </p>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl bg-ink-900/60 px-3 py-2">
      <dt className="text-[11px] tracking-wider text-fg-subtle uppercase">{label}</dt>
      <dd
        className="truncate font-mono text-sm font-semibold text-fg tabular-nums"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
