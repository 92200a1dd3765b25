import {
  type RouletteBet,
  type RouletteBetType,
  rouletteColor,
  rouletteCovers,
  roulettePocket,
  rouletteReturns,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { placeRouletteBet } from '../api/originals.ts';
import {
  minorText,
  OriginalFrame,
  StakeLimits,
  Stats,
  useGameLimits,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { RecentStrip } from './recent-strip.tsx';
import { chipLabel, pocketTone, RouletteTable, type Spot } from './roulette-table.tsx';

/** Chip values in minor units (0.10 … 25.00). */
const CHIP_VALUES = [10n, 50n, 1_00n, 5_00n, 10_00n, 25_00n];
/** How a tap on a number places a chip: alone, or as part of a split, street, corner, six line. */
const MODES = ['straight', 'split', 'street', 'corner', 'six_line'] as const;
type Mode = (typeof MODES)[number];
type Chip = { key: string; bet: RouletteBet; covers: number[]; amount: bigint };
type Result = { pocket: number; payout: string; won: boolean };

const betKey = (bet: RouletteBet) =>
  `${bet.type}:${bet.numbers?.join('-') ?? ''}:${bet.index ?? ''}`;

/**
 * The bet a tap (or two) makes in a mode: a street is the row of the number tapped; a split,
 * a corner and a six line take two taps (two neighbours, two diagonal numbers, two rows).
 */
function betFrom(mode: Mode, taps: number[]): RouletteBet | 'more' | null {
  const [a, b] = taps;
  if (mode === 'straight') return { type: 'straight', numbers: [a!] };
  if (mode === 'street') {
    if (a === 0) return null;
    const first = a! - ((a! - 1) % 3);
    return { type: 'street', numbers: [first, first + 1, first + 2] };
  }
  if (b === undefined) return 'more';
  if (mode === 'split') return { type: 'split', numbers: [a!, b] };
  const lo = Math.min(a!, b);
  const hi = Math.max(a!, b);
  if (mode === 'corner') {
    if (lo === 0) return { type: 'corner', numbers: [0, 1, 2, 3] };
    // Two diagonal numbers name the square: top-left to bottom-right, or top-right to bottom-left.
    if (hi - lo === 4) return { type: 'corner', numbers: [lo, lo + 1, lo + 3, lo + 4] };
    if (hi - lo === 2) return { type: 'corner', numbers: [lo - 1, lo, lo + 2, lo + 3] };
    return null;
  }
  const first = lo - ((lo - 1) % 3);
  return hi - first < 6 && lo > 0
    ? { type: 'six_line', numbers: [first, first + 1, first + 2, first + 3, first + 4, first + 5] }
    : null;
}

/** European Roulette: a slip of chips, one spin, every chip settled on the pocket. */
export function RoulettePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('roulette');
  const sound = useSound();
  const [chipValue, setChipValue] = useState(1_00n);
  const [mode, setMode] = useState<Mode>('straight');
  const [taps, setTaps] = useState<number[]>([]);
  const [chips, setChips] = useState<Chip[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const total = chips.reduce((sum, c) => sum + c.amount, 0n);
  // The slip's total is the bet: the operator's min and max apply to it (real money only).
  const gameLimits = useGameLimits('roulette');
  const limits = state.mode === 'real' ? gameLimits : null;
  const underMin = limits?.min_minor != null && chips.length > 0 && total < limits.min_minor;

  const add = (bet: RouletteBet) => {
    const covers = rouletteCovers(bet);
    if (typeof covers === 'string') {
      toast.error(t('originalsNum.roulette.notOnTable'));
      return;
    }
    const key = betKey(bet);
    if (limits?.max_minor != null && total + chipValue > limits.max_minor) {
      toast.error(
        t('rouletteLimits.overMax', {
          max: limits.max,
          currency: limits.currency,
          total: minorText(total + chipValue),
        }),
      );
      return;
    }
    setResult(null);
    setChips((list) =>
      list.some((c) => c.key === key)
        ? list.map((c) => (c.key === key ? { ...c, amount: c.amount + chipValue } : c))
        : [...list, { key, bet, covers, amount: chipValue }],
    );
  };
  const onSpot = (spot: Spot) => {
    if (spot.type !== 'number') {
      add(spot.type === 'dozen' || spot.type === 'column' ? spot : { type: spot.type });
      return;
    }
    const next = [...taps, spot.n];
    const bet = betFrom(mode, next);
    if (bet === 'more') {
      setTaps(next);
      return;
    }
    setTaps([]);
    if (bet === null) toast.error(t('originalsNum.roulette.notOnTable'));
    else add(bet);
  };
  const chipOn = (spot: Spot) => {
    const key =
      spot.type === 'number'
        ? betKey({ type: 'straight', numbers: [spot.n] })
        : betKey(spot.type === 'dozen' || spot.type === 'column' ? spot : { type: spot.type });
    return chips.find((c) => c.key === key)?.amount ?? 0n;
  };

  const spin = async () => {
    if (chips.length === 0) return;
    setBusy(true);
    setResult(null);
    try {
      let next: Result;
      if (state.mode === 'demo') {
        if (Number(total) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const pocket = await roulettePocket(state.demoSeeds());
        const pay = rouletteReturns(
          chips.map((c) => ({ covers: c.covers, amount_minor: c.amount })),
          pocket,
        ).reduce((a, b) => a + b, 0n);
        state.setDemoBalance(state.demoBalance - Number(total) + Number(pay));
        state.nextDemoNonce();
        next = { pocket, payout: minorText(pay), won: pay > 0n };
      } else {
        const bet = await placeRouletteBet({
          chips: chips.map((c) => ({
            type: c.bet.type,
            ...(c.bet.numbers ? { numbers: c.bet.numbers } : {}),
            ...(c.bet.index ? { index: c.bet.index } : {}),
            amount: minorText(c.amount),
          })),
          idempotency_key: crypto.randomUUID(),
        });
        next = {
          pocket: (bet.details as { pocket: number }).pocket,
          payout: bet.payout,
          won: bet.won,
        };
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      setResult(next);
      sound.play(next.won ? 'win' : 'lose');
      setRecent((list) => [next.pocket, ...list].slice(0, 14));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const covered = taps.length > 0 ? taps : (chips.at(-1)?.covers ?? []);
  return (
    <OriginalFrame
      game="roulette"
      state={state}
      sound={sound}
      controls={
        <>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2 text-[13px] font-medium text-fg-muted">
              {t('originalsNum.roulette.chip')}
              <StakeLimits game="roulette" />
            </legend>
            <div className="grid grid-cols-6 gap-1.5">
              {CHIP_VALUES.map((v) => (
                <button
                  key={String(v)}
                  type="button"
                  aria-pressed={chipValue === v}
                  onClick={() => setChipValue(v)}
                  className={cn(
                    'flex aspect-square items-center justify-center rounded-full border-2 border-dashed font-mono text-[11px] font-bold transition-transform',
                    chipValue === v
                      ? 'scale-110 border-white bg-accent-500 text-white'
                      : 'border-ink-500 bg-ink-700 text-fg-muted',
                  )}
                  data-testid={`roulette-chip-${v}`}
                >
                  {chipLabel(v)}
                </button>
              ))}
            </div>
          </fieldset>
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originalsNum.roulette.mode')}
            <select
              className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-[15px] text-fg"
              value={mode}
              onChange={(event) => {
                setMode(event.target.value as Mode);
                setTaps([]);
              }}
              data-testid="roulette-mode"
            >
              {MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`originalsNum.roulette.types.${m}`)}
                </option>
              ))}
            </select>
            <span className="text-[12px] font-normal text-fg-subtle">
              {t(`originalsNum.roulette.hints.${mode}`)}
            </span>
          </label>
          <Stats
            items={[
              {
                label: t('originalsNum.roulette.total'),
                value: minorText(total),
                testId: 'roulette-total',
              },
              { label: t('originalsNum.roulette.chips'), value: String(chips.length) },
              { label: t('originals2.lastWin'), value: result?.payout ?? '—', tone: 'win' },
            ]}
          />
          {underMin && (
            <p className="-mt-2 text-[12px] text-warning" data-testid="roulette-under-min">
              {t('rouletteLimits.underMin', { min: limits?.min, currency: limits?.currency })}
            </p>
          )}
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              disabled={busy || chips.length === 0}
              onClick={() => setChips((list) => list.slice(0, -1))}
              data-testid="roulette-undo"
            >
              {t('originalsNum.roulette.undo')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy || chips.length === 0}
              onClick={() => {
                setChips([]);
                setTaps([]);
              }}
              data-testid="roulette-clear"
            >
              {t('originalsNum.keno.clear')}
            </Button>
          </div>
          <Button
            size="lg"
            block
            loading={busy}
            disabled={chips.length === 0 || underMin}
            onClick={spin}
            data-testid="roulette-spin"
          >
            {t('originalsNum.wheel.spin')}
          </Button>
        </>
      }
      board={
        <>
          <div className="flex items-center gap-3">
            <div
              className={cn(
                'flex size-16 shrink-0 items-center justify-center rounded-full border-4 border-[#b45309] font-mono text-2xl font-black text-white shadow-lg',
                result ? pocketTone(result.pocket) : 'bg-ink-800',
              )}
              aria-live="polite"
              data-testid="roulette-pocket"
              data-color={result ? rouletteColor(result.pocket) : ''}
            >
              {result ? result.pocket : '—'}
            </div>
            <div className="min-w-0 flex-1">
              <p className="h-5 text-sm text-fg-muted" data-testid="roulette-result">
                {result
                  ? result.won
                    ? t('originals.youWon', { amount: result.payout })
                    : t('originals.noWin')
                  : t('originalsNum.roulette.placeChips')}
              </p>
              <RecentStrip
                className="mt-1.5 gap-1"
                itemClassName="flex size-7 shrink-0 items-center justify-center rounded-md font-mono text-[12px] font-bold text-white"
                results={recent.map((n) => ({ text: String(n), className: pocketTone(n) }))}
              />
            </div>
          </div>
          <RouletteTable
            onSpot={onSpot}
            chipOn={chipOn}
            covered={covered}
            pocket={result?.pocket ?? null}
            disabled={busy}
          />
          {chips.length > 0 && (
            <ul
              className="flex flex-wrap gap-1.5 text-[12px]"
              aria-label={t('originalsNum.roulette.slip')}
              data-testid="roulette-slip"
            >
              {chips.map((c) => (
                <li key={c.key} className="rounded-md bg-ink-800 px-2 py-1 text-fg-muted">
                  <span className="font-semibold text-fg">
                    {t(`originalsNum.roulette.types.${c.bet.type as RouletteBetType}`)}
                  </span>{' '}
                  {c.bet.numbers?.join('·') ?? c.bet.index ?? ''} ·{' '}
                  <span className="font-mono">{minorText(c.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      }
    />
  );
}
