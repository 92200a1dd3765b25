import { createHash } from 'node:crypto';
import {
  BUILDER_BOUNDS,
  BUILDER_DEFAULTS,
  type BuilderMarket,
  type BuilderSettings,
  type BuilderState,
  builderJoint,
  builderOdds,
} from './sportsbook.builder.ts';
import { sportsbookError } from './sportsbook.errors.ts';
import type { Leg } from './sportsbook.math.ts';
import type { SportPricing } from './sportsbook.pricing.ts';
import type {
  EventRow,
  MarketRow,
  SelectionRow,
  SportsbookRepository,
} from './sportsbook.repository.ts';

/** How long a builder quote is offered; placement prices again whatever the quote said. */
export const BUILDER_QUOTE_TTL_MS = 10_000;
/** The settings an instance prices with are at most this old. */
const SETTINGS_CACHE_MS = 1_000;

export type BuilderQuote = {
  /** The digest of what was priced (event, picks, their prices, the joint price). */
  quote_id: string;
  event_id: string;
  odds_milli: number;
  /** Π of the legs' prices: what a plain multiple would pay, for comparison. */
  product_odds_milli: number;
  /** P(every pick wins) from the model, in basis points. */
  probability_bp: number;
  margin_bp: number;
  /** Draws behind the price (null: exact). */
  samples: number | null;
  legs: { selection_id: string; market_id: string; odds_milli: number }[];
  expires_at: Date;
};

/**
 * Prices a bet builder from the event's markets as the book offers them now (decision 0615):
 * refuses with a reason code, or quotes the joint price within the sport's range and the
 * operator's builder settings.
 */
export class BetBuilder {
  private readonly settingsCache = new Map<string, { row: BuilderSettings; at: number }>();

  constructor(
    private readonly repo: SportsbookRepository,
    private readonly deps: {
      pricingOf: (sport_id: string) => Promise<SportPricing>;
      effectiveOdds: (s: Pick<SelectionRow, 'book_odds_milli' | 'active'>) => number | null;
    },
  ) {}

  async settings(sport_id: string): Promise<BuilderSettings> {
    const hit = this.settingsCache.get(sport_id);
    if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.row;
    const row = (await this.repo.builderSettings(sport_id)) ?? BUILDER_DEFAULTS;
    this.settingsCache.set(sport_id, { row, at: Date.now() });
    return row;
  }

  async allSettings(): Promise<(BuilderSettings & { sport_id: string })[]> {
    const rows = await this.repo.allBuilderSettings();
    const sports = (await this.repo.sportsTree()).sports;
    return sports.map(
      (s) => rows.find((r) => r.sport_id === s.id) ?? { sport_id: s.id, ...BUILDER_DEFAULTS },
    );
  }

  async setSettings(sport_id: string, s: BuilderSettings): Promise<BuilderSettings> {
    for (const key of ['margin_bp', 'legs_max', 'odds_max_milli'] as const) {
      const [min, max] = BUILDER_BOUNDS[key];
      if (!Number.isInteger(s[key]) || s[key] < min || s[key] > max)
        throw sportsbookError('BUILDER_SETTINGS_INVALID', `${key} must be ${min} to ${max}`);
    }
    if (!(await this.repo.sport(sport_id)))
      throw sportsbookError('BUILDER_SETTINGS_INVALID', `No sport ${sport_id}`);
    await this.repo.setBuilderSettings(sport_id, s);
    this.settingsCache.delete(sport_id);
    return s;
  }

  /** The event's markets a builder may combine: open, not stopped, with the book's prices. */
  private async markets(
    e: EventRow,
  ): Promise<{ markets: BuilderMarket[]; rows: Map<string, MarketRow> }> {
    const rows = (await this.repo.marketsOf([e.id])).filter(
      (m) => m.status === 'open' && !m.trader_suspended && m.book_stop === null,
    );
    const selections = await this.repo.selectionsOf(rows.map((m) => m.id));
    const markets = rows.map((m) => ({
      id: String(m.id),
      key: m.key,
      type: m.type,
      line_milli: m.line_milli,
      name: m.name,
      selections: selections
        .filter((s) => s.market_id === m.id)
        .map((s) => ({
          id: String(s.id),
          key: s.key,
          name: s.name,
          odds_milli: this.deps.effectiveOdds(s),
          active: s.active && s.result === 'open',
        })),
    }));
    return { markets, rows: new Map(rows.map((m) => [String(m.id), m])) };
  }

  /** Quotes the picks (selection ids) of one event, or refuses with the reason. */
  async quote(event_id: string, selection_ids: readonly string[]): Promise<BuilderQuote> {
    const e = await this.repo.event(event_id);
    if (!e) throw sportsbookError('SELECTION_NOT_FOUND', 'No such event');
    if (e.status === 'ended' || e.status === 'cancelled')
      throw sportsbookError('MARKET_CLOSED', 'The event is over');
    if (e.status === 'suspended' || e.trader_suspended)
      throw sportsbookError('MARKET_SUSPENDED', 'Betting is suspended on this event');
    const settings = await this.settings(e.sport_id);
    if (!settings.enabled) throw sportsbookError('BUILDER_NOT_OFFERED');
    if (selection_ids.length < 2)
      throw sportsbookError('BUILDER_TOO_MANY_LEGS', 'A bet builder needs at least two picks');
    if (selection_ids.length > settings.legs_max)
      throw sportsbookError(
        'BUILDER_TOO_MANY_LEGS',
        `A bet builder has at most ${settings.legs_max} picks`,
      );
    if (new Set(selection_ids).size !== selection_ids.length)
      throw sportsbookError('DUPLICATE_SELECTION');
    const { markets } = await this.markets(e);
    const joint = builderJoint({ sport_id: e.sport_id, score: scoreOf(e) }, markets, selection_ids);
    if (!joint.ok) throw sportsbookError(joint.code, joint.message);
    const pricing = await this.deps.pricingOf(e.sport_id);
    const { odds_milli, margin } = builderOdds(
      joint.probability,
      joint.legs_margin,
      settings.margin_bp,
    );
    const max = Math.min(pricing.odds_max_milli, settings.odds_max_milli);
    if (odds_milli < pricing.odds_min_milli || odds_milli > max)
      throw sportsbookError(
        'BUILDER_PRICE_OUT_OF_RANGE',
        `The combined price ${(odds_milli / 1000).toFixed(2)} is outside ${(pricing.odds_min_milli / 1000).toFixed(2)}–${(max / 1000).toFixed(2)}`,
      );
    const bySelection = new Map<string, { market: BuilderMarket; odds: number }>();
    for (const m of markets)
      for (const s of m.selections)
        if (s.odds_milli !== null) bySelection.set(s.id, { market: m, odds: s.odds_milli });
    const legs = selection_ids.map((id) => {
      const found = bySelection.get(id)!;
      return { selection_id: id, market_id: found.market.id, odds_milli: found.odds };
    });
    const product = legs.reduce((acc, l) => acc * (l.odds_milli / 1000), 1);
    const quote_id = createHash('sha256')
      .update(JSON.stringify([event_id, legs, odds_milli]))
      .digest('hex')
      .slice(0, 24);
    return {
      quote_id,
      event_id,
      odds_milli,
      product_odds_milli: Math.floor(product * 100 + 1e-9) * 10,
      probability_bp: Math.round(joint.probability * 10_000),
      margin_bp: Math.round(margin * 10_000),
      samples: joint.samples,
      legs,
      expires_at: new Date(Date.now() + BUILDER_QUOTE_TTL_MS),
    };
  }

  /**
   * The cash-out offer of an open bet builder: stake × its price × P(the legs still open all
   * win) from the model now, × each won leg's dead-heat factor, less the cash-out margin.
   * Null when a leg lost or is void, or an open leg's market is not offered now.
   */
  async cashout(
    bet: { event_id: string; stake_minor: bigint; builder_odds_milli: number },
    legs: (Leg & { selection_id: bigint })[],
    margin_bp: number,
  ): Promise<bigint | null> {
    if (legs.some((l) => l.result !== 'open' && l.result !== 'won')) return null;
    const open = legs.filter((l) => l.result === 'open').map((l) => String(l.selection_id));
    let probability = 1;
    if (open.length > 0) {
      const e = await this.repo.event(bet.event_id);
      if (!e || (e.status !== 'live' && e.status !== 'not_started') || e.trader_suspended)
        return null;
      const { markets } = await this.markets(e);
      // One open pick is priced by its own market; more, by the model (which wants two).
      const joint = builderJoint({ sport_id: e.sport_id, score: scoreOf(e) }, markets, open);
      if (!joint.ok) return null;
      probability = joint.probability;
    }
    let num =
      bet.stake_minor * BigInt(bet.builder_odds_milli) * BigInt(Math.floor(probability * 1e6));
    let den = 1000n * 1_000_000n;
    for (const l of legs)
      if (l.result === 'won') {
        num *= BigInt(l.dead_heat_num ?? 1);
        den *= BigInt(l.dead_heat_den ?? 1);
      }
    const offer = ((num / den) * BigInt(10_000 - margin_bp)) / 10_000n;
    return offer > 0n ? offer : null;
  }
}

function scoreOf(e: EventRow): BuilderState['score'] {
  const score = e.score as { home?: string; away?: string };
  return typeof score.home === 'string' && typeof score.away === 'string'
    ? { home: score.home, away: score.away }
    : null;
}
