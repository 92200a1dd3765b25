import {
  type Recomputed,
  recompute,
  type SeedPair,
  WHEEL_SEGMENTS,
  wheelTable,
} from '@casino/games';
import type { OriginalBet } from '../api/originals.ts';

/** Keno, Wheel and Roulette in the verifier: the draw, printed as the recorded bet prints it. */
export const NUMBER_GAMES = ['keno', 'wheel', 'roulette'] as const;
export type NumberGame = (typeof NUMBER_GAMES)[number];
export const isNumberGame = (game: string): game is NumberGame =>
  (NUMBER_GAMES as readonly string[]).includes(game);

export const NUMBER_FORMULAS: Record<NumberGame, string> = {
  keno: 'squares 1–40; draw i = remaining[floor(float_i × remaining.length)]\nnumbers = the first 10 draws',
  wheel:
    'segment = floor(float × segments)\nmultiplier = table[segments][risk][segment] × (1 − edge) / 0.99',
  roulette: 'pocket = floor(float × 37)   (0–36, single zero)',
};

const x10000Text = (n: number) =>
  `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(', ');

/** A recorded bet's result, as `verifyNumber` prints the recomputed one. */
export function recordedNumber(bet: OriginalBet): string {
  const d = bet.details as { drawn?: number[]; segment?: number; pocket?: number };
  if (bet.game === 'keno') return sorted(d.drawn ?? []);
  if (bet.game === 'wheel') return `#${d.segment ?? '—'} · ${bet.multiplier}×`;
  return String(d.pocket ?? '—');
}

/**
 * Recomputes a Keno, Wheel or Roulette bet: `value` is what the recorded bet shows, `extra` the
 * draw in order (Keno) or the pocket's colour. A bad input returns the message key to show.
 */
export async function verifyNumber(
  game: NumberGame,
  seeds: SeedPair,
  input: { segments: string; risk: 'low' | 'medium' | 'high'; edge_bp: number },
): Promise<{ value: string; extra?: string } | 'badSegments'> {
  let r: Recomputed;
  if (game === 'wheel') {
    const segments = Number(input.segments);
    if (!WHEEL_SEGMENTS.includes(segments)) return 'badSegments';
    r = await recompute(seeds, { game: 'wheel', segments });
    if (r.game !== 'wheel') throw new Error('unreachable');
    const m = wheelTable(segments, input.risk, input.edge_bp)[r.segment]!;
    return { value: `#${r.segment} · ${x10000Text(m)}×` };
  }
  r = await recompute(seeds, game === 'keno' ? { game: 'keno' } : { game: 'roulette' });
  if (r.game === 'keno') return { value: sorted(r.drawn), extra: r.drawn.join(' → ') };
  if (r.game === 'roulette') return { value: String(r.pocket) };
  throw new Error('unreachable');
}
