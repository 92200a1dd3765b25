import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';

/** One past result in the strip: its text and how it is coloured. */
export type RecentResult = { text: string; className?: string; style?: CSSProperties };

/**
 * The page's last results, newest first, in one row over the board: a player reads a streak at
 * a glance. `className` places and spaces the row; `itemClassName` shapes every result.
 */
export function RecentStrip({
  results,
  className,
  itemClassName,
}: {
  results: readonly RecentResult[];
  className: string;
  itemClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={cn('flex overflow-hidden', className)} aria-label={t('originals2.recent')}>
      {results.map((result, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a rolling strip, newest first
          key={i}
          className={cn(itemClassName, result.className)}
          style={result.style}
        >
          {result.text}
        </li>
      ))}
    </ul>
  );
}
