import { isValidLimboTarget, limboChance, limboPayout, limboResult } from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/format.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { toast } from '../../../lib/toast.ts';
import { placeLimboBet } from '../api/originals.ts';
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
import { RecentStrip } from './recent-strip.tsx';

type Shot = { result: number; won: boolean; payout: string };
const parseTarget = (text: string) => {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
};

/** Limbo: name a multiplier; the draw must reach it. The number races up to the result. */
export function LimboPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('limbo');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [targetText, setTargetText] = useState('2.00');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [shot, setShot] = useState<Shot | null>(null);
  const [recent, setRecent] = useState<Shot[]>([]);
  const frame = useRef(0);
  const target = parseTarget(targetText);
  const valid = isValidLimboTarget(target);
  const stake = stakeOf(amount);
  const payout = valid ? limboPayout(stake, target) : 0n;

  /** Counts from 1.00 up to the result in 600 ms (ease-out), one text node, no reflow. */
  const animate = (result: number) =>
    new Promise<void>((resolve) => {
      cancelAnimationFrame(frame.current);
      if (prefersReducedMotion()) {
        setShown(result);
        resolve();
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const p = Math.min(1, (now - start) / 600);
        const eased = 1 - (1 - p) ** 3;
        setShown(Math.round(100 + (result - 100) * eased));
        if (p < 1) frame.current = requestAnimationFrame(step);
        else resolve();
      };
      frame.current = requestAnimationFrame(step);
    });

  const play = async () => {
    if (!valid || stake <= 0n) return;
    setBusy(true);
    setShot(null);
    try {
      let next: Shot;
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const result = await limboResult(state.demoSeeds(), state.edge_bp);
        const won = result >= target;
        state.setDemoBalance(state.demoBalance - Number(stake) + (won ? Number(payout) : 0));
        state.nextDemoNonce();
        next = { result, won, payout: won ? minorText(payout) : '0.00' };
      } else {
        const bet = await placeLimboBet({
          amount,
          target: x100Text(target),
          idempotency_key: crypto.randomUUID(),
        });
        const result = Math.round(Number(bet.details.result) * 100);
        next = { result, won: bet.won, payout: bet.payout };
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      await animate(next.result);
      setShot(next);
      sound.play(next.won ? 'win' : 'lose');
      setRecent((list) => [next, ...list].slice(0, 12));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <OriginalFrame
      game="limbo"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={busy}
            testId="limbo-amount"
            game="limbo"
          />
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originals2.limbo.target')}
            <input
              className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg"
              inputMode="decimal"
              value={targetText}
              onChange={(event) => setTargetText(event.target.value)}
              aria-invalid={!valid}
              data-testid="limbo-target"
            />
          </label>
          <Stats
            items={[
              { label: t('originals.multiplier'), value: valid ? `${x100Text(target)}×` : '—' },
              {
                label: t('originals.chance'),
                value: valid
                  ? formatPercent(limboChance(target, state.edge_bp) * 100, i18n.language, 4, 4)
                  : '—',
              },
              { label: t('originals.win'), value: minorText(payout), tone: 'win' },
            ]}
          />
          <Button
            size="lg"
            block
            loading={busy}
            disabled={!valid || stake <= 0n}
            onClick={play}
            data-testid="limbo-bet"
          >
            {t('originals2.bet')}
          </Button>
        </>
      }
      board={
        <>
          <RecentStrip
            className="h-8 gap-1.5"
            itemClassName="rounded-md px-2 py-1 font-mono text-[12px] font-semibold"
            results={recent.map((r) => ({
              text: `${x100Text(r.result)}×`,
              className: r.won ? 'bg-positive/15 text-positive' : 'bg-ink-800 text-fg-muted',
            }))}
          />
          <div
            className="relative flex aspect-[16/9] max-h-80 w-full items-center justify-center overflow-hidden rounded-xl bg-ink-950/50"
            aria-live="polite"
          >
            <div
              className="pointer-events-none absolute inset-0 opacity-40"
              style={{
                background:
                  'radial-gradient(60% 60% at 50% 50%, rgb(47 140 255 / 0.18), transparent 70%)',
              }}
            />
            <span
              className={cn(
                'relative font-mono text-6xl font-black tabular-nums tracking-tight transition-colors duration-300 sm:text-7xl',
                shot === null ? 'text-fg' : shot.won ? 'text-positive' : 'text-negative',
              )}
              data-testid="limbo-result"
            >
              {shown === null ? '1.00' : x100Text(shown)}×
            </span>
          </div>
          <p className="h-5 text-center text-sm text-fg-muted">
            {shot
              ? shot.won
                ? t('originals.youWon', { amount: shot.payout })
                : t('originals.noWin')
              : ''}
          </p>
        </>
      }
    />
  );
}
