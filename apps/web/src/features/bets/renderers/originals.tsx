import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import type { BetDetail } from '../api/bets.ts';

type Props = { bet: BetDetail };
const num = (value: unknown) => Number(value);

/** Dice: the 0–100 bar with the winning side shaded and the roll marked. */
export function DiceOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const target = num(bet.details.target);
  const roll = num(bet.details.roll);
  const over = bet.details.direction === 'over';
  return (
    <div className="flex flex-col gap-5" data-testid="outcome-dice">
      <p className="text-center text-4xl font-black tabular-nums text-fg">
        <span className={bet.won ? 'text-positive' : 'text-negative'}>{roll.toFixed(2)}</span>
      </p>
      <div className="relative mx-2 h-3 rounded-full bg-negative/70">
        <div
          className="absolute inset-y-0 rounded-full bg-positive"
          style={over ? { left: `${target}%`, right: 0 } : { left: 0, width: `${target}%` }}
        />
        <div
          className="absolute -top-2 flex h-7 w-7 -translate-x-1/2 items-center justify-center rounded-md border-2 border-white bg-ink-900 text-[10px] font-bold text-fg shadow-lg"
          style={{ left: `${roll}%` }}
          aria-hidden="true"
        >
          ◆
        </div>
      </div>
      <div className="flex justify-between px-1 text-[12px] text-fg-subtle tabular-nums">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
      <p className="text-center text-sm text-fg-muted">
        {t(over ? 'bets.dice.over' : 'bets.dice.under', { target: target.toFixed(2) })}
      </p>
    </div>
  );
}

/** Limbo: the drawn multiplier against the target. */
export function LimboOutcome({ bet }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 py-4" data-testid="outcome-limbo">
      <p
        className={cn(
          'text-5xl font-black tabular-nums',
          bet.won ? 'text-positive' : 'text-negative',
        )}
      >
        {String(bet.details.result)}×
      </p>
      <p className="text-sm text-fg-muted">
        {t('bets.limbo.target', { target: String(bet.details.target) })}
      </p>
    </div>
  );
}

/** Mines: the 5×5 field as the round ended, gems found and mines shown. */
export function MinesOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const revealed = new Set((bet.details.revealed as number[] | undefined) ?? []);
  const mines = new Set((bet.details.mine_positions as number[] | null | undefined) ?? []);
  const busted = bet.details.busted === true;
  return (
    <div className="flex flex-col items-center gap-3" data-testid="outcome-mines">
      <div className="grid w-full max-w-[300px] grid-cols-5 gap-1.5">
        {Array.from({ length: 25 }, (_, tile) => {
          const mine = mines.has(tile);
          const open = revealed.has(tile);
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position
              key={tile}
              data-tile={tile}
              className={cn(
                'flex aspect-square items-center justify-center rounded-lg text-lg',
                open && mine && 'bg-negative text-ink-950 ring-2 ring-white',
                open && !mine && 'bg-positive/25 text-positive',
                !open && mine && 'bg-negative/20 text-negative',
                !open && !mine && 'bg-ink-750',
              )}
            >
              {mine ? '✹' : open ? '◆' : ''}
            </div>
          );
        })}
      </div>
      <p className="text-sm text-fg-muted">
        {t('bets.mines.summary', {
          mines: String(bet.details.mines),
          gems: revealed.size - (busted ? 1 : 0),
        })}
      </p>
    </div>
  );
}

/** Plinko: the pegs, the ball's path and the bucket it fell in. */
export function PlinkoOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const rows = num(bet.details.rows);
  const path = (bet.details.path as number[] | undefined) ?? [];
  const bucket = num(bet.details.bucket);
  const gap = 20;
  const width = (rows + 2) * gap;
  const height = (rows + 1.6) * gap;
  const x = (row: number, right: number) => width / 2 + (right - row / 2) * gap;
  const points: string[] = [`${width / 2},${gap * 0.2}`];
  let rights = 0;
  path.forEach((step, row) => {
    points.push(`${x(row, rights)},${(row + 0.8) * gap}`);
    rights += step;
  });
  points.push(`${x(rows, rights)},${(rows + 0.9) * gap}`);
  return (
    <div className="flex flex-col items-center gap-3" data-testid="outcome-plinko">
      <svg viewBox={`0 0 ${width} ${height}`} className="w-full max-w-[420px]" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: a peg is its position
              key={`${row}-${peg}`}
              cx={x(row, peg) - gap}
              cy={(row + 0.8) * gap}
              r={2.2}
              className="fill-ink-500"
            />
          )),
        )}
        <polyline
          points={points.join(' ')}
          className="fill-none stroke-accent-400"
          strokeWidth={2.5}
          strokeLinejoin="round"
        />
        {Array.from({ length: rows + 1 }, (_, b) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a bucket is its position
            key={b}
            x={x(rows, b) - gap * 0.45}
            y={(rows + 0.55) * gap}
            width={gap * 0.9}
            height={gap * 0.7}
            rx={3}
            className={b === bucket ? 'fill-accent-500' : 'fill-ink-750'}
          />
        ))}
        <circle cx={x(rows, rights)} cy={(rows + 0.9) * gap} r={5} className="fill-white" />
      </svg>
      <p className="text-sm text-fg-muted">
        {t('bets.plinko.summary', {
          rows,
          risk: String(bet.details.risk),
          bucket: bucket + 1,
        })}
      </p>
    </div>
  );
}

/** Crash: where the round crashed and where the bet left it. */
export function CrashOutcome({ bet }: Props) {
  const { t } = useTranslation();
  const point = bet.details.crash_point as string | null;
  const cashout = bet.details.cashout as string | null;
  return (
    <div className="flex flex-col items-center gap-2 py-4" data-testid="outcome-crash">
      <p className="text-[13px] tracking-wider text-fg-subtle uppercase">{t('bets.crash.point')}</p>
      <p className="text-5xl font-black tabular-nums text-negative">
        {point ? `${point}×` : t('bets.crash.running')}
      </p>
      <p className={cn('text-sm font-semibold', bet.won ? 'text-positive' : 'text-fg-muted')}>
        {cashout ? t('bets.crash.cashedOut', { at: cashout }) : t('bets.crash.rode')}
      </p>
    </div>
  );
}
