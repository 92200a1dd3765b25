/**
 * The desk's preview of a market's book (Σ 1/odds) while a trader types a price. The
 * server's check is the exact one (sportsbook.pricing.ts); this only warns early.
 */

/** Σ 1/odds in basis points, rounded down; null with no price. */
export function bookBp(odds_milli: readonly (number | null)[]): number | null {
  const prices = odds_milli.filter((o): o is number => o !== null && o > 0);
  if (prices.length === 0) return null;
  return Math.floor(prices.reduce((sum, o) => sum + 10_000_000 / o, 0) + 1e-9);
}

/** 10_532 → "105.32 %". */
export const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** "2.5" → 2500; null unless a decimal with at most 3 decimals. */
export function oddsMilli(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(trimmed)) return null;
  const [whole, frac = ''] = trimmed.split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
}

/** The market's book with one selection at a new price and the others as offered. */
export function bookWith(
  selections: readonly { id: string; odds_milli: number | null }[],
  selection_id: string,
  odds_milli: number,
): number | null {
  return bookBp(selections.map((s) => (s.id === selection_id ? odds_milli : s.odds_milli)));
}
