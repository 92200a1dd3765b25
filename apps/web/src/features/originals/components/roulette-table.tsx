import { RED_NUMBERS } from '@casino/games';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';

/** Outside bets in table order (the even-money boxes run 1–18 … 19–36 along the dozens). */
export const EVEN_MONEY = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;
export type Spot =
  | { type: 'number'; n: number }
  | { type: 'dozen' | 'column'; index: number }
  | { type: (typeof EVEN_MONEY)[number] };

/**
 * Where a cell sits: on a phone the table stands upright (zero on top, three numbers a row, the
 * dozens and even-money boxes down the left); from `sm` up it lies down as on a real table
 * (zero on the left, 3-6-9… on the top row, column bets on the right).
 */
function place(v: [row: string, col: string], h: [row: string, col: string]): CSSProperties {
  return { '--vr': v[0], '--vc': v[1], '--hr': h[0], '--hc': h[1] } as CSSProperties;
}
function spotPlace(spot: Spot): CSSProperties {
  switch (spot.type) {
    case 'number': {
      if (spot.n === 0) return place(['1', '3 / 6'], ['1 / 4', '1']);
      const r = Math.ceil(spot.n / 3);
      const c = (spot.n - 1) % 3;
      return place([String(r + 1), String(c + 3)], [String(3 - c), String(r + 1)]);
    }
    case 'dozen': {
      const from = 2 + (spot.index - 1) * 4;
      return place([`${from} / span 4`, '2'], ['4', `${from} / span 4`]);
    }
    case 'column':
      return place(['14', String(spot.index + 2)], [String(4 - spot.index), '14']);
    default: {
      const from = 2 + EVEN_MONEY.indexOf(spot.type) * 2;
      return place([`${from} / span 2`, '1'], ['5', `${from} / span 2`]);
    }
  }
}

export const pocketTone = (n: number) =>
  n === 0 ? 'bg-[#16a34a]' : RED_NUMBERS.includes(n) ? 'bg-[#e11d48]' : 'bg-[#1f2937]';

/** A chip's amount as a short label ("5", "0.5", "12k"). */
export function chipLabel(minor: bigint) {
  const major = Number(minor) / 100;
  return major >= 1000 ? `${Math.floor(major / 1000)}k` : String(Number(major.toFixed(2)));
}

/**
 * The betting table: every cell is a button that places a chip (`onSpot`); `chips` are the amounts
 * on straight and outside bets, `covered` the numbers of the selection being built or of the bet
 * just settled, `pocket` the winning number.
 */
export function RouletteTable({
  onSpot,
  chipOn,
  covered,
  pocket,
  disabled,
}: {
  onSpot: (spot: Spot) => void;
  chipOn: (spot: Spot) => bigint;
  covered: readonly number[];
  pocket: number | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  /** `name` null: the label's own text (with any screen-reader-only part) names the button. */
  const cell = (
    spot: Spot,
    label: ReactNode,
    tone: string,
    testId: string,
    name: string | null,
  ) => {
    const chip = chipOn(spot);
    const lit = spot.type === 'number' && (covered.includes(spot.n) || pocket === spot.n);
    return (
      <button
        key={testId}
        type="button"
        disabled={disabled}
        onClick={() => onSpot(spot)}
        style={spotPlace(spot)}
        aria-label={name ?? undefined}
        className={cn(
          'relative flex min-h-10 items-center justify-center rounded-md text-[13px] font-bold text-white transition-[filter,box-shadow] [grid-column:var(--vc)] [grid-row:var(--vr)] hover:brightness-125 disabled:cursor-not-allowed sm:min-h-12 sm:[grid-column:var(--hc)] sm:[grid-row:var(--hr)]',
          tone,
          lit && 'ring-2 ring-white/80',
          spot.type === 'number' && pocket === spot.n && 'animate-pulse ring-4 ring-warning',
        )}
        data-testid={testId}
      >
        <span className="[writing-mode:vertical-rl] sm:[writing-mode:horizontal-tb]">{label}</span>
        {chip > 0n && (
          <span className="absolute -top-1.5 -right-1.5 z-10 flex size-6 items-center justify-center rounded-full border-2 border-dashed border-white bg-accent-500 font-mono text-[9px] leading-none text-white shadow">
            {chipLabel(chip)}
          </span>
        )}
      </button>
    );
  };
  const numberCell = (n: number) =>
    cell(
      { type: 'number', n },
      <span className="[writing-mode:horizontal-tb]">{n}</span>,
      pocketTone(n),
      `roulette-n-${n}`,
      String(n),
    );
  const outside = 'bg-ink-700 text-fg';
  return (
    <div
      className="mx-auto grid w-full max-w-[22rem] grid-cols-[2.4rem_2.4rem_repeat(3,1fr)] gap-1 sm:max-w-none sm:grid-cols-[2.6rem_repeat(12,minmax(0,1fr))_2.6rem]"
      data-testid="roulette-table"
    >
      {Array.from({ length: 37 }, (_, n) => numberCell(n))}
      {[1, 2, 3].map((index) =>
        cell(
          { type: 'dozen', index },
          t(`originalsNum.roulette.dozen${index}`),
          outside,
          `roulette-dozen-${index}`,
          t(`originalsNum.roulette.dozen${index}`),
        ),
      )}
      {[1, 2, 3].map((index) =>
        cell(
          { type: 'column', index },
          // The visible "2:1" leads the name, as WCAG 2.5.3 asks of a labelled control.
          <>
            2:1<span className="sr-only"> · {t('originalsNum.roulette.column', { index })}</span>
          </>,
          outside,
          `roulette-column-${index}`,
          null,
        ),
      )}
      {EVEN_MONEY.map((type) =>
        cell(
          { type },
          type === 'red' || type === 'black' ? (
            <span
              className={cn(
                'block size-4 rotate-45 rounded-[2px]',
                type === 'red' ? 'bg-[#e11d48]' : 'bg-[#0b0f17] ring-1 ring-white/40',
              )}
            />
          ) : (
            t(`originalsNum.roulette.${type}`)
          ),
          outside,
          `roulette-${type}`,
          t(`originalsNum.roulette.${type}`),
        ),
      )}
    </div>
  );
}
