import { useTranslation } from 'react-i18next';
import { cn } from '../../../../components/cn.ts';
import { formatDecimal } from '../../../../lib/format.ts';
import type { RaceBoard, RaceStanding } from '../../api/races.ts';

/** Rows shown before "show all": the podium and a few more, so the phone page stays short. */
const ROWS_FOLDED = 10;

/** The live standings: top places (hidden players anonymised) and the reader's own place. */
export function Leaderboard({
  board,
  expanded,
  onExpand,
}: {
  board: RaceBoard;
  expanded: boolean;
  onExpand: () => void;
}) {
  const { t } = useTranslation();
  const rows = expanded ? board.top : board.top.slice(0, ROWS_FOLDED);
  const meShown = board.me && rows.some((row) => row.you);
  return (
    <div className="flex flex-col gap-2">
      {board.top.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-700 p-4 text-center text-sm text-fg-muted">
          {t('races.empty')}
        </p>
      ) : (
        <ol className="flex flex-col gap-1" data-testid="race-leaderboard" aria-live="polite">
          <li className="grid grid-cols-[2.5rem_1fr_auto_auto] gap-3 px-3 text-[12px] text-fg-subtle uppercase">
            <span>#</span>
            <span>{t('races.player')}</span>
            <span className="text-right">{t(`races.metric.${board.race.metric}`)}</span>
            <span className="w-20 text-right">{t('races.prize')}</span>
          </li>
          {rows.map((row) => (
            <Row key={row.place} row={row} board={board} />
          ))}
        </ol>
      )}
      {board.top.length > ROWS_FOLDED && !expanded ? (
        <button
          type="button"
          onClick={onExpand}
          className="self-center rounded-lg px-3 py-1.5 text-sm font-semibold text-accent-400 hover:text-accent-300"
        >
          {t('races.showAll', { count: board.top.length })}
        </button>
      ) : null}
      {board.me && !meShown ? (
        <ol data-testid="race-my-row" className="border-t border-ink-700 pt-2">
          <Row row={board.me} board={board} />
        </ol>
      ) : null}
    </div>
  );
}

function Row({ row, board }: { row: RaceStanding; board: RaceBoard }) {
  const { t, i18n } = useTranslation();
  const medal =
    row.place <= 3 ? ['bg-amber-400', 'bg-slate-300', 'bg-orange-400'][row.place - 1] : null;
  const score =
    board.race.metric === 'wagered'
      ? `${formatDecimal(row.score, i18n.language, 2)} EUR`
      : `${formatDecimal(row.score, i18n.language, 2)}×`;
  return (
    <li
      data-testid={row.you ? 'race-me' : undefined}
      data-place={row.place}
      className={cn(
        'grid list-none grid-cols-[2.5rem_1fr_auto_auto] items-center gap-3 rounded-xl px-3 py-2 text-sm',
        row.you ? 'bg-accent-500/15 ring-1 ring-accent-500/60' : 'bg-ink-800/60',
      )}
    >
      <span className="flex items-center">
        {medal ? (
          <span
            className={cn(
              'inline-flex size-6 items-center justify-center rounded-full text-[12px] font-bold text-ink-950',
              medal,
            )}
          >
            {row.place}
          </span>
        ) : (
          <span className="pl-1.5 font-semibold text-fg-muted tabular-nums">{row.place}</span>
        )}
      </span>
      <span className="truncate font-medium text-fg">
        {row.hidden ? <span className="text-fg-muted italic">{t('races.hidden')}</span> : row.name}
        {row.you ? (
          <span className="ml-2 text-[12px] text-accent-300">{t('races.you')}</span>
        ) : null}
      </span>
      <span className="text-right font-semibold text-fg tabular-nums">{score}</span>
      <span className="w-20 text-right text-fg-muted tabular-nums">
        {row.prize && row.prize !== '0' && !/^0(\.0+)?$/.test(row.prize)
          ? `${formatDecimal(row.prize, i18n.language, 2)} ${board.race.currency}`
          : '—'}
      </span>
    </li>
  );
}
