import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceMilli } from './sportsbook.math.ts';
import {
  type BookOffer,
  bookAtLeast,
  bookBp,
  highestPriceKeepingBook,
  PRICING_DEFAULTS,
  priceBook,
  type SportPricing,
} from './sportsbook.pricing.ts';

const feed = (...odds_milli: (number | null)[]): BookOffer[] =>
  odds_milli.map((o) => ({ odds_milli: o, fixed: false }));
const priced = (odds: readonly (number | null)[]) => odds.filter((o): o is number => o !== null);

describe('the book price guard', () => {
  it('suspends the measured sure-profit markets instead of pricing 1.01 against a thousand', () => {
    // Match result 1.01 / 423.50 / 1000.00: book 99.3 %.
    expect(bookBp([1_010, 423_500, 1_000_000])).toBe(9_934);
    expect(priceBook(feed(1_010, 423_500, 1_000_000), true, PRICING_DEFAULTS).stop).toBe(
      'near_certain',
    );
    // Asian handicap −0.25 at 1.01 / 722.27 and innings runs 165.5 at 184.18 / 1.01.
    expect(priceBook(feed(1_010, 722_270), true, PRICING_DEFAULTS).stop).toBe('near_certain');
    expect(priceBook(feed(184_180, 1_010), true, PRICING_DEFAULTS)).toEqual({
      stop: 'near_certain',
      odds_milli: [null, null],
    });
    // The 692.81 leg that made a 1 EUR multiple return 14,665 EUR is never offered.
    expect(priceBook(feed(1_010, 60_000, 692_810), true, PRICING_DEFAULTS).stop).toBe(
      'near_certain',
    );
  });

  it('keeps a clamped favourite at the minimum and puts its margin back on the others', () => {
    // A late lead priced by the simulator: the favourite clamped to 1.01, book 103.2 %.
    const book = priceBook(feed(1_010, 31_440, 94_330), true, PRICING_DEFAULTS);
    expect(book.stop).toBeNull();
    const [home, draw, away] = book.odds_milli as number[];
    expect(home).toBe(1_010);
    expect(draw).toBeLessThan(31_440);
    expect(away).toBeLessThan(94_330);
    expect(bookAtLeast([home!, draw!, away!], 500)).toBe(true);
    // Only a rounding's worth above the floor: the others were shortened just enough.
    expect(bookBp(book.odds_milli)).toBeLessThan(10_510);
  });

  it('cuts a price above the range to the maximum, and rebalances if the book needs it', () => {
    const book = priceBook(feed(1_200, 7_000, 700_000), true, PRICING_DEFAULTS);
    expect(book.stop).toBeNull();
    expect(Math.max(...priced(book.odds_milli))).toBeLessThanOrEqual(501_000);
    expect(bookAtLeast(priced(book.odds_milli), 500)).toBe(true);
  });

  it('returns prices within the range and the margin unchanged, to the thousandth', () => {
    expect(priceBook(feed(2_000, 3_400, 3_750), true, PRICING_DEFAULTS)).toEqual({
      stop: null,
      odds_milli: [2_000, 3_400, 3_750],
    });
    // Exactly 105 %, though a float sum makes it 1.0499999999999998.
    expect(priceBook(feed(1_600, 2_500, 40_000), true, PRICING_DEFAULTS).odds_milli).toEqual([
      1_600, 2_500, 40_000,
    ]);
    expect(priceBook(feed(1_895, null, 1_895), true, PRICING_DEFAULTS).odds_milli).toEqual([
      1_895,
      null,
      1_895,
    ]);
  });

  it("keeps a trader's fixed price and shortens the feed's prices around it", () => {
    const book = priceBook(
      [
        { odds_milli: 2_500, fixed: true },
        { odds_milli: 3_400, fixed: false },
        { odds_milli: 3_750, fixed: false },
      ],
      true,
      PRICING_DEFAULTS,
    );
    expect(book.odds_milli[0]).toBe(2_500);
    expect(book.odds_milli[1]).toBeLessThan(3_400);
    expect(bookAtLeast(priced(book.odds_milli), 500)).toBe(true);
    // Every price fixed under the floor: nothing can carry the margin.
    expect(
      priceBook(
        [
          { odds_milli: 2_100, fixed: true },
          { odds_milli: 2_100, fixed: true },
        ],
        true,
        PRICING_DEFAULTS,
      ).stop,
    ).toBe('unbalanced');
  });

  it('suspends an exhaustive market with one outcome offered; a non-exhaustive one needs no book', () => {
    expect(priceBook(feed(1_500, null), true, PRICING_DEFAULTS).stop).toBe('one_outcome');
    expect(priceBook(feed(null, null), true, PRICING_DEFAULTS)).toEqual({
      stop: null,
      odds_milli: [null, null],
    });
    // Top batsman of six: an unlisted batsman may win, so 6 × 1/8.00 is no sure profit.
    expect(priceBook(feed(8_000, 8_000, 900_000), false, PRICING_DEFAULTS)).toEqual({
      stop: null,
      odds_milli: [8_000, 8_000, 501_000],
    });
    expect(priceBook(feed(1_005, 80_000), false, PRICING_DEFAULTS).stop).toBe('near_certain');
  });

  it('names the highest price a trader may set with the others as they are', () => {
    // 1 + 5 % − 1/3.40 − 1/3.75 = 0.4892… → 2.04.
    expect(highestPriceKeepingBook([3_400, 3_750], PRICING_DEFAULTS)).toBe(2_040);
    expect(bookAtLeast([2_040, 3_400, 3_750], 500)).toBe(true);
    expect(bookAtLeast([2_050, 3_400, 3_750], 500)).toBe(false);
    expect(highestPriceKeepingBook([1_010, 1_010], PRICING_DEFAULTS)).toBe(501_000);
    expect(highestPriceKeepingBook([100_000], PRICING_DEFAULTS)).toBeNull();
  });
});

describe('the book price guard, property', () => {
  const extreme = fc.constantFrom(
    [0.999, 0.0005, 0.0005],
    [0.9995, 0.0005],
    [0.5, 0.5],
    [0.98, 0.015, 0.005],
    [0.94, 0.05, 0.01],
    [0.001, 0.001, 0.998],
    [0.2, 0.2, 0.2, 0.2, 0.2],
  );
  const random = fc
    .array(fc.double({ min: 1e-5, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 })
    .map((w) => {
      const sum = w.reduce((a, b) => a + b, 0);
      return w.map((x) => x / sum);
    });
  const pricing: fc.Arbitrary<SportPricing> = fc.record({
    odds_min_milli: fc.constantFrom(1_010, 1_020, 1_050, 1_100),
    odds_max_milli: fc.constantFrom(21_000, 101_000, 501_000, 1_000_000),
    margin_min_bp: fc.integer({ min: 0, max: 2_000 }),
    favourite_max_bp: fc.integer({ min: 5_000, max: 9_990 }),
  });
  /** How a feed might price: like the simulator (each price clamped alone), or raw thousandths. */
  const quote = (p: number, margin: number, style: 'sim' | 'raw') =>
    style === 'sim'
      ? priceMilli(p, margin)
      : Math.min(1_000_000, Math.max(1_001, Math.floor(1_000 / (p * (1 + margin)))));

  it('offers an exhaustive market only with its book at or above 1 + margin and every price in range', () => {
    fc.assert(
      fc.property(
        fc.oneof(extreme, random),
        fc.double({ min: -0.15, max: 0.3, noNaN: true }),
        fc.constantFrom('sim', 'raw') as fc.Arbitrary<'sim' | 'raw'>,
        pricing,
        fc.array(fc.constantFrom('feed', 'feed', 'fixed', 'unpriced'), {
          minLength: 8,
          maxLength: 8,
        }),
        (probabilities, feedMargin, style, settings, roles) => {
          const offers: BookOffer[] = probabilities.map((p, i) => ({
            odds_milli: roles[i] === 'unpriced' ? null : quote(p, feedMargin, style),
            fixed: roles[i] === 'fixed',
          }));
          const book = priceBook(offers, true, settings);
          if (book.stop !== null) {
            expect(book.odds_milli.every((o) => o === null)).toBe(true);
            return;
          }
          const prices = priced(book.odds_milli);
          if (prices.length === 0) return;
          expect(prices.length).toBeGreaterThanOrEqual(2);
          // Exact: the only slack is the downward rounding, which raises the book.
          expect(bookAtLeast(prices, settings.margin_min_bp)).toBe(true);
          for (const o of prices) {
            expect(o).toBeGreaterThanOrEqual(settings.odds_min_milli);
            expect(o).toBeLessThanOrEqual(settings.odds_max_milli);
          }
          offers.forEach((offer, i) => {
            const out = book.odds_milli[i];
            expect(out === null).toBe(offer.odds_milli === null);
            if (offer.odds_milli === null || out === null || out === undefined) return;
            // A fixed price within the range is the trader's; a feed price is never
            // lengthened, except up to the minimum.
            const inRange =
              offer.odds_milli >= settings.odds_min_milli &&
              offer.odds_milli <= settings.odds_max_milli;
            if (offer.fixed && inRange) expect(out).toBe(offer.odds_milli);
            if (!offer.fixed)
              expect(out).toBeLessThanOrEqual(Math.max(offer.odds_milli, settings.odds_min_milli));
          });
        },
      ),
      { numRuns: 3_000 },
    );
  }); // thousands of cases: seconds on a loaded 2-core machine

  it('leaves a feed that already keeps the book, the range and no near-certain favourite alone', () => {
    fc.assert(
      fc.property(
        random,
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        pricing,
        (probabilities, feedMargin, settings) => {
          const offers = feed(...probabilities.map((p) => quote(p, feedMargin, 'raw')));
          const prices = priced(offers.map((o) => o.odds_milli));
          const total = prices.reduce((a, o) => a + 1000 / o, 0);
          const fine =
            bookAtLeast(prices, settings.margin_min_bp) &&
            prices.every((o) => o >= settings.odds_min_milli && o <= settings.odds_max_milli) &&
            prices.every((o) => 1000 / o / total < settings.favourite_max_bp / 10_000);
          fc.pre(fine);
          expect(priceBook(offers, true, settings).odds_milli).toEqual(prices);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('keeps a non-exhaustive market within the range or suspends it', () => {
    fc.assert(
      fc.property(random, pricing, (probabilities, settings) => {
        const book = priceBook(
          feed(...probabilities.map((p) => quote(p, 0.12, 'raw'))),
          false,
          settings,
        );
        if (book.stop !== null) return;
        for (const o of priced(book.odds_milli)) {
          expect(o).toBeGreaterThanOrEqual(settings.odds_min_milli);
          expect(o).toBeLessThanOrEqual(settings.odds_max_milli);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
