import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import type { BetDetail } from '../api/bets.ts';

type Props = { bet: BetDetail };

const show = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(show).join(', ')
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : String(value ?? '—');

/** Any game without a renderer of its own: its recorded outcome, field by field. */
export function GenericOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const entries = Object.entries(bet.details);
  if (entries.length === 0) return <p className="text-sm text-fg-muted">{t('bets.noDetails')}</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="outcome-generic">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-fg-subtle">{key.replaceAll('_', ' ')}</dt>
          <dd className="min-w-0 font-mono break-all text-fg">{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A studio round: the studio keeps the reels, the operator keeps the money's record. */
export function StudioRound({ bet }: Props) {
  const { t, i18n } = useTranslation();
  const round = bet.round;
  if (!round) return <GenericOutcome bet={bet} />;
  return (
    <div className="flex flex-col gap-4" data-testid="outcome-studio">
      <p className="text-sm text-fg-muted">{t('bets.studio.note', { studio: bet.provider })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-fg-subtle">{t('bets.studio.round')}</dt>
        <dd className="min-w-0 font-mono break-all text-fg">{round.ref}</dd>
        <dt className="text-fg-subtle">{t('bets.studio.funding')}</dt>
        <dd className="text-fg">
          {round.bonus_funded ? t('bets.studio.bonus') : t('bets.studio.cash')}
        </dd>
      </dl>
      <ul className="divide-y divide-ink-750 rounded-xl border border-ink-700">
        {round.transactions.map((txn) => (
          <li key={txn.ref} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-fg">{t(`bets.studio.kind.${txn.kind}`)}</span>
              <span className="truncate font-mono text-[11px] text-fg-subtle">{txn.ref}</span>
            </span>
            <span className="flex flex-col items-end">
              <span className="font-mono tabular-nums text-fg">
                {txn.amount ?? '—'} {bet.currency}
              </span>
              <span className="text-[11px] text-fg-subtle">
                {formatDateTime(txn.at, i18n.language)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
