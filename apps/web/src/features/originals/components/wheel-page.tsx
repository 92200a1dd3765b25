import {
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelRisk,
  wheelSegment,
  wheelTable,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/format.ts';
import { motionMs } from '../../../lib/motion.ts';
import { toast } from '../../../lib/toast.ts';
import { placeWheelBet } from '../api/originals.ts';
import { x10000Short } from './keno-page.tsx';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { RecentStrip } from './recent-strip.tsx';

const SPIN_MS = 2200;
type Spin = { segment: number; multiplier: number; payout: string; won: boolean };

/** A segment's colour by its multiplier (ten-thousandths): grey for nothing, warmer for more. */
export function segmentColour(m: number) {
  if (m === 0) return '#33414f';
  if (m < 14_000) return '#d6dee8';
  if (m < 16_500) return '#22c55e';
  if (m < 19_500) return '#38bdf8';
  if (m < 25_000) return '#facc15';
  if (m < 35_000) return '#a855f7';
  if (m < 45_000) return '#f97316';
  if (m < 90_000) return '#ec4899';
  return '#ef4444';
}

/** The wheel's slices as SVG paths, segment 0 starting at the top, clockwise. */
function Slices({ table }: { table: number[] }) {
  const n = table.length;
  const point = (a: number, r: number) =>
    `${(50 + r * Math.sin(a)).toFixed(3)} ${(50 - r * Math.cos(a)).toFixed(3)}`;
  return (
    <>
      {table.map((m, i) => {
        const a0 = (i / n) * 2 * Math.PI;
        const a1 = ((i + 1) / n) * 2 * Math.PI;
        return (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: slices are positions
            key={i}
            d={`M${point(a0, 47)}A47 47 0 0 1 ${point(a1, 47)}L${point(a1, 39)}A39 39 0 0 0 ${point(a0, 39)}z`}
            fill={segmentColour(m)}
            stroke="#0b1220"
            strokeWidth="0.5"
          />
        );
      })}
    </>
  );
}

/** Wheel: 10–50 segments by risk; one float picks the segment under the pointer. */
export function WheelPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('wheel');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const [segments, setSegments] = useState(30);
  const [busy, setBusy] = useState(false);
  const [spin, setSpin] = useState<Spin | null>(null);
  const [recent, setRecent] = useState<Spin[]>([]);
  const wheel = useRef<SVGGElement>(null);
  const angle = useRef(0);
  const stake = stakeOf(amount);
  const table = wheelTable(segments, risk, state.edge_bp);
  const legend = [...new Set(table)].sort((a, b) => a - b);

  /** Turns the wheel four times and a bit, so the segment's centre stops under the pointer. */
  const turn = (segment: number) =>
    new Promise<void>((resolve) => {
      const from = angle.current;
      const target = 360 - ((segment + 0.5) * 360) / segments;
      const to = from + 4 * 360 + ((((target - from) % 360) + 360) % 360);
      angle.current = to;
      const animation = wheel.current?.animate(
        [{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
        { duration: motionMs(SPIN_MS), easing: 'cubic-bezier(.15,.8,.25,1)', fill: 'forwards' },
      );
      if (animation) animation.onfinish = () => resolve();
      else resolve();
    });

  const play = async () => {
    if (stake <= 0n) return;
    setBusy(true);
    setSpin(null);
    try {
      let next: Spin;
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const segment = await wheelSegment(state.demoSeeds(), segments);
        const m = table[segment]!;
        const pay = (stake * BigInt(m)) / 10_000n;
        state.setDemoBalance(state.demoBalance - Number(stake) + Number(pay));
        state.nextDemoNonce();
        next = { segment, multiplier: m, payout: minorText(pay), won: m >= 10_000 };
      } else {
        const bet = await placeWheelBet({
          amount,
          segments,
          risk,
          idempotency_key: crypto.randomUUID(),
        });
        const segment = (bet.details as { segment: number }).segment;
        next = { segment, multiplier: table[segment]!, payout: bet.payout, won: bet.won };
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      await turn(next.segment);
      setSpin(next);
      sound.play(next.won ? 'win' : 'lose');
      setRecent((list) => [next, ...list].slice(0, 12));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const select =
    'h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-[15px] text-fg disabled:opacity-60';
  return (
    <OriginalFrame
      game="wheel"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={busy}
            testId="wheel-amount"
            game="wheel"
          />
          <div className="grid grid-cols-2 gap-2">
            <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
              {t('originalsNum.risk')}
              <select
                className={select}
                value={risk}
                disabled={busy}
                onChange={(event) => setRisk(event.target.value as WheelRisk)}
                data-testid="wheel-risk"
              >
                {WHEEL_RISKS.map((r) => (
                  <option key={r} value={r}>
                    {t(`originalsNum.risks.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
              {t('originalsNum.wheel.segments')}
              <select
                className={cn(select, 'font-mono')}
                value={segments}
                disabled={busy}
                onChange={(event) => setSegments(Number(event.target.value))}
                data-testid="wheel-segments"
              >
                {WHEEL_SEGMENTS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Stats
            items={[
              { label: t('originalsNum.wheel.top'), value: `${x10000Short(Math.max(...table))}×` },
              {
                label: t('originals.multiplier'),
                value: spin ? `${x10000Short(spin.multiplier)}×` : '—',
                testId: 'wheel-multiplier',
              },
              { label: t('originals2.lastWin'), value: spin?.payout ?? '—', tone: 'win' },
            ]}
          />
          <Button
            size="lg"
            block
            loading={busy}
            disabled={stake <= 0n}
            onClick={play}
            data-testid="wheel-spin"
          >
            {t('originalsNum.wheel.spin')}
          </Button>
        </>
      }
      board={
        <>
          <RecentStrip
            className="h-8 gap-1.5"
            itemClassName="rounded-md px-2 py-1 font-mono text-[12px] font-semibold text-ink-950"
            results={recent.map((r) => ({
              text: `${x10000Short(r.multiplier)}×`,
              style: { background: segmentColour(r.multiplier) },
            }))}
          />
          <div
            className="relative mx-auto aspect-square w-full max-w-[26rem]"
            data-testid="wheel-board"
          >
            <svg viewBox="0 0 100 100" className="size-full" aria-hidden="true">
              <circle cx="50" cy="50" r="49" fill="#0b1220" />
              <g ref={wheel} style={{ transformOrigin: '50px 50px', transformBox: 'view-box' }}>
                <Slices table={table} />
              </g>
              <circle cx="50" cy="50" r="37" fill="#111a2b" />
              <path d="M50 9 45.5 1h9z" fill="#ff4d8d" stroke="#0b1220" strokeWidth="0.6" />
            </svg>
            <div
              className="absolute inset-0 flex flex-col items-center justify-center"
              aria-live="polite"
            >
              <span
                className={cn(
                  'font-mono text-4xl font-black tabular-nums sm:text-5xl',
                  spin === null ? 'text-fg' : spin.won ? 'text-positive' : 'text-fg-muted',
                )}
                data-testid="wheel-result"
              >
                {spin ? `${x10000Short(spin.multiplier)}×` : '—'}
              </span>
              <span className="mt-1 h-5 text-sm text-fg-muted">
                {spin
                  ? spin.won
                    ? t('originals.youWon', { amount: spin.payout })
                    : t('originals.noWin')
                  : ''}
              </span>
            </div>
          </div>
          <ul
            className="flex flex-wrap justify-center gap-1.5"
            aria-label={t('originalsNum.wheel.legend')}
          >
            {legend.map((m) => (
              <li
                key={m}
                className={cn(
                  'flex min-w-16 flex-col items-center rounded-md border-b-4 bg-ink-800 px-2 py-1 font-mono text-[12px]',
                  spin?.multiplier === m && 'bg-ink-700',
                )}
                style={{ borderColor: segmentColour(m) }}
              >
                <span className="font-semibold text-fg">{x10000Short(m)}×</span>
                <span className="text-fg-subtle">
                  {formatPercent(
                    (table.filter((x) => x === m).length / segments) * 100,
                    i18n.language,
                    0,
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
