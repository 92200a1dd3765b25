import {
  PLINKO_RISKS,
  type PlinkoRisk,
  plinkoBucket,
  plinkoMultiplier_x100,
  plinkoPath,
  plinkoPayout,
  plinkoTable,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { motionMs } from '../../../lib/motion.ts';
import { toast } from '../../../lib/toast.ts';
import { placePlinkoBet } from '../api/originals.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
  x100Text,
} from './original-shell.tsx';

/** At most this many balls fall at once (each is one settled bet). */
const BALLS_MAX = 10;
const ROW_MS = 130;
type Ball = { id: number; path: number[]; bucket: number; won: string; onLand: () => void };

/** The board's geometry in percent of its square: pegs, the ball's points, the buckets. */
function geometry(rows: number) {
  const s = 100 / (rows + 2);
  const top = 6;
  const dy = (100 - top - 14) / rows;
  const pegX = (r: number, j: number) => 50 + (j - (r + 2) / 2) * s;
  const pegY = (r: number) => top + r * dy;
  return { s, dy, top, pegX, pegY, bucketX: (b: number) => 50 + (b - rows / 2) * s };
}

function bucketTone(m: number) {
  // Dark text throughout: white on these reds reads below 4.5:1 (WCAG AA).
  if (m >= 1000) return 'bg-[#ff3b5c] text-ink-950';
  if (m >= 300) return 'bg-[#ff6b3d] text-ink-950';
  if (m >= 150) return 'bg-[#ffa41b] text-ink-950';
  if (m >= 100) return 'bg-[#ffd23f] text-ink-950';
  return 'bg-[#f5e663] text-ink-950';
}

function BallView({ ball, rows }: { ball: Ball; rows: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const g = geometry(rows);
    const frames: Keyframe[] = [{ transform: `translate(50%, ${g.top - g.dy}%)` }];
    let rights = 0;
    ball.path.forEach((d, r) => {
      frames.push({
        transform: `translate(${50 + (rights - r / 2) * g.s}%, ${g.pegY(r) - g.dy * 0.35}%)`,
      });
      rights += d;
    });
    frames.push({
      transform: `translate(${g.bucketX(ball.bucket)}%, ${g.pegY(rows - 1) + g.dy * 0.9}%)`,
    });
    const animation = ref.current?.animate(frames, {
      duration: motionMs(ROW_MS * (rows + 1)),
      easing: 'ease-in',
      fill: 'forwards',
    });
    const done = () => ball.onLand();
    if (animation) animation.onfinish = done;
    else done();
    return () => animation?.cancel();
  }, [ball, rows]);
  return (
    <div
      ref={ref}
      className="pointer-events-none absolute inset-0 will-change-transform"
      aria-hidden="true"
    >
      <span className="absolute top-0 left-0 block size-[3.2%] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(circle_at_35%_35%,#fff,#ff4d8d_60%,#c0175a)] shadow-[0_0_10px_rgb(255_77_141/0.8)]" />
    </div>
  );
}

/** Plinko: drop a ball through 8–16 rows of pegs; the bucket it lands in pays its multiplier. */
export function PlinkoPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('plinko');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<Ball[]>([]);
  const [hit, setHit] = useState<{ bucket: number; at: number } | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const nextId = useRef(0);
  const stake = stakeOf(amount);
  const table = plinkoTable(rows, risk).map((_, b) =>
    plinkoMultiplier_x100(rows, risk, b, state.edge_bp),
  );
  const g = geometry(rows);
  const pegs = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: r + 3 }, (_, j) => [r, j] as const),
  ).flat();

  const drop = async () => {
    if (stake <= 0n || balls.length >= BALLS_MAX) return;
    try {
      let path: number[];
      let won: string;
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        path = await plinkoPath(state.demoSeeds(), rows);
        const pay = plinkoPayout(stake, rows, risk, plinkoBucket(path), state.edge_bp);
        state.setDemoBalance(state.demoBalance - Number(stake) + Number(pay));
        state.nextDemoNonce();
        won = minorText(pay);
      } else {
        const bet = await placePlinkoBet({
          amount,
          rows,
          risk,
          idempotency_key: crypto.randomUUID(),
        });
        path = bet.details.path as number[];
        won = bet.payout;
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      const id = nextId.current++;
      const bucket = plinkoBucket(path);
      const ball: Ball = {
        id,
        path,
        bucket,
        won,
        onLand: () => {
          setBalls((list) => list.filter((b) => b.id !== id));
          setHit({ bucket, at: Date.now() });
          setLast(won);
          sound.play(table[bucket]! >= 100 ? 'win' : 'tick');
        },
      };
      setBalls((list) => [...list, ball]);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  const locked = balls.length > 0;
  return (
    <OriginalFrame
      game="plinko"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField amount={amount} setAmount={setAmount} testId="plinko-amount" game="plinko" />
          <div className="grid grid-cols-2 gap-2">
            <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
              {t('originals2.plinko.risk')}
              <select
                className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-[15px] text-fg disabled:opacity-60"
                value={risk}
                disabled={locked}
                onChange={(event) => setRisk(event.target.value as PlinkoRisk)}
                data-testid="plinko-risk"
              >
                {PLINKO_RISKS.map((r) => (
                  <option key={r} value={r}>
                    {t(`originals2.plinko.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
              {t('originals2.plinko.rows')}
              <select
                className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg disabled:opacity-60"
                value={rows}
                disabled={locked}
                onChange={(event) => setRows(Number(event.target.value))}
                data-testid="plinko-rows"
              >
                {[8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Stats
            items={[
              { label: t('originals2.plinko.top'), value: `${x100Text(Math.max(...table))}×` },
              { label: t('originals2.balls'), value: String(balls.length) },
              {
                label: t('originals2.lastWin'),
                value: last ?? '—',
                tone: 'win',
                testId: 'plinko-last',
              },
            ]}
          />
          <Button
            size="lg"
            block
            disabled={stake <= 0n || balls.length >= BALLS_MAX}
            onClick={drop}
            data-testid="plinko-drop"
          >
            {t('originals2.plinko.drop')}
          </Button>
        </>
      }
      board={
        <div
          className="relative mx-auto aspect-square w-full max-w-[34rem]"
          data-testid="plinko-board"
        >
          <svg viewBox="0 0 100 100" className="absolute inset-0 size-full" aria-hidden="true">
            {pegs.map(([r, j]) => (
              <circle
                key={`${r}-${j}`}
                cx={g.pegX(r, j)}
                cy={g.pegY(r)}
                r={Math.max(0.55, 6 / (rows + 2))}
                fill="#d8e1f0"
                opacity=".85"
              />
            ))}
          </svg>
          {balls.map((ball) => (
            <BallView key={ball.id} ball={ball} rows={rows} />
          ))}
          <div
            className="absolute right-0 left-0 flex justify-center gap-[0.4%]"
            style={{ top: `${g.pegY(rows - 1) + g.dy * 0.55}%` }}
          >
            {table.map((m, b) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: buckets are positions
                key={`${rows}-${risk}-${b}-${hit?.bucket === b ? hit.at : 0}`}
                className={cn(
                  'flex h-7 items-center justify-center rounded-[4px] font-mono text-[clamp(6px,1.6vw,11px)] font-bold shadow-[inset_0_-3px_0_rgb(0_0_0/0.2)] sm:h-8',
                  bucketTone(m),
                  hit?.bucket === b && 'animate-[plinko-hit_.35s_ease-out]',
                )}
                style={{ width: `${g.s - 0.4}%` }}
                data-testid={`bucket-${b}`}
              >
                {m >= 1000 ? Math.floor(m / 100) : x100Text(m).replace(/\.?0+$/, '')}
              </div>
            ))}
          </div>
        </div>
      }
    />
  );
}
