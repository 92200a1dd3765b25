import { floats, type SeedPair } from './fair.ts';

/**
 * European roulette, as Stake maps it: the pocket is floor(f × 37) from the bet's first float
 * (0–36, one zero). Every chip of the slip is settled on that one pocket.
 *
 * A chip on k numbers returns 36 / k times its amount (35:1 straight … 1:1 even money), so every
 * bet returns k/37 × 36/k = 36/37: the house edge is 1/37 = 2.7027 %, fixed by the wheel's single
 * zero rather than by a setting (decision 0540). A zero loses every outside bet whole (no
 * la partage).
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_EDGE_BP = 270;
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];
export const ROULETTE_CHIPS_MAX = 100;

export type RouletteBetType =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'six_line'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';
export const ROULETTE_BET_TYPES: readonly RouletteBetType[] = [
  'straight',
  'split',
  'street',
  'corner',
  'six_line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
];
/** Inside bets name their numbers; dozen and column an index 1–3; the rest nothing. */
export type RouletteBet = { type: RouletteBetType; numbers?: number[]; index?: number };

export const rouletteColor = (n: number): 'green' | 'red' | 'black' =>
  n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');

/**
 * Every legal inside bet on the standard layout (three columns, 1–3 on the first row, the zero
 * above them), keyed by its sorted numbers: splits side by side or one above the other (and
 * 0-1, 0-2, 0-3), streets (and the trios 0-1-2, 0-2-3), corners (and the first four 0-1-2-3),
 * six lines.
 */
const INSIDE: Record<'split' | 'street' | 'corner' | 'six_line', Set<string>> = (() => {
  const split = new Set<string>(['0-1', '0-2', '0-3']);
  const street = new Set<string>(['0-1-2', '0-2-3']);
  const corner = new Set<string>(['0-1-2-3']);
  const sixLine = new Set<string>();
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n <= 33) split.add(key([n, n + 3]));
    if (n % 3 === 1) street.add(key([n, n + 1, n + 2]));
    if (n % 3 !== 0 && n <= 32) corner.add(key([n, n + 1, n + 3, n + 4]));
    if (n % 3 === 1 && n <= 31) sixLine.add(key(range(n, n + 5)));
  }
  return { split, street, corner, six_line: sixLine };
})();
const INSIDE_SIZE = { straight: 1, split: 2, street: 3, corner: 4, six_line: 6 } as const;

/** The numbers a bet covers, or a sentence saying why the bet is not on the layout. */
export function rouletteCovers(bet: RouletteBet): number[] | string {
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'six_line': {
      const numbers = bet.numbers ?? [];
      const size = INSIDE_SIZE[bet.type];
      if (numbers.length !== size || numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 36)) {
        return `${bet.type}: ${size} number${size > 1 ? 's' : ''} from 0 to 36`;
      }
      if (bet.type !== 'straight' && !INSIDE[bet.type].has(key(numbers))) {
        return `${bet.type}: ${numbers.join(', ')} are not a ${bet.type.replace('_', ' ')} on the table`;
      }
      return [...numbers].sort((a, b) => a - b);
    }
    case 'dozen':
    case 'column': {
      const i = bet.index;
      if (i !== 1 && i !== 2 && i !== 3) return `${bet.type}: index 1, 2 or 3`;
      return bet.type === 'dozen'
        ? range(i * 12 - 11, i * 12)
        : range(1, 36).filter((n) => n % 3 === i % 3);
    }
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    default:
      return 'type: not a roulette bet';
  }
}

/** What a chip on `covered` numbers returns, stake included: 36 / k (36× straight … 2× even). */
export const rouletteReturn = (covered: number) => 36 / covered;

export function roulettePocketFromFloat(f: number): number {
  return Math.floor(f * ROULETTE_POCKETS);
}

export async function roulettePocket(seeds: SeedPair): Promise<number> {
  const [f] = await floats(seeds, 1);
  return roulettePocketFromFloat(f!);
}

/** One chip: what it covers and its amount (minor units). */
export type RouletteChip = { covers: readonly number[]; amount_minor: bigint };

/** Each chip's return on `pocket` (0 when it loses), in minor units; exact (36 / k is whole). */
export function rouletteReturns(chips: readonly RouletteChip[], pocket: number): bigint[] {
  return chips.map((chip) =>
    chip.covers.includes(pocket) ? chip.amount_minor * BigInt(36 / chip.covers.length) : 0n,
  );
}

/** The slip's largest possible return over the 37 pockets (the payout limit checks it). */
export function rouletteBestReturn(chips: readonly RouletteChip[]): bigint {
  let best = 0n;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket++) {
    const total = rouletteReturns(chips, pocket).reduce((a, b) => a + b, 0n);
    if (total > best) best = total;
  }
  return best;
}
