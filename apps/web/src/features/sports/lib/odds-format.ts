/**
 * Odds display formats from exact odds in thousandths (1.850 → 1850). Integer math only:
 * - fractional: (odds − 1) reduced (1327/100 stays, 150/100 → 3/2);
 * - American: +100·(d−1) for d ≥ 2, −100/(d−1) below, toward zero like the big books show it;
 * - Hong Kong: the profit per 1 staked, d − 1 (the "rate" Indian books quote);
 * - Malay: d − 1 up to evens, −1/(d − 1) above (a negative price: stake that to win 1);
 * - Indonesian: d − 1 from evens up, −1/(d − 1) below (the American idea per 1, not 100).
 * The reciprocal formats round to the nearest hundredth.
 */
import type { OddsFormat } from '@casino/contracts/sportsbook';

export type { OddsFormat };
export const ODDS_FORMATS: OddsFormat[] = [
  'decimal',
  'fractional',
  'american',
  'hong_kong',
  'malay',
  'indonesian',
];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Thousandths as a price: two decimals, a third only when it is not zero (1.85, 1.333). */
function thousandths(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000).padStart(3, '0');
  return frac.endsWith('0') ? `${whole}.${frac.slice(0, 2)}` : `${whole}.${frac}`;
}

/**
 * −1/(d − 1) to the nearest hundredth, from the profit in thousandths; the longest prices
 * (above 201.00, where that would read −0.00) to the nearest thousandth, at least −0.001.
 */
function negativeReciprocal(profit_milli: number): string {
  const hundredths = Math.floor((200_000 + profit_milli) / (2 * profit_milli));
  if (hundredths === 0) {
    const th = Math.max(1, Math.floor((2_000_000 + profit_milli) / (2 * profit_milli)));
    return `-0.${String(th).padStart(3, '0')}`;
  }
  return `-${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function formatOdds(milli: number, format: OddsFormat): string {
  const profit = milli - 1000;
  switch (format) {
    case 'fractional': {
      const g = gcd(profit, 1000);
      return `${profit / g}/${1000 / g}`;
    }
    case 'american':
      if (milli >= 2000) return `+${Math.trunc((profit * 100) / 1000)}`;
      return `-${Math.trunc((100 * 1000) / profit)}`;
    case 'hong_kong':
      return thousandths(profit);
    case 'malay':
      return milli <= 2000 ? thousandths(profit) : negativeReciprocal(profit);
    case 'indonesian':
      return milli >= 2000 ? `+${thousandths(profit)}` : negativeReciprocal(profit);
    default:
      return thousandths(milli);
  }
}

/** Combinations C(n, k) (system bets: lines). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, pick: number[]) => {
    if (pick.length === k) return void out.push(pick);
    for (let i = start; i < n; i++) walk(i + 1, [...pick, i]);
  };
  walk(0, []);
  return out;
}

/** The return if every leg wins (minor units), rounded toward zero per line like the server. */
export function potentialReturn(
  lineStake: bigint,
  odds: number[],
  kind: 'single' | 'multiple' | 'system',
  systemSize = 2,
): bigint {
  const lines = kind === 'system' ? subsets(odds.length, systemSize) : [odds.map((_, i) => i)];
  let total = 0n;
  for (const line of lines) {
    let num = lineStake;
    let den = 1n;
    for (const i of line) {
      num *= BigInt(odds[i]!);
      den *= 1000n;
    }
    total += num / den;
  }
  return total;
}
