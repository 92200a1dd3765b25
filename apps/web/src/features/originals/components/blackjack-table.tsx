import type { BlackjackAction } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import type { BlackjackView } from '../api/card-rounds.ts';
import { PlayingCard } from './playing-card.tsx';

type Hand = BlackjackView['hands'][number];

/** "17", "soft 17", or "21" — the total as a player reads it. */
function TotalBadge({ total, soft, testId }: { total: number; soft: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 font-mono text-[13px] font-semibold',
        total > 21 ? 'bg-negative/20 text-negative' : 'bg-ink-700 text-fg',
      )}
      data-testid={testId}
    >
      {soft && total < 21 ? t('cardOriginals.blackjack.soft', { total }) : total}
    </span>
  );
}

const RESULT_TONE = {
  blackjack: 'bg-positive/20 text-positive',
  win: 'bg-positive/20 text-positive',
  push: 'bg-ink-700 text-fg',
  lose: 'bg-negative/20 text-negative',
} as const;

function HandView({
  hand,
  index,
  active,
  split,
}: {
  hand: Hand;
  index: number;
  active: boolean;
  split: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col items-center gap-2 rounded-xl border p-2 transition-colors sm:p-3',
        active ? 'border-accent-500 bg-accent-500/10' : 'border-transparent',
      )}
      data-testid={`bj-hand-${index}`}
      data-active={active}
    >
      <div className="flex -space-x-6 sm:-space-x-5">
        {hand.cards.map((card, i) => (
          <PlayingCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards never reorder
            key={i}
            index={card}
            size={split ? 'split' : 'md'}
            dim={hand.result === 'lose'}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-1.5 text-[13px]">
        <TotalBadge total={hand.total} soft={hand.soft} testId={`bj-total-${index}`} />
        <span className="font-mono text-fg-muted">
          {hand.amount}
          {hand.doubled && ' ×2'}
        </span>
        {hand.result && (
          <span
            className={cn('rounded-full px-2 py-0.5 font-semibold', RESULT_TONE[hand.result])}
            data-testid={`bj-result-${index}`}
          >
            {t(`cardOriginals.blackjack.result.${hand.result}`)}
          </span>
        )}
      </div>
    </div>
  );
}

/** The felt: the dealer's cards above (the hole card face down), the player's hand(s) below. */
export function BlackjackTable({ view }: { view: BlackjackView | null }) {
  const { t } = useTranslation();
  const dealerCards: (number | null)[] = view
    ? view.phase === 'done'
      ? view.dealer.cards
      : [...view.dealer.cards, null]
    : [null, null];
  const split = (view?.hands.length ?? 1) > 1;
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-[radial-gradient(ellipse_at_top,rgb(22_101_52/0.45),transparent_70%)] px-2 py-4 sm:py-6">
      <div className="flex flex-col items-center gap-2" data-testid="bj-dealer">
        <span className="text-[12px] font-semibold tracking-wide text-fg-subtle uppercase">
          {t('cardOriginals.blackjack.dealer')}
        </span>
        <div className="flex -space-x-6 sm:-space-x-5">
          {dealerCards.map((card, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the dealer's cards never reorder
            <PlayingCard key={i} index={card} />
          ))}
        </div>
        {view && (
          <TotalBadge total={view.dealer.total} soft={view.dealer.soft} testId="bj-dealer-total" />
        )}
      </div>
      <p className="text-center text-[11px] tracking-wide text-fg-subtle uppercase">
        {t('cardOriginals.blackjack.felt')}
      </p>
      {view ? (
        <div className={cn('grid w-full gap-2', split ? 'grid-cols-2' : 'grid-cols-1')}>
          {view.hands.map((hand, i) => (
            <HandView
              // biome-ignore lint/suspicious/noArrayIndexKey: hands are numbered by position
              key={i}
              hand={hand}
              index={i}
              split={split}
              active={split && view.phase === 'player' && view.active === i}
            />
          ))}
        </div>
      ) : (
        <div className="flex -space-x-8">
          <PlayingCard index={null} />
          <PlayingCard index={null} />
        </div>
      )}
    </div>
  );
}

const ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split'];

/**
 * The four moves, each enabled only when the rules allow it now; the insurance offer replaces
 * them while the dealer shows an ace.
 */
export function BlackjackActions({
  view,
  busy,
  onAct,
}: {
  view: BlackjackView | null;
  busy: boolean;
  onAct: (action: BlackjackAction) => void;
}) {
  const { t } = useTranslation();
  if (view?.phase === 'insurance') {
    return (
      <fieldset
        className="flex flex-col gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3"
        aria-label={t('cardOriginals.blackjack.insuranceTitle')}
        data-testid="bj-insurance"
      >
        <p className="text-center text-sm text-fg">
          {t('cardOriginals.blackjack.insuranceAsk', { amount: view.insurance_amount })}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="secondary"
            disabled={busy || !view.legal.includes('insurance')}
            onClick={() => onAct('insurance')}
            data-testid="bj-insurance-yes"
          >
            {t('cardOriginals.blackjack.insuranceYes')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onAct('no_insurance')}
            data-testid="bj-insurance-no"
          >
            {t('cardOriginals.blackjack.insuranceNo')}
          </Button>
        </div>
      </fieldset>
    );
  }
  return (
    // Dimmed until a hand is dealt: a disabled primary button alone still reads as a live one.
    <fieldset
      className={cn('grid grid-cols-4 gap-2 transition-opacity', view === null && 'opacity-40')}
      aria-label={t('cardOriginals.moves')}
    >
      {ACTIONS.map((action) => (
        <Button
          key={action}
          variant={action === 'hit' || action === 'stand' ? 'primary' : 'secondary'}
          disabled={busy || !view?.legal.includes(action)}
          onClick={() => onAct(action)}
          data-testid={`bj-${action}`}
        >
          {t(`cardOriginals.blackjack.${action}`)}
        </Button>
      ))}
    </fieldset>
  );
}
