import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SECOND_MS = 1_000;

/** Time left until `until` as d h m s (or h m s), ticking every second; "0s" once past. */
export function Countdown({ until, testId }: { until: string; testId?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / SECOND_MS));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3_600);
  const minutes = Math.floor((left % 3_600) / 60);
  const seconds = left % 60;
  const parts = [
    ...(days > 0 ? [[days, t('races.unit.d')] as const] : []),
    [hours, t('races.unit.h')] as const,
    [minutes, t('races.unit.m')] as const,
    [seconds, t('races.unit.s')] as const,
  ];
  return (
    <span className="inline-flex gap-1.5 tabular-nums" data-testid={testId} role="timer">
      {parts.map(([value, unit]) => (
        <span
          key={unit}
          className="inline-flex min-w-11 flex-col items-center rounded-lg bg-ink-800 px-2 py-1"
        >
          <span className="text-base font-bold text-fg">{String(value).padStart(2, '0')}</span>
          <span className="text-[11px] text-fg-subtle uppercase">{unit}</span>
        </span>
      ))}
    </span>
  );
}
