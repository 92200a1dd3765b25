/**
 * Odds display formats from exact odds in thousandths (1.850 → 1850). Integer math only:
 * fractional is (odds − 1) reduced; American is +100·(d−1) for d ≥ 2, −100/(d−1) below,
 * rounded toward zero to a whole number like the big books show it.
 */
export type OddsFormat = 'decimal' | 'fractional' | 'american';
export const ODDS_FORMATS: OddsFormat[] = ['decimal', 'fractional', 'american'];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function formatOdds(milli: number, format: OddsFormat): string {
  if (format === 'fractional') {
    const num = milli - 1000;
    const g = gcd(num, 1000);
    return `${num / g}/${1000 / g}`;
  }
  if (format === 'american') {
    const profit = milli - 1000;
    if (milli >= 2000) return `+${Math.trunc((profit * 100) / 1000)}`;
    return `-${Math.trunc((100 * 1000) / profit)}`;
  }
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000).padStart(3, '0');
  return frac.endsWith('0') ? `${whole}.${frac.slice(0, 2)}` : `${whole}.${frac}`;
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
