/**
 * Exact bet arithmetic. Odds are integers in thousandths (1.850 → 1850); money is bigint
 * minor units. One rounding rule, toward zero, applied once per line (a single or a
 * multiple is one line; a system bet is one line per combination), like packages/money.
 */

export const ODDS_SCALE = 1000n;
export const ODDS_MIN_MILLI = 1001;
export const ODDS_MAX_MILLI = 1_000_000;

export type LegResult = 'open' | 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

export type Leg = {
  odds_milli: number;
  result: LegResult;
  dead_heat_num?: number;
  dead_heat_den?: number;
};

/** A non-negative rational. */
type Ratio = { num: bigint; den: bigint };

/**
 * What one unit of stake on this leg returns (UOF semantics: void factor and dead-heat
 * factor). won: odds × dh; lost: 0; void: 1; half_won: half at odds × dh, half refunded;
 * half_lost: half lost, half refunded.
 */
export function legFactor(leg: Leg): Ratio {
  const odds = BigInt(leg.odds_milli);
  const dhNum = BigInt(leg.dead_heat_num ?? 1);
  const dhDen = BigInt(leg.dead_heat_den ?? 1);
  switch (leg.result) {
    case 'won':
      return { num: odds * dhNum, den: ODDS_SCALE * dhDen };
    case 'lost':
      return { num: 0n, den: 1n };
    case 'void':
      return { num: 1n, den: 1n };
    case 'half_won':
      // (odds × dh + 1) / 2
      return { num: odds * dhNum + ODDS_SCALE * dhDen, den: 2n * ODDS_SCALE * dhDen };
    case 'half_lost':
      return { num: 1n, den: 2n };
    case 'open':
      throw new Error('an open leg has no factor');
  }
}

/** stake × Π factors, rounded toward zero; null while a leg is open. */
export function linePayout(stake_minor: bigint, legs: readonly Leg[]): bigint | null {
  let num = stake_minor;
  let den = 1n;
  for (const leg of legs) {
    if (leg.result === 'open') return null;
    const factor = legFactor(leg);
    num *= factor.num;
    den *= factor.den;
  }
  return num / den;
}

/** A losing leg settles a line at once even while other legs are open. */
export function lineLost(legs: readonly Leg[]): boolean {
  return legs.some((leg) => leg.result === 'lost');
}

/** Every k-subset of [0, n), in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  if (k >= 1 && k <= n) walk(0);
  return out;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

export type BetShape = {
  kind: 'single' | 'multiple' | 'system' | 'builder';
  system_size: number | null;
  line_stake_minor: bigint;
  /** A bet builder pays at its joint price (see builderPayout). */
  builder_odds_milli?: number | null;
};

/**
 * A bet builder's payout (decision 0615): a lost leg loses it; otherwise a void leg voids the
 * whole bet (its joint price cannot be split into legs), the stake back; every leg won pays
 * stake × joint price × each leg's dead-heat factor, rounded toward zero. Null while open.
 */
export function builderPayout(
  stake_minor: bigint,
  builder_odds_milli: number,
  legs: readonly Leg[],
): bigint | null {
  if (legs.some((leg) => leg.result === 'lost' || leg.result === 'half_lost')) return 0n;
  if (legs.some((leg) => leg.result === 'open')) return null;
  if (legs.some((leg) => leg.result === 'void')) return stake_minor;
  let num = stake_minor * BigInt(builder_odds_milli);
  let den = ODDS_SCALE;
  for (const leg of legs) {
    num *= BigInt(leg.dead_heat_num ?? 1);
    den *= BigInt(leg.dead_heat_den ?? 1);
  }
  return num / den;
}

/** A bet builder with a void leg and none lost is void whole. */
export function builderVoid(legs: readonly Leg[]): boolean {
  return (
    legs.some((leg) => leg.result === 'void') &&
    !legs.some((leg) => leg.result === 'lost' || leg.result === 'half_lost') &&
    !legs.some((leg) => leg.result === 'open')
  );
}

/** The lines of a bet: index lists into its legs. */
export function betLines(shape: BetShape, legCount: number): number[][] {
  if (shape.kind === 'system') return combinations(legCount, shape.system_size ?? legCount);
  return [Array.from({ length: legCount }, (_, i) => i)];
}

/**
 * The bet's payout once every line is decided (a lost leg decides its lines at once), or
 * null while any line still waits on an open leg. A multiple settles when its last leg
 * does; a void leg counts 1 (it drops out).
 */
export function betPayout(shape: BetShape, legs: readonly Leg[]): bigint | null {
  if (shape.kind === 'builder')
    return builderPayout(shape.line_stake_minor, shape.builder_odds_milli!, legs);
  let total = 0n;
  for (const line of betLines(shape, legs.length)) {
    const lineLegs = line.map((i) => legs[i]!);
    if (lineLost(lineLegs)) continue;
    const payout = linePayout(shape.line_stake_minor, lineLegs);
    if (payout === null) return null;
    total += payout;
  }
  return total;
}

/** Every leg void (or every line made only of void legs): the stake comes back whole. */
export function betFullyVoid(legs: readonly Leg[], shape?: BetShape): boolean {
  if (shape?.kind === 'builder') return builderVoid(legs);
  return legs.length > 0 && legs.every((leg) => leg.result === 'void');
}

/** The return if every leg wins at its placed odds. */
export function potentialReturn(shape: BetShape, odds_milli: readonly number[]): bigint {
  return betPayout(
    shape,
    odds_milli.map((odds) => ({ odds_milli: odds, result: 'won' as const })),
  )!;
}

/**
 * A price from a fair probability with a proportional margin (odds = 1 / (p·(1+m))),
 * rounded down to 2 decimals (the book never offers more than it computed), clamped to
 * the odds range. Floats are fine here: this makes a price, it never moves money.
 */
export function priceMilli(probability: number, margin: number): number {
  const p = Math.min(Math.max(probability, 0.0005), 0.999);
  const odds = 1 / (p * (1 + margin));
  const cents = Math.floor(odds * 100 + 1e-9);
  return Math.min(Math.max(cents * 10, ODDS_MIN_MILLI + 9), ODDS_MAX_MILLI);
}

/** Applies a trader's extra margin (basis points) to a feed price: odds / (1 + bp/10000). */
export function withMargin(odds_milli: number, margin_bp: number): number {
  if (margin_bp === 0) return odds_milli;
  const adjusted = Math.floor((odds_milli * 10_000) / (10_000 + margin_bp) / 10) * 10;
  return Math.min(Math.max(adjusted, ODDS_MIN_MILLI + 9), ODDS_MAX_MILLI);
}

/**
 * Cash-out offer for an open bet: the lines' current value at today's prices,
 * Π placed/current over the undecided legs (decided legs count their factor), minus the
 * cash-out margin, rounded toward zero. Null when a leg has no price (suspended).
 */
export function cashoutOffer(
  shape: BetShape,
  legs: readonly (Leg & { current_odds_milli: number | null })[],
  margin_bp: number,
): bigint | null {
  let total = 0n;
  for (const line of betLines(shape, legs.length)) {
    const lineLegs = line.map((i) => legs[i]!);
    if (lineLost(lineLegs)) continue;
    let num = shape.line_stake_minor;
    let den = 1n;
    for (const leg of lineLegs) {
      if (leg.result === 'open') {
        if (leg.current_odds_milli === null) return null;
        num *= BigInt(leg.odds_milli);
        den *= BigInt(leg.current_odds_milli);
      } else {
        const factor = legFactor(leg);
        num *= factor.num;
        den *= factor.den;
      }
    }
    total += num / den;
  }
  return (total * BigInt(10_000 - margin_bp)) / 10_000n;
}
