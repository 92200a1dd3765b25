import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The in-play bet delay as the player waits it: the stake is held while the book checks that
 * the price still stands; the seconds left and a bar that empties. The outcome follows in the
 * slip's message when the answer comes.
 */
export function LiveDelayCountdown({ leftMs, totalMs }: { leftMs: number; totalMs: number }) {
  const { t } = useTranslation();
  const share = totalMs > 0 ? Math.max(0, Math.min(1, leftMs / totalMs)) : 0;
  return (
    <div
      className="space-y-2 rounded-xl border border-warning/40 bg-warning/10 p-3"
      role="status"
      aria-live="polite"
      data-testid="live-delay"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-fg">{t('inplay.delayTitle')}</span>
        <span
          className="font-mono text-lg font-bold text-warning tabular-nums"
          data-testid="live-delay-seconds"
        >
          {leftMs > 0
            ? t('inplay.seconds', { s: (leftMs / 1000).toFixed(1) })
            : t('inplay.checking')}
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-ink-700">
        <div
          className="h-full rounded-full bg-warning transition-[width] duration-100 ease-linear"
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="text-xs text-fg-muted">{t('inplay.delayBody')}</p>
    </div>
  );
}

/** The slip's longest delay among its live legs' sports (the server waits that long). */
export function slipDelayMs(
  items: { live: boolean; sport_id?: string }[],
  delays: Record<string, number | undefined>,
  fallback: number,
): number {
  let ms = 0;
  for (const item of items) {
    if (!item.live) continue;
    ms = Math.max(ms, (item.sport_id ? delays[item.sport_id] : undefined) ?? fallback);
  }
  return ms;
}

/**
 * A delay's countdown in tenths of a second: `start(ms)` when the bet is sent, `stop()` when
 * the answer comes; `leftMs` is null when no delay is under way.
 */
export function useDelayCountdown() {
  const [leftMs, setLeftMs] = useState<number | null>(null);
  const [totalMs, setTotalMs] = useState(0);
  useEffect(() => {
    if (leftMs === null || leftMs <= 0) return;
    const timer = setTimeout(
      () => setLeftMs((c) => (c === null ? null : Math.max(0, c - 100))),
      100,
    );
    return () => clearTimeout(timer);
  }, [leftMs]);
  return {
    leftMs,
    totalMs,
    start(ms: number) {
      setTotalMs(ms);
      setLeftMs(ms);
    },
    stop() {
      setLeftMs(null);
    },
  };
}
