import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../lib/format.ts';
import type { RaceSummary } from '../../api/races.ts';

/** Places listed before "all prizes". */
const PLACES_FOLDED = 5;

/** The prize of each place and the pool, in the race's currency. */
export function PrizeTable({ race }: { race: RaceSummary }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const money = (amount: string) => `${formatDecimal(amount, i18n.language, 2)} ${race.currency}`;
  const shown = open ? race.prizes : race.prizes.slice(0, PLACES_FOLDED);
  return (
    <div className="flex flex-col gap-2" data-testid="race-prizes">
      <div className="flex items-baseline justify-between">
        <h4 className="font-semibold text-fg">{t('races.prizes')}</h4>
        <span className="text-sm font-semibold text-accent-300 tabular-nums">
          {t('races.pool', { amount: money(race.prize_total) })}
        </span>
      </div>
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
        {shown.map((prize) => (
          <li
            key={prize.place}
            className="flex justify-between rounded-lg bg-ink-800/60 px-3 py-1.5 tabular-nums"
          >
            <span className="text-fg-muted">{t('races.place', { place: prize.place })}</span>
            <span className="font-semibold text-fg">{money(prize.amount)}</span>
          </li>
        ))}
      </ul>
      {race.prizes.length > PLACES_FOLDED && !open ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="self-start text-[13px] font-semibold text-accent-400 hover:text-accent-300"
        >
          {t('races.allPrizes', { count: race.prizes.length })}
        </button>
      ) : null}
    </div>
  );
}
