import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import { CheckIcon } from '../../../components/icons.tsx';
import type { LoyaltyLevel } from '../api/loyalty.ts';
import { eur } from './level-progress.tsx';

/** One level of the ladder: what it takes and what it gives. */
export function LevelCard({
  level,
  state,
}: {
  level: LoyaltyLevel;
  state: 'reached' | 'current' | 'ahead';
}) {
  const { t, i18n } = useTranslation();
  return (
    <li
      data-testid={`vip-level-${level.rank}`}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-4',
        state === 'current' ? 'border-accent-500/70 bg-accent-500/10' : 'border-ink-700 bg-ink-850',
        state === 'ahead' && 'opacity-90',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-fg">{level.name}</h3>
        {state === 'current' && (
          <span className="rounded-full bg-accent-500/20 px-2 py-0.5 text-[12px] font-semibold text-accent-300">
            {t('vip.yourLevel')}
          </span>
        )}
        {state === 'reached' && <CheckIcon size={18} className="text-positive" />}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-[13px]">
        <div>
          <dt className="text-fg-subtle">{t('vip.wager')}</dt>
          <dd className="font-semibold tabular-nums text-fg">
            {eur(level.threshold, i18n.language)}
          </dd>
        </div>
        <div>
          <dt className="text-fg-subtle">{t('vip.rakebackRate')}</dt>
          <dd className="font-semibold tabular-nums text-fg">
            {t('vip.ofEdge', { percent: Number(level.rakeback_percent) })}
          </dd>
        </div>
      </dl>
      {(level.reward.kind !== 'none' || level.benefits.length > 0) && (
        <ul className="flex flex-col gap-1.5 text-[13px] text-fg-muted">
          {level.reward.kind === 'cash' && level.reward.amount && (
            <li className="flex gap-2">
              <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent-300" />
              {t('vip.cashReward', { amount: eur(level.reward.amount, i18n.language) })}
            </li>
          )}
          {level.reward.kind === 'bonus' && (
            <li className="flex gap-2">
              <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent-300" />
              {t('vip.bonusReward')}
            </li>
          )}
          {level.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent-300" />
              {benefit}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
