import {
  KENO_PICKS_MAX,
  KENO_RISKS,
  KENO_SQUARES,
  type KenoRisk,
  kenoDraw,
  kenoTable,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { toast } from '../../../lib/toast.ts';
import { placeKenoBet } from '../api/originals.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';

/** The draw is shown one square at a time, this far apart. */
const REVEAL_MS = 90;
type Round = { drawn: number[]; hits: number; payout: string; won: boolean };
/** Ten-thousandths as a short multiplier ("3.96", "1,000"). */
export const x10000Short = (m: number) =>
  m === 0
    ? '0'
    : m >= 1_000_000
      ? String(Math.floor(m / 10_000))
      : m >= 100_000
        ? (Math.floor(m / 1_000) / 10).toFixed(1)
        : (Math.floor(m / 100) / 100).toFixed(2);

/** Keno: pick 1–10 of 40 squares; 10 are drawn; the hits pay by the risk's table. */
export function KenoPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('keno');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [picks, setPicks] = useState<number[]>([]);
  const [shown, setShown] = useState<number[]>([]);
  const [round, setRound] = useState<Round | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearInterval(timer.current), []);
  const stake = stakeOf(amount);
  const table = picks.length > 0 ? kenoTable(picks.length, risk, state.edge_bp) : [];

  const toggle = (n: number) => {
    if (busy) return;
    setRound(null);
    setShown([]);
    setPicks((list) =>
      list.includes(n)
        ? list.filter((x) => x !== n)
        : list.length >= KENO_PICKS_MAX
          ? list
          : [...list, n],
    );
  };
  const autoPick = () => {
    const all = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);
    const chosen: number[] = [];
    const count = picks.length || KENO_PICKS_MAX;
    while (chosen.length < count) {
      chosen.push(all.splice(Math.floor(Math.random() * all.length), 1)[0]!);
    }
    setRound(null);
    setShown([]);
    setPicks(chosen);
  };

  /** Shows the draw square by square, then the result. */
  const reveal = (next: Round) =>
    new Promise<void>((resolve) => {
      window.clearInterval(timer.current);
      if (prefersReducedMotion()) {
        setShown(next.drawn);
        resolve();
        return;
      }
      let i = 0;
      timer.current = window.setInterval(() => {
        i += 1;
        setShown(next.drawn.slice(0, i));
        if (next.drawn[i - 1] !== undefined && picks.includes(next.drawn[i - 1]!)) {
          sound.play('tick');
        }
        if (i >= next.drawn.length) {
          window.clearInterval(timer.current);
          resolve();
        }
      }, REVEAL_MS);
    });

  const play = async () => {
    if (stake <= 0n || picks.length === 0) return;
    setBusy(true);
    setRound(null);
    setShown([]);
    try {
      let next: Round;
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const drawn = await kenoDraw(state.demoSeeds());
        const hits = picks.filter((n) => drawn.includes(n)).length;
        const pay = (stake * BigInt(table[hits]!)) / 10_000n;
        state.setDemoBalance(state.demoBalance - Number(stake) + Number(pay));
        state.nextDemoNonce();
        next = { drawn, hits, payout: minorText(pay), won: table[hits]! >= 10_000 };
      } else {
        const bet = await placeKenoBet({
          amount,
          picks,
          risk,
          idempotency_key: crypto.randomUUID(),
        });
        const details = bet.details as { drawn: number[]; hits: number[] };
        next = {
          drawn: details.drawn,
          hits: details.hits.length,
          payout: bet.payout,
          won: bet.won,
        };
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      await reveal(next);
      setRound(next);
      sound.play(next.won ? 'win' : 'lose');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <OriginalFrame
      game="keno"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={busy}
            testId="keno-amount"
            game="keno"
          />
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originalsNum.risk')}
            <select
              className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-[15px] text-fg disabled:opacity-60"
              value={risk}
              disabled={busy}
              onChange={(event) => setRisk(event.target.value as KenoRisk)}
              data-testid="keno-risk"
            >
              {KENO_RISKS.map((r) => (
                <option key={r} value={r}>
                  {t(`originalsNum.risks.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" disabled={busy} onClick={autoPick} data-testid="keno-auto">
              {t('originalsNum.keno.autoPick')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy || picks.length === 0}
              onClick={() => {
                setPicks([]);
                setRound(null);
                setShown([]);
              }}
              data-testid="keno-clear"
            >
              {t('originalsNum.keno.clear')}
            </Button>
          </div>
          <Stats
            items={[
              {
                label: t('originalsNum.keno.picked'),
                value: `${picks.length} / ${KENO_PICKS_MAX}`,
              },
              {
                label: t('originalsNum.keno.top'),
                value: table.length > 0 ? `${x10000Short(Math.max(...table))}×` : '—',
              },
              {
                label: t('originalsNum.keno.hits'),
                value: round ? String(round.hits) : '—',
                tone: 'win',
                testId: 'keno-hits',
              },
            ]}
          />
          <Button
            size="lg"
            block
            loading={busy}
            disabled={stake <= 0n || picks.length === 0}
            onClick={play}
            data-testid="keno-bet"
          >
            {t('originals2.bet')}
          </Button>
        </>
      }
      board={
        <>
          <fieldset
            className="mx-auto grid w-full max-w-[36rem] min-w-0 grid-cols-8 gap-1.5 border-0 p-0 sm:gap-2"
            aria-label={t('originalsNum.keno.board')}
            data-testid="keno-board"
          >
            {Array.from({ length: KENO_SQUARES }, (_, i) => i + 1).map((n) => {
              const picked = picks.includes(n);
              const drawn = shown.includes(n);
              return (
                <button
                  key={n}
                  type="button"
                  aria-pressed={picked}
                  onClick={() => toggle(n)}
                  className={cn(
                    'relative flex aspect-square items-center justify-center rounded-lg font-mono text-[15px] font-bold shadow-[inset_0_-3px_0_rgb(0_0_0/0.25)] transition-[background-color,transform] duration-150 sm:text-base',
                    picked && drawn
                      ? 'scale-[1.04] bg-positive text-ink-950'
                      : picked
                        ? 'bg-accent-500 text-white'
                        : drawn
                          ? 'bg-ink-950 text-negative ring-2 ring-negative/60'
                          : 'bg-ink-700 text-fg hover:bg-ink-600',
                  )}
                  data-testid={`keno-square-${n}`}
                  data-state={
                    picked && drawn ? 'hit' : drawn ? 'drawn' : picked ? 'picked' : 'idle'
                  }
                >
                  {n}
                </button>
              );
            })}
          </fieldset>
          {table.length > 0 ? (
            <ol
              className="flex gap-1 overflow-x-auto pb-1 text-center font-mono text-[11px] sm:grid sm:overflow-visible sm:text-[12px]"
              style={{ gridTemplateColumns: `repeat(${table.length}, minmax(0, 1fr))` }}
              aria-label={t('originalsNum.keno.paytable')}
              data-testid="keno-paytable"
            >
              {table.map((m, hits) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per number of hits
                  key={hits}
                  className={cn(
                    'flex min-w-[3.1rem] shrink-0 flex-col rounded-md px-1 py-1 sm:min-w-0',
                    round?.hits === hits
                      ? 'bg-positive/20 text-positive'
                      : 'bg-ink-800 text-fg-muted',
                  )}
                >
                  <span className="font-semibold text-fg">{x10000Short(m)}×</span>
                  <span title={t('originalsNum.keno.hitsLabel', { hits })}>{hits}✓</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-center text-sm text-fg-muted">{t('originalsNum.keno.pickHint')}</p>
          )}
          <p
            className="h-5 text-center text-sm text-fg-muted"
            aria-live="polite"
            data-testid="keno-result"
          >
            {round
              ? round.won
                ? t('originals.youWon', { amount: round.payout })
                : t('originalsNum.keno.result', { hits: round.hits })
              : ''}
          </p>
        </>
      }
    />
  );
}
