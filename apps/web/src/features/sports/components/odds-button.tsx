import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { LockIcon } from '../../../components/icons.tsx';
import { formatOdds } from '../lib/odds-format.ts';
import { useSlip } from '../slip-store.ts';

/**
 * One price. It flashes green when the price rises and red when it falls (1.5 s, with an
 * arrow), shows a lock while suspended, and is highlighted while in the slip.
 */
export function OddsButton({
  label,
  odds_milli,
  suspended,
  selected,
  onClick,
  compact,
  testId,
}: {
  label: string;
  odds_milli: number | null;
  suspended: boolean;
  selected: boolean;
  onClick: () => void;
  compact?: boolean;
  testId?: string;
}) {
  const { format } = useSlip();
  const { t } = useTranslation();
  const previous = useRef(odds_milli);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = odds_milli;
    if (before === null || odds_milli === null || before === odds_milli) return;
    setMove(odds_milli > before ? 'up' : 'down');
    const timer = setTimeout(() => setMove(null), 1_500);
    return () => clearTimeout(timer);
  }, [odds_milli]);
  const locked = suspended || odds_milli === null;
  return (
    <button
      type="button"
      disabled={locked}
      onClick={onClick}
      data-testid={testId}
      data-odds={odds_milli ?? ''}
      data-move={move ?? ''}
      aria-pressed={selected}
      className={cn(
        'group relative flex min-w-0 items-center justify-between gap-2 overflow-hidden rounded-lg border text-left transition-colors duration-150',
        compact ? 'h-11 px-2.5' : 'h-12 px-3',
        selected
          ? 'border-accent-500 bg-accent-500/15 text-fg'
          : 'border-ink-700 bg-ink-800 hover:border-ink-500 hover:bg-ink-750',
        locked && 'cursor-not-allowed opacity-60 hover:border-ink-700 hover:bg-ink-800',
        move === 'up' && 'border-positive/70 bg-positive/10',
        move === 'down' && 'border-negative/70 bg-negative/10',
      )}
    >
      <span className="min-w-0 truncate text-xs text-fg-muted">{label}</span>
      {locked ? (
        <LockIcon
          size={14}
          className="shrink-0 text-fg-subtle"
          aria-label={t('sports.suspended')}
        />
      ) : (
        <span
          className={cn(
            'flex shrink-0 items-center gap-0.5 font-mono text-sm font-semibold tabular-nums',
            selected ? 'text-accent-300' : 'text-fg',
            move === 'up' && 'text-positive',
            move === 'down' && 'text-negative',
          )}
        >
          {move === 'up' && <span aria-hidden="true">▲</span>}
          {move === 'down' && <span aria-hidden="true">▼</span>}
          {formatOdds(odds_milli!, format)}
        </span>
      )}
    </button>
  );
}
