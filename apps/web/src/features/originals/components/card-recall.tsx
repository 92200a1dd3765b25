import type { BlackjackAction, HiloGuess } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { BlackjackView, HiloView } from '../api/card-rounds.ts';
import { BlackjackTable } from './blackjack-table.tsx';
import { PlayingCard } from './playing-card.tsx';

/**
 * HiLo's and Blackjack's rounds on the bet page (/casino/bets/<id>), registered with its
 * renderers by the app (app/bet-games.ts): a bet's `details` as the server records them.
 */
type Props = { bet: { details: Record<string, unknown> } };

const GUESS_ARROW: Record<HiloGuess, string> = {
  higher: '▲',
  lower: '▼',
  same: '=',
  skip: '»',
};

/** A move as the game's own button names it. */
const MOVE_KEY: Record<BlackjackAction, string> = {
  hit: 'cardOriginals.blackjack.hit',
  stand: 'cardOriginals.blackjack.stand',
  double: 'cardOriginals.blackjack.double',
  split: 'cardOriginals.blackjack.split',
  insurance: 'cardOriginals.blackjack.insuranceYes',
  no_insurance: 'cardOriginals.blackjack.insuranceNo',
};

/** The moves in the order they were made, numbered; a hand the deal decided has none. */
function Moves({ labels }: { labels: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5" data-testid="outcome-moves">
      <p className="text-[12px] font-semibold tracking-wide text-fg-subtle uppercase">
        {t('cardRecall.moves')}
      </p>
      {labels.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('cardRecall.noMoves')}</p>
      ) : (
        <ol className="flex flex-wrap gap-1.5">
          {labels.map((label, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: moves are numbered by position
              key={i}
              className="rounded-full bg-ink-750 px-2.5 py-1 text-[13px] text-fg"
            >
              <span className="mr-1 font-mono text-fg-subtle">{i + 1}.</span>
              {label}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Blackjack: the table as the hand ended — every hand of a split, the dealer's whole hand. */
export function BlackjackOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const view = bet.details as unknown as BlackjackView;
  if (!Array.isArray(view.hands)) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="outcome-blackjack">
      <BlackjackTable view={view} />
      {view.insurance === 'taken' && (
        <p className="text-center text-sm text-fg-muted">
          {t('cardRecall.insured', { amount: view.insurance_amount })}
        </p>
      )}
      <Moves labels={(view.actions ?? []).map((a) => t(MOVE_KEY[a]))} />
    </div>
  );
}

/** HiLo: the start card, then each card with the guess that met it (won green, missed red). */
export function HiloOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const view = bet.details as unknown as HiloView;
  if (!Array.isArray(view.cards)) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="outcome-hilo">
      <ol
        className="flex flex-wrap justify-center gap-2"
        aria-label={t('cardOriginals.hilo.history')}
      >
        {view.cards.map((card, i) => {
          const step = i === 0 ? null : view.steps[i - 1];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a round never reorder
            <li key={i} className="flex flex-col items-center gap-1" data-testid="hilo-card">
              <PlayingCard index={card} size="sm" dim={step ? !step.won : false} />
              <span
                className={cn(
                  'rounded-full px-2 text-[12px] font-bold',
                  !step
                    ? 'text-fg-subtle'
                    : step.won
                      ? 'bg-positive/20 text-positive'
                      : 'bg-negative/20 text-negative',
                )}
              >
                {step ? GUESS_ARROW[step.guess] : t('cardOriginals.hilo.startCard')}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-center text-sm text-fg-muted">
        {view.lost
          ? t('cardOriginals.hilo.lost')
          : t('cardRecall.hiloCashed', { multiplier: view.current_multiplier })}
      </p>
      <Moves
        labels={view.guesses_made.map((g) =>
          t(g === 'skip' ? 'cardOriginals.hilo.skip' : `cardOriginals.hilo.${g}`),
        )}
      />
    </div>
  );
}
