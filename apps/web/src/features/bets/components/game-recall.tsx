import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/cn.ts';
import { betOutcome } from '../../../lib/bet-outcome.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRecall } from '../api/bets.ts';

/** Game recall: the last rounds of every game the player played, each opening its bet page. */
export function GameRecall() {
  const { t, i18n } = useTranslation();
  const recall = useRecall();
  const games = recall.data?.games ?? [];
  if (games.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" data-testid="game-recall">
      <div>
        <h2 className="text-base font-semibold text-fg">{t('bets.recallTitle')}</h2>
        <p className="text-[13px] text-fg-muted">
          {t('bets.recallBody', { count: recall.data?.per_game })}
        </p>
      </div>
      <div className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-1">
        {games.map((game) => (
          <div
            key={game.game}
            className="flex w-[260px] shrink-0 flex-col rounded-2xl border border-ink-700 bg-ink-850"
          >
            <h3 className="border-b border-ink-700 px-3 py-2 text-sm font-semibold text-fg">
              {game.game_name}
            </h3>
            <ul className="divide-y divide-ink-750">
              {game.bets.map((bet) => (
                <li key={bet.id}>
                  <Link
                    to={`/casino/bets/${encodeURIComponent(bet.id)}`}
                    className="flex items-center justify-between gap-2 px-3 py-1.5 text-[13px] hover:bg-ink-800"
                    data-testid={`recall-${bet.id}`}
                  >
                    <span className="text-fg-subtle">
                      {formatDateTime(bet.created_at, i18n.language)}
                    </span>
                    <RecallAmount bet={bet} />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** What a round brought: the win, the stake lost, or the stake back (a push). */
function RecallAmount({
  bet,
}: {
  bet: { state: string; won: boolean; amount: string; payout: string };
}) {
  const { t } = useTranslation();
  const outcome = betOutcome(bet);
  if (outcome === 'push') {
    return (
      <span className="text-fg" data-outcome="push">
        {t('betPush.outcome')} <span className="font-mono tabular-nums">{bet.payout}</span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        'font-mono tabular-nums',
        outcome === 'won' ? 'text-positive' : 'text-fg-muted',
      )}
    >
      {outcome === 'won' ? `+${bet.payout}` : `−${bet.amount}`}
    </span>
  );
}
