/**
 * The book's price guard: what every price goes through before it is offered, whatever
 * produced it (any feed adapter, a trader's fixed price, an event's margin).
 *
 * A player who backs every outcome of an exhaustive market in proportion to 1/odds gets
 * back 1 / Σ(1/odds) of what he staked, whatever happens; so Σ(1/odds), the book, must stay
 * at or above 1 + the sport's margin floor. Each price computed and clamped on its own
 * cannot promise that: a favourite clamped up to the minimum price loses its share of the
 * margin and the book can fall under 100 %. The guard looks at the market as a whole:
 * prices are kept within the sport's range, the margin a clamp removes is put back onto
 * the other outcomes (they are shortened), and a market whose favourite is near-certain
 * is suspended rather than offered at the minimum against a thousand.
 *
 * Floats are fine here: this makes prices, it never moves money. The result is checked
 * exactly in integers, and every rounding is downwards (in the book's favour).
 */

/** Operator settings per sport (`sb_sports`); the defaults are the migration's. */
export type SportPricing = {
  /** The shortest price offered (thousandths; a multiple of PRICE_TICK_MILLI). */
  odds_min_milli: number;
  /** The longest price offered (thousandths; a multiple of PRICE_TICK_MILLI). */
  odds_max_milli: number;
  /** An exhaustive market's book never falls under 1 + this (basis points). */
  margin_min_bp: number;
  /** A market whose favourite's fair probability reaches this is suspended (basis points). */
  favourite_max_bp: number;
};

export const PRICING_DEFAULTS: SportPricing = {
  odds_min_milli: 1_010,
  odds_max_milli: 501_000,
  margin_min_bp: 500,
  favourite_max_bp: 9_700,
};

/** What an operator may set, inclusive (also the database's CHECKs, migration 0602). */
export const PRICING_BOUNDS: Record<keyof SportPricing, readonly [number, number]> = {
  odds_min_milli: [1_010, 2_000],
  odds_max_milli: [2_000, 1_000_000],
  margin_min_bp: [0, 3_000],
  favourite_max_bp: [5_000, 9_990],
};

/** Prices the guard changes are cut to 2 decimals, downwards. */
export const PRICE_TICK_MILLI = 10;
/** Rounding repairs the guard may make before it gives up and suspends (never reached in practice). */
const REPAIR_STEPS_MAX = 100;

/** Why the book suspended a market. */
export type BookStop = 'near_certain' | 'unbalanced' | 'one_outcome';

/** One selection as offered to the guard: its price (null: not offered) and whether a trader fixed it. */
export type BookOffer = { odds_milli: number | null; fixed: boolean };

export type Book =
  | { stop: null; odds_milli: (number | null)[] }
  | { stop: BookStop; odds_milli: null[] };

const floorTick = (milli: number) => Math.floor(milli / PRICE_TICK_MILLI) * PRICE_TICK_MILLI;

/** Σ 1/odds in basis points, rounded down (exact: integer arithmetic); null with no price. */
export function bookBp(odds_milli: readonly (number | null)[]): number | null {
  const prices = odds_milli.filter((o): o is number => o !== null);
  if (prices.length === 0) return null;
  const { num, den } = impliedSum(prices);
  return Number((num * 10_000n) / den);
}

/** Exactly: Σ 1/odds ≥ 1 + floor_bp / 10,000. */
export function bookAtLeast(odds_milli: readonly number[], floor_bp: number): boolean {
  const { num, den } = impliedSum(odds_milli);
  return num * 10_000n >= BigInt(10_000 + floor_bp) * den;
}

/** Σ 1000/o as one fraction. */
function impliedSum(odds_milli: readonly number[]): { num: bigint; den: bigint } {
  let num = 0n;
  let den = 1n;
  for (const o of odds_milli) {
    const odds = BigInt(o);
    num = num * odds + 1000n * den;
    den *= odds;
  }
  return { num, den };
}

/**
 * The highest price (2 decimals, within the range) for one selection that keeps the book
 * with the others as given; null when even the minimum cannot.
 */
export function highestPriceKeepingBook(
  others_milli: readonly number[],
  pricing: SportPricing,
): number | null {
  const room = 1 + pricing.margin_min_bp / 10_000 - others_milli.reduce((a, o) => a + 1000 / o, 0);
  if (room <= 0) return pricing.odds_max_milli;
  let price = Math.min(pricing.odds_max_milli, floorTick(1000 / room));
  // The float estimate may sit one tick high: step down until the exact check agrees.
  while (price >= pricing.odds_min_milli) {
    if (bookAtLeast([...others_milli, price], pricing.margin_min_bp)) return price;
    price -= PRICE_TICK_MILLI;
  }
  return null;
}

/**
 * The prices the book offers for one market. `exhaustive`: its outcomes cover every result
 * (see EXHAUSTIVE_MARKET_TYPES), so its book must hold. Fixed (trader) prices are kept as
 * they are unless outside the range; the others may be shortened. Prices already within
 * the range and the margin are returned unchanged, to the thousandth.
 */
export function priceBook(
  offers: readonly BookOffer[],
  exhaustive: boolean,
  pricing: SportPricing,
): Book {
  const stopped = (stop: BookStop): Book => ({ stop, odds_milli: offers.map(() => null) });
  const priced = offers.flatMap((o, i) => (o.odds_milli === null ? [] : [i]));
  if (priced.length === 0) return { stop: null, odds_milli: offers.map(() => null) };
  const favourite_max = pricing.favourite_max_bp / 10_000;
  const implied = offers.map((o) => (o.odds_milli === null ? 0 : 1000 / o.odds_milli));

  if (!exhaustive) {
    // No book to keep (an outcome not listed may win): each price only has to be in range.
    for (const i of priced) {
      if (offers[i]!.odds_milli! < pricing.odds_min_milli || implied[i]! >= favourite_max)
        return stopped('near_certain');
    }
    return {
      stop: null,
      odds_milli: offers.map((o) =>
        o.odds_milli === null ? null : Math.min(o.odds_milli, pricing.odds_max_milli),
      ),
    };
  }

  // Backing the only outcome offered wins whenever the others, unpriced, cannot happen.
  if (priced.length === 1) return stopped('one_outcome');
  const total = priced.reduce((a, i) => a + implied[i]!, 0);
  if (priced.some((i) => implied[i]! / total >= favourite_max)) return stopped('near_certain');

  const low = 1000 / pricing.odds_max_milli;
  const high = 1000 / pricing.odds_min_milli;
  const target = 1 + pricing.margin_min_bp / 10_000;
  const x = [...implied];
  const changed = offers.map(() => false);
  for (const i of priced) {
    const clamped = Math.min(Math.max(x[i]!, low), high);
    if (clamped !== x[i]) {
      x[i] = clamped;
      changed[i] = true;
    }
  }
  const sum = () => priced.reduce((a, i) => a + x[i]!, 0);
  const free = priced.filter((i) => !offers[i]!.fixed);
  const toPrice = (i: number) => {
    if (!changed[i]) return offers[i]!.odds_milli!;
    const milli = Math.max(pricing.odds_min_milli, floorTick(1000 / x[i]!));
    return Math.min(milli, pricing.odds_max_milli);
  };
  // Whether the book is short is decided exactly: a float sum a hair under the target
  // must not move prices that already keep it.
  const short = !bookAtLeast(priced.map(toPrice), pricing.margin_min_bp);
  // Short of the target: shorten the free prices in proportion, none below the minimum;
  // those that reach it stay there and the rest carry the remainder.
  for (let round = 0; short && round <= priced.length && sum() < target; round++) {
    const room = free.filter((i) => x[i]! < high);
    if (room.length === 0) return stopped('unbalanced');
    const held = sum() - room.reduce((a, i) => a + x[i]!, 0);
    const scale = (target - held) / room.reduce((a, i) => a + x[i]!, 0);
    for (const i of room) {
      x[i] = Math.min(high, x[i]! * scale);
      changed[i] = true;
    }
  }

  const odds = offers.map((o, i) => (o.odds_milli === null ? null : toPrice(i)));
  // Floats may leave the exact book a hair short: shorten the free price that gains most
  // per tick (the shortest one above the minimum) until the exact check holds.
  for (let step = 0; step < REPAIR_STEPS_MAX; step++) {
    const prices = priced.map((i) => odds[i]!);
    if (bookAtLeast(prices, pricing.margin_min_bp)) return { stop: null, odds_milli: odds };
    const candidates = free.filter((i) => odds[i]! - PRICE_TICK_MILLI >= pricing.odds_min_milli);
    if (candidates.length === 0) break;
    const shortest = candidates.reduce((a, i) => (odds[i]! < odds[a]! ? i : a));
    odds[shortest] = floorTick(odds[shortest]! - 1);
  }
  return stopped('unbalanced');
}
