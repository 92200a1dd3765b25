import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { BetDetail } from '../api/bets.ts';

type Props = { bet: BetDetail };
const list = (value: unknown) => (Array.isArray(value) ? (value as number[]) : []);

/** Keno: the 40-square board with the player's picks, the draw and the hits. */
export function KenoOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const picks = new Set(list(bet.details.picks));
  const drawn = new Set(list(bet.details.drawn));
  return (
    <div className="flex flex-col items-center gap-3" data-testid="outcome-keno">
      <div className="grid w-full max-w-[360px] grid-cols-8 gap-1">
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => {
          const hit = picks.has(n) && drawn.has(n);
          return (
            <div
              key={n}
              className={cn(
                'flex aspect-square items-center justify-center rounded-md text-[12px] font-bold tabular-nums',
                hit && 'bg-positive text-ink-950',
                !hit && picks.has(n) && 'bg-accent-500/30 text-fg',
                !hit && !picks.has(n) && drawn.has(n) && 'bg-ink-600 text-fg',
                !picks.has(n) && !drawn.has(n) && 'bg-ink-800 text-fg-subtle',
              )}
            >
              {n}
            </div>
          );
        })}
      </div>
      <p className="text-sm text-fg-muted">
        {t('bets.keno.summary', { hits: list(bet.details.hits).length, picks: picks.size })}
      </p>
    </div>
  );
}

/** Roulette: the pocket the ball fell in, in its colour. */
export function RouletteOutcome({ bet }: Props) {
  const pocket = Number(bet.details.pocket);
  const color = String(bet.details.color);
  return (
    <div className="flex flex-col items-center gap-3 py-4" data-testid="outcome-roulette">
      <div
        className={cn(
          'flex size-24 items-center justify-center rounded-full border-4 border-white/80 text-4xl font-black text-white shadow-lg',
          color === 'green' ? 'bg-positive' : color === 'red' ? 'bg-negative' : 'bg-ink-950',
        )}
      >
        {pocket}
      </div>
    </div>
  );
}

/** Wheel: the segment the pointer stopped on. */
export function WheelOutcome({ bet }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 py-4" data-testid="outcome-wheel">
      <p className="text-5xl font-black tabular-nums text-fg">{bet.multiplier}×</p>
      <p className="text-sm text-fg-muted">
        {t('bets.wheel.summary', {
          segment: Number(bet.details.segment) + 1,
          segments: String(bet.details.segments),
          risk: String(bet.details.risk),
        })}
      </p>
    </div>
  );
}
