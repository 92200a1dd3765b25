import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { LoyaltyOverview } from '../api/loyalty.ts';

/**
 * Amounts come as exact decimal strings: shown as EUR with the reader's digit grouping, a
 * trailing ".00" dropped. The integer part is grouped as a bigint, so nothing is rounded.
 */
export function eur(amount: string, language?: string): string {
  const [integer = '0', fraction] = amount.split('.');
  // Latin digits, as every other amount on the site; the language's grouping.
  const locale = language ? `${language}-u-nu-latn` : undefined;
  const grouped = BigInt(integer).toLocaleString(locale);
  const decimal =
    fraction && fraction !== '00' ? `${(0.5).toLocaleString(locale).charAt(1)}${fraction}` : '';
  return `${grouped}${decimal} EUR`;
}

/** The bar towards the next level, with the level names at either end. */
export function LevelProgress({
  overview,
  compact = false,
}: {
  overview: LoyaltyOverview;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(overview.progress_percent);
  const current = overview.level?.name ?? t('vip.noLevel');
  return (
    <div className={cn('flex flex-col', compact ? 'gap-1.5' : 'gap-2')}>
      <div className="flex items-baseline justify-between gap-3 text-[13px]">
        <span className="font-semibold text-fg" data-testid="vip-level">
          {current}
        </span>
        <span className="text-fg-subtle">
          {overview.next ? overview.next.name : t('vip.topLevel')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('vip.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={cn('overflow-hidden rounded-full bg-ink-700', compact ? 'h-1.5' : 'h-2.5')}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-accent-500 to-accent-300 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      {!compact && overview.next && (
        <p className="text-[13px] text-fg-muted">
          {t('vip.toNext', {
            wagered: eur(overview.wagered, i18n.language),
            threshold: eur(overview.next.threshold, i18n.language),
            level: overview.next.name,
          })}
        </p>
      )}
    </div>
  );
}
