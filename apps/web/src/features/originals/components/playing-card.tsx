import { cardOf, RANKS } from '@casino/games';
import { useEffect, useRef } from 'react';
import { cn } from '../../../components/cn.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';

const GLYPH = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' } as const;
const SIZES = {
  sm: 'h-[3.4rem] w-[2.45rem] rounded-[0.4rem] text-[0.8rem]',
  /** Two hands side by side: small on a phone, full size where the table has room. */
  split:
    'h-[3.4rem] w-[2.45rem] rounded-[0.4rem] text-[0.8rem] sm:h-[5.6rem] sm:w-[4rem] sm:rounded-[0.5rem] sm:text-[1.15rem]',
  md: 'h-[4.6rem] w-[3.3rem] rounded-[0.5rem] text-[1rem] sm:h-[5.6rem] sm:w-[4rem] sm:text-[1.15rem]',
  lg: 'h-[6.4rem] w-[4.6rem] rounded-[0.6rem] text-[1.3rem] sm:h-[8rem] sm:w-[5.75rem] sm:text-[1.6rem]',
} as const;

/** "Q♥", "10♣": what a screen reader hears and a test reads. */
export function cardName(index: number): string {
  const card = cardOf(index);
  return `${RANKS[card.rank]}${GLYPH[card.suit]}`;
}

/**
 * One playing card: a clean face (rank and suit in two corners, the suit large in the middle,
 * red for ♦ ♥ and near-black for ♠ ♣) or, with `index` null, its back. `delay_ms` deals it in:
 * it slides down from the shoe and turns over (skipped when the player asks for less motion).
 */
export function PlayingCard({
  index,
  size = 'md',
  delay_ms = 0,
  dim = false,
  highlight = false,
  testId,
}: {
  index: number | null;
  size?: keyof typeof SIZES;
  delay_ms?: number;
  dim?: boolean;
  highlight?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || index === null) return;
    if (prefersReducedMotion()) return;
    element.animate?.(
      [
        { transform: 'translateY(-2.5rem) rotateY(90deg) scale(0.9)', opacity: 0 },
        { transform: 'translateY(-0.6rem) rotateY(40deg) scale(0.96)', opacity: 1, offset: 0.5 },
        { transform: 'none', opacity: 1 },
      ],
      {
        duration: 360,
        delay: delay_ms,
        easing: 'cubic-bezier(0.2, 0.8, 0.3, 1)',
        fill: 'backwards',
      },
    );
  }, [index, delay_ms]);

  if (index === null) {
    return (
      <div
        aria-hidden="true"
        className={cn(
          SIZES[size],
          'relative shrink-0 border border-white/20 shadow-[0_4px_12px_-4px_rgb(0_0_0/0.6)]',
          'bg-[repeating-linear-gradient(45deg,#1d4ed8_0_6px,#1e3a8a_6px_12px)]',
        )}
      >
        <div className="absolute inset-[12%] rounded-[0.3rem] border border-white/30" />
      </div>
    );
  }
  const card = cardOf(index);
  const red = card.suit === 'diamonds' || card.suit === 'hearts';
  const rank = RANKS[card.rank];
  const glyph = GLYPH[card.suit];
  return (
    <div
      ref={ref}
      role="img"
      aria-label={cardName(index)}
      data-card={cardName(index)}
      data-testid={testId}
      className={cn(
        SIZES[size],
        'relative shrink-0 select-none border bg-white font-bold leading-none shadow-[0_6px_16px_-6px_rgb(0_0_0/0.7)] transition-[opacity,box-shadow] duration-300',
        red ? 'text-[#d42a3c]' : 'text-[#171a23]',
        highlight ? 'border-amber-300 ring-2 ring-amber-300' : 'border-black/10',
        dim && 'opacity-45',
      )}
    >
      <span className="absolute left-[0.28em] top-[0.25em] flex flex-col items-center">
        <span className="tracking-tighter">{rank}</span>
        <span className="text-[0.8em]">{glyph}</span>
      </span>
      <span className="absolute inset-0 flex items-center justify-center text-[1.9em]">
        {glyph}
      </span>
      <span className="absolute bottom-[0.25em] right-[0.28em] flex rotate-180 flex-col items-center">
        <span className="tracking-tighter">{rank}</span>
        <span className="text-[0.8em]">{glyph}</span>
      </span>
    </div>
  );
}
