import { createHash } from 'node:crypto';
import type { OddsFormat } from '@casino/contracts';
import { isMoneyError } from '@casino/money';
import { parseAmountInput } from '../../platform/amounts.ts';
import { SharedCache } from '../../platform/cache.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { isLedgerError, type LedgerActor } from '../ledger/index.ts';
import type { GateClient } from '../protection/index.ts';
import { type Wager, type WagersService, wagersError } from '../wagers/index.ts';
import { EXHAUSTIVE_MARKET_TYPES, type FeedMessage, type MarketType } from './feed/feed.types.ts';
import { BetBuilder } from './sportsbook.builder-quote.ts';
import {
  bookRatio,
  type CashoutLeg,
  cashoutKey,
  fairCashoutOffer,
  type Ratio,
  splitCashout,
} from './sportsbook.cashout.ts';
import { CashoutSettings, type CashoutSettingsRepository } from './sportsbook.cashout-settings.ts';
import {
  type EarlyPayoutRepository,
  EarlyPayouts,
  leadingSide,
} from './sportsbook.early-payout.ts';
import {
  refusedAgain,
  SPORTSBOOK_ERRORS,
  type SportsbookErrorCode,
  sportsbookError,
} from './sportsbook.errors.ts';
import { LiveBets, type LiveRepository } from './sportsbook.live.ts';
import {
  betFullyVoid,
  betPayout,
  binomial,
  type Leg,
  ODDS_MAX_MILLI,
  ODDS_MIN_MILLI,
  potentialReturn,
  withMargin,
} from './sportsbook.math.ts';
import {
  type Book,
  type BookOffer,
  bookAtLeast,
  bookBp,
  highestPriceKeepingBook,
  PRICE_TICK_MILLI,
  PRICING_DEFAULTS,
  priceBook,
  type SportPricing,
} from './sportsbook.pricing.ts';
import type {
  BetRow,
  CashoutRow,
  EventRow,
  KeyedBet,
  LegState,
  LegView,
  LimitsRow,
  MarketRow,
  SelectionRow,
  SlipRow,
  SportRow,
  SportsbookRepository,
} from './sportsbook.repository.ts';

/** Limits on a bet slip; beyond them the request is refused before anything is read. */
export const LEGS_MAX = 20;
export const SYSTEM_LEGS_MAX = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export { CASHOUT_MARGIN_BP } from './sportsbook.cashout.ts';
/** Live bets wait this long and are re-priced before acceptance (RTS 15A "bet delay"). */
export const LIVE_DELAY_MS_DEFAULT = 5_000;
/** Bet-locking transactions that may wait on the ledger at once (see withLockedSlot). */
export const LOCKED_SLOTS = 4;
/** How long an odds push may use an event row it read before (see cachedEvent). */
export const EVENT_CACHE_MS = 1_000;
/** How long the feed's pricing may use a sport's settings it read before (see pricingOf). */
export const PRICING_CACHE_MS = 1_000;
/** Events repriced at most by one settings change or at start-up. */
export const REPRICE_EVENTS_MAX = 5_000;
/**
 * A currency's limits and a player's stake factor, read on every bet: kept in memory, dropped
 * on every instance when their row changes (triggers of migration 0861 NOTIFY these channels).
 * The TTL bounds what a lost notification could leave stale.
 */
export const LIMITS_CHANNEL = 'sb_limits_changed';
export const PLAYER_LIMITS_CHANNEL = 'sb_player_limits_changed';
const LIMITS_CACHE = { ttl_ms: 60_000, size_max: 1_000 };
const STAKE_FACTOR_CACHE = { ttl_ms: 30_000, size_max: 100_000 };

const SYSTEM: LedgerActor = { type: 'system', id: 'sportsbook' };

export type AcceptOdds = 'none' | 'higher' | 'any';

export type PlaceInput = {
  player_id: bigint;
  currency: string;
  scale: number;
  kind: 'single' | 'multiple' | 'system' | 'builder';
  system_size?: number;
  selections: { selection_id: bigint; odds: string }[];
  /** A bet builder: the joint price the player saw (its legs' `odds` are for display). */
  builder_odds?: string;
  stake: string;
  accept_odds: AcceptOdds;
  idempotency_key: string;
  /** Stake the bet with this free-bet token (its whole value; singles and multiples). */
  free_bet_id?: bigint;
};

/** What changed, for the live-odds socket. */
export type SportsPush =
  | { type: 'event'; event_id: string; data: PublicEventState }
  | { type: 'market'; event_id: string; data: PublicMarket };

export type PublicEventState = {
  id: string;
  status: EventRow['status'];
  score: EventRow['score'];
  clock: string;
  suspended: boolean;
  tracker: EventRow['tracker'];
};
export type PublicSelection = {
  id: string;
  key: string;
  name: string;
  /** Decimal odds as an exact string with up to 3 decimals ("1.85"); null = no price. */
  odds: string | null;
  odds_milli: number | null;
  active: boolean;
  result: SelectionRow['result'];
};
export type PublicMarket = {
  id: string;
  event_id: string;
  key: string;
  type: string;
  line: string | null;
  name: string;
  /** open | suspended | settled | void; a trader's stop shows as suspended. */
  status: MarketRow['status'];
  selections: PublicSelection[];
  /** A pre-match leg of this market is paid early by its sport's rule (decision 0641). */
  early_payout: boolean;
  /** The lead that pays it (the score's unit), null without the rule. */
  early_payout_lead: number | null;
};

export const oddsText = (milli: number): string => {
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac.padEnd(2, '0')}` : `${whole}.00`;
};

const earlyPayoutOf = (lead: number | null) => ({
  early_payout: lead !== null,
  early_payout_lead: lead,
});

const lineText = (milli: number | null) => (milli === null ? null : String(milli / 1000));

/** Parses "1.85" into 1850 exactly; null when not a decimal with ≤ 3 decimals in range. */
export function parseOdds(text: string): number | null {
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
  return milli >= ODDS_MIN_MILLI && milli <= ODDS_MAX_MILLI ? milli : null;
}

const bad = (message: string, path?: string) =>
  new AppError('VALIDATION_FAILED', message, path ? { errors: [{ path, message }] } : {});

export type BetView = ReturnType<SportsbookService['betView']>;

export class SportsbookService {
  private readonly pushListeners = new Set<(push: SportsPush) => void>();
  /** One settlement at a time per bet within this instance (the row lock covers the rest). */
  private readonly reconciling = new Map<bigint, Promise<void>>();
  private readonly limits: SharedCache<LimitsRow | null>;
  private readonly stakeFactors: SharedCache<number>;
  /** In-play: each sport's delay and tolerance, the check after the delay (decision 0626). */
  readonly live: LiveBets;
  /** Early payout rules per sport (decision 0641). */
  readonly early: EarlyPayouts;
  /** Cash-out per sport: offered, margin, least partial share (decision 0642). */
  readonly cashoutSettings: CashoutSettings;

  constructor(
    private readonly repo: SportsbookRepository,
    private readonly wagers: WagersService,
    private readonly audit: AuditService,
    private readonly options: {
      live_delay_ms: number;
      provider: string;
      log: (m: string, e: unknown) => void;
      events: EventBus;
      live_repo: LiveRepository;
      early_repo: EarlyPayoutRepository;
      cashout_repo: CashoutSettingsRepository;
    },
  ) {
    this.cashoutSettings = new CashoutSettings(options.cashout_repo, audit);
    this.live = new LiveBets(options.live_repo, audit, () => this.options.live_delay_ms);
    this.early = new EarlyPayouts(options.early_repo, audit);
    this.limits = new SharedCache<LimitsRow | null>(
      LIMITS_CACHE,
      async (currency) => (await repo.limits(currency)) ?? null,
    ).listen(options.events, LIMITS_CHANNEL);
    this.stakeFactors = new SharedCache<number>(STAKE_FACTOR_CACHE, (player_id) =>
      repo.stakeFactor(BigInt(player_id)),
    ).listen(options.events, PLAYER_LIMITS_CHANNEL);
    this.builder = new BetBuilder(repo, {
      pricingOf: (sport_id) => this.pricingOf(sport_id),
      effectiveOdds: (selection) => this.effectiveOdds(selection),
    });
  }

  /** Bet builder pricing and settings (sportsbook.builder-quote.ts). */
  readonly builder: BetBuilder;

  get liveDelayMs(): number {
    return this.options.live_delay_ms;
  }

  /** The player's data export: their sports bets. */
  async exportOf(player_id: bigint) {
    return { sports_bets: await this.repo.exportOf(player_id) };
  }

  /** Changes the in-play delay (operators; tests exercise the re-pricing with it). */
  setLiveDelay(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0 || ms > 30_000)
      throw new RangeError('live delay must be 0..30000 ms');
    this.options.live_delay_ms = ms;
  }

  /**
   * A slip staked with a free-bet token: the player's available token in the bet's currency,
   * a single or multiple (one line) whose stake is exactly the token's value.
   */
  async checkFreeBet(input: PlaceInput, stake_minor: bigint, lines: number): Promise<void> {
    if (input.free_bet_id === undefined) return;
    const token = await this.wagers.freeBets.peek(input.player_id, input.free_bet_id);
    if (!token || token.currency !== input.currency) throw sportsbookError('FREE_BET_UNAVAILABLE');
    if (lines !== 1) throw sportsbookError('FREE_BET_NOT_ALLOWED');
    if (stake_minor !== token.amount_minor) {
      throw sportsbookError(
        'FREE_BET_STAKE',
        `A free bet stakes exactly its value: ${this.money(token.amount_minor, input.scale)} ${input.currency}`,
      );
    }
  }

  /** A bet as the bet path (modules/wagers) knows it. */
  private wager(bet: Pick<BetRow, 'id' | 'player_id' | 'currency' | 'free_bet_id'>): Wager {
    return {
      bet_ref: `sports:${bet.id}`,
      product: 'sports',
      game: 'sports',
      category: 'sports',
      player_id: bet.player_id,
      currency: bet.currency,
      house: { kind: 'sportsbook', purpose: 'bets' },
      funding: bet.free_bet_id === null ? 'cash' : 'free_bet',
      bonus_id: null,
      object_id: `sb:${bet.id}`,
      actor: { type: 'player', id: String(bet.player_id) },
      settle_actor: SYSTEM,
    };
  }

  onPush(listener: (push: SportsPush) => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  /**
   * Events as the odds pushes need them (margin, trader stop, status), kept for at most
   * EVENT_CACHE_MS: a price change without a state change then costs no event read. Only
   * pushes use it; placement, settlement and the desk always read the database.
   */
  private readonly eventCache = new Map<string, { row: EventRow; at: number }>();
  private async cachedEvent(id: string): Promise<EventRow | undefined> {
    const hit = this.eventCache.get(id);
    if (hit && Date.now() - hit.at < EVENT_CACHE_MS) return hit.row;
    const row = await this.repo.event(id);
    if (row) this.eventCache.set(id, { row, at: Date.now() });
    else this.eventCache.delete(id);
    if (this.eventCache.size > 5_000) this.eventCache.clear();
    return row;
  }

  private emit(push: SportsPush) {
    // Any event state this instance pushes is the newest it knows: refresh the cache with it.
    if (push.type === 'event') this.eventCache.delete(push.event_id);
    for (const listener of this.pushListeners) {
      try {
        listener(push);
      } catch (error) {
        this.options.log('sports push listener failed', error);
      }
    }
  }

  // ─── catalogue views ──────────────────────────────────────────────────────

  /** The price offered: the book's (see priceMarkets); none for an inactive selection. */
  effectiveOdds(selection: Pick<SelectionRow, 'book_odds_milli' | 'active'>): number | null {
    return selection.active ? selection.book_odds_milli : null;
  }

  /** What goes into the book's guard: the trader's price, or the feed's with the event's margin. */
  private bookOffer(
    selection: Pick<SelectionRow, 'odds_milli' | 'trader_odds_milli' | 'active'>,
    margin_bp: number,
  ): BookOffer {
    if (!selection.active) return { odds_milli: null, fixed: false };
    if (selection.trader_odds_milli !== null)
      return { odds_milli: selection.trader_odds_milli, fixed: true };
    return {
      odds_milli:
        selection.odds_milli === null ? null : withMargin(selection.odds_milli, margin_bp),
      fixed: false,
    };
  }

  private bookOf(
    market: Pick<MarketRow, 'type'>,
    selections: SelectionRow[],
    margin_bp: number,
    pricing: SportPricing,
  ): Book {
    return priceBook(
      selections.map((s) => this.bookOffer(s, margin_bp)),
      EXHAUSTIVE_MARKET_TYPES.has(market.type as MarketType),
      pricing,
    );
  }

  /**
   * A sport's pricing settings, kept for at most PRICING_CACHE_MS (the feed prices every
   * odds change with them); a change on this instance drops its copy at once.
   */
  private readonly pricingCache = new Map<string, { row: SportPricing; at: number }>();
  async pricingOf(sport_id: string): Promise<SportPricing> {
    const hit = this.pricingCache.get(sport_id);
    if (hit && Date.now() - hit.at < PRICING_CACHE_MS) return hit.row;
    const row = await this.repo.sport(sport_id);
    const pricing = row ? pricingOfRow(row) : PRICING_DEFAULTS;
    this.pricingCache.set(sport_id, { row: pricing, at: Date.now() });
    return pricing;
  }

  /**
   * Runs markets through the book's guard and stores what the book offers (one statement,
   * only when something changed). Returns the markets and selections as they now stand.
   * Settled and void markets offer nothing and are left as they are.
   */
  private async priceMarkets(
    e: EventRow,
    markets: MarketRow[],
    selections: SelectionRow[],
  ): Promise<{ markets: MarketRow[]; selections: SelectionRow[] }> {
    const pricing = await this.pricingOf(e.sport_id);
    const marketPatches: { id: bigint; book_stop: MarketRow['book_stop'] }[] = [];
    const selectionPatches: { id: bigint; book_odds_milli: number | null }[] = [];
    const priced = new Map<bigint, number | null>();
    const stops = new Map<bigint, MarketRow['book_stop']>();
    for (const m of markets) {
      if (m.status === 'settled' || m.status === 'void') continue;
      const own = selections.filter((s) => s.market_id === m.id);
      const book = this.bookOf(m, own, e.margin_bp, pricing);
      if (book.stop !== m.book_stop) marketPatches.push({ id: m.id, book_stop: book.stop });
      stops.set(m.id, book.stop);
      own.forEach((s, i) => {
        const odds = book.odds_milli[i] ?? null;
        priced.set(s.id, odds);
        if (odds !== s.book_odds_milli) selectionPatches.push({ id: s.id, book_odds_milli: odds });
      });
    }
    await this.repo.setBookPrices(marketPatches, selectionPatches);
    return {
      markets: markets.map((m) => (stops.has(m.id) ? { ...m, book_stop: stops.get(m.id)! } : m)),
      selections: selections.map((s) =>
        priced.has(s.id) ? { ...s, book_odds_milli: priced.get(s.id)! } : s,
      ),
    };
  }

  /** Reprices the open markets of one event and pushes them. */
  private async repriceEvent(e: EventRow): Promise<void> {
    const markets = (await this.repo.marketsOf([e.id])).filter(
      (m) => m.status === 'open' || m.status === 'suspended',
    );
    const now = await this.priceMarkets(
      e,
      markets,
      await this.repo.selectionsOf(markets.map((m) => m.id)),
    );
    for (const m of now.markets) {
      this.emit({
        type: 'market',
        event_id: e.id,
        data: this.publicMarket(
          m,
          now.selections.filter((s) => s.market_id === m.id),
          e,
        ),
      });
    }
  }

  /**
   * Runs every market still offered (of one sport) through the guard again: at start-up
   * (markets priced before the guard existed, or under other settings) and after a sport's
   * settings change.
   */
  async repriceOpenMarkets(sport_id?: string): Promise<number> {
    const events = await this.repo.openEvents({ sport_id, limit: REPRICE_EVENTS_MAX });
    for (const e of events) await this.repriceEvent(e);
    return events.length;
  }

  publicMarket(
    market: MarketRow,
    selections: SelectionRow[],
    event: Pick<EventRow, 'margin_bp' | 'trader_suspended' | 'status'> & { sport_id?: string },
  ): PublicMarket {
    const stopped =
      market.trader_suspended ||
      market.book_stop !== null ||
      event.trader_suspended ||
      event.status === 'suspended';
    const status = market.status === 'open' && stopped ? 'suspended' : market.status;
    return {
      id: String(market.id),
      event_id: market.event_id,
      key: market.key,
      type: market.type,
      line: lineText(market.line_milli),
      name: market.name,
      status,
      ...earlyPayoutOf(this.early.offered(event.sport_id, market.type, event.status)),
      selections: selections.map((s) => {
        const odds = status === 'open' || status === 'suspended' ? this.effectiveOdds(s) : null;
        return {
          id: String(s.id),
          key: s.key,
          name: s.name,
          odds: odds === null ? null : oddsText(odds),
          odds_milli: odds,
          active: s.active,
          result: s.result,
        };
      }),
    };
  }

  publicEventState(e: EventRow): PublicEventState {
    return {
      id: e.id,
      status: e.status,
      score: e.score,
      clock: e.clock,
      suspended: e.trader_suspended || e.status === 'suspended',
      tracker: e.tracker ?? null,
    };
  }

  async tree() {
    return this.repo.sportsTree();
  }

  async events(filter: { sport?: string; competition?: string; live?: boolean; limit: number }) {
    const [events] = await Promise.all([this.repo.events(filter), this.early.rules()]);
    const markets = await this.repo.marketsOf(
      events.map((e) => e.id),
      'match_winner',
    );
    const selections = await this.repo.selectionsOf(markets.map((m) => m.id));
    const marketCounts = await this.repo.marketsOf(events.map((e) => e.id));
    return events.map((e) => {
      const main = markets.find((m) => m.event_id === e.id);
      return {
        ...this.eventHeader(e),
        markets_count: marketCounts.filter(
          (m) => m.event_id === e.id && (m.status === 'open' || m.status === 'suspended'),
        ).length,
        main_market: main
          ? this.publicMarket(
              main,
              selections.filter((s) => s.market_id === main.id),
              e,
            )
          : null,
      };
    });
  }

  eventHeader(e: EventRow) {
    return {
      sport_id: e.sport_id,
      competition_id: e.competition_id,
      home: e.home,
      away: e.away,
      starts_at: e.starts_at.toISOString(),
      ...this.publicEventState(e),
    };
  }

  async event(id: string) {
    const [e] = await Promise.all([this.repo.event(id), this.early.rules()]);
    if (!e) throw new AppError('NOT_FOUND', 'No such event');
    const markets = await this.repo.marketsOf([id]);
    const selections = await this.repo.selectionsOf(markets.map((m) => m.id));
    return {
      ...this.eventHeader(e),
      markets: markets
        .filter((m) => m.status === 'open' || m.status === 'suspended')
        .map((m) =>
          this.publicMarket(
            m,
            selections.filter((s) => s.market_id === m.id),
            e,
          ),
        ),
    };
  }

  // ─── feed ingestion ──────────────────────────────────────────────────────

  /** The feed sink: applies one provider message; a message id seen before is skipped. */
  async ingest(message: FeedMessage): Promise<void> {
    switch (message.kind) {
      case 'fixture_change': {
        await this.repo.upsertFixture(message.fixture);
        const e = await this.repo.event(message.fixture.id);
        if (e) this.emit({ type: 'event', event_id: e.id, data: this.publicEventState(e) });
        return;
      }
      case 'odds_change': {
        let e: EventRow | undefined;
        if (message.status || message.score || message.clock !== undefined || message.tracker) {
          e = await this.repo.updateEventState(message.event_id, message);
          if (!e) return;
          this.emit({ type: 'event', event_id: e.id, data: this.publicEventState(e) });
          this.eventCache.set(e.id, { row: e, at: Date.now() });
          if (message.score) await this.earlyPayout(e);
        } else {
          e = await this.cachedEvent(message.event_id);
          if (!e) return;
        }
        const upserted = await this.repo.upsertMarkets(message.event_id, message.markets);
        // Whatever the adapter sent, only the guard's prices are offered.
        const { markets, selections } = await this.priceMarkets(
          e,
          upserted.markets,
          upserted.selections,
        );
        for (const m of markets) {
          this.emit({
            type: 'market',
            event_id: e.id,
            data: this.publicMarket(
              m,
              selections.filter((s) => s.market_id === m.id),
              e,
            ),
          });
        }
        return;
      }
      case 'bet_stop': {
        const e = await this.repo.event(message.event_id);
        if (!e) return;
        const markets = await this.repo.setMarketStatus(
          message.event_id,
          message.market_keys ?? null,
          'suspended',
        );
        await this.pushMarkets(e, markets);
        return;
      }
      case 'bet_settlement':
      case 'rollback_bet_settlement':
      case 'bet_cancel': {
        // Results move money: a message applied twice must change nothing twice.
        if (!(await this.repo.firstSeen(this.options.provider, message.id, message.kind))) return;
        if (message.kind === 'bet_settlement') {
          for (const market of message.markets) {
            await this.resultMarket(
              message.event_id,
              market.key,
              market.outcomes.map((o) => ({
                key: o.key,
                result: o.result,
                num: o.dead_heat?.num ?? 1,
                den: o.dead_heat?.den ?? 1,
              })),
              'settled',
            );
          }
        } else if (message.kind === 'bet_cancel') {
          for (const key of message.market_keys)
            await this.resultMarket(message.event_id, key, 'void', 'void');
        } else {
          for (const key of message.market_keys)
            await this.resultMarket(message.event_id, key, 'open', 'suspended');
        }
        return;
      }
    }
  }

  /**
   * Early payout (decision 0641): a score that meets the sport's rule marks the leading side's
   * pre-match legs paid and settles their bets at once (a multiple's leg counts as won). Each
   * leg is marked once; a repeated score finds nothing left to mark.
   */
  private async earlyPayout(e: EventRow): Promise<void> {
    if (e.status !== 'live' && e.status !== 'suspended') return;
    const rule = await this.early.ruleFor(e.sport_id);
    const side = leadingSide(e.score, rule);
    if (side === null) return;
    const bets = await this.repo.markEarlyPaid(e.id, side, rule.market_types);
    for (const bet_id of bets) await this.reconcile(bet_id);
  }

  /**
   * Bets a crash left between the early payout's mark and their settlement: reconciled again
   * (a multiple still waiting on other legs is left as it is).
   */
  async recoverEarlyPayouts(): Promise<number> {
    const bets = await this.repo.openEarlyPaidBets(REPRICE_EVENTS_MAX);
    for (const bet_id of bets) await this.reconcile(bet_id);
    return bets.length;
  }

  private async pushMarkets(e: EventRow, markets: MarketRow[]) {
    const selections = await this.repo.selectionsOf(markets.map((m) => m.id));
    for (const m of markets) {
      this.emit({
        type: 'market',
        event_id: e.id,
        data: this.publicMarket(
          m,
          selections.filter((s) => s.market_id === m.id),
          e,
        ),
      });
    }
  }

  /**
   * Results a market (or voids it: every selection void; or rolls it back: every selection
   * open again) and re-settles the bets on it. A result arriving before the bet stop stops
   * the market first. Unchanged results bump nothing, so a repeat settles nothing again.
   */
  async resultMarket(
    event_id: string,
    key: string,
    outcomes:
      | { key: string; result: SelectionRow['result']; num: number; den: number }[]
      | 'void'
      | 'open',
    status: MarketRow['status'],
  ): Promise<void> {
    const market = await this.repo.market(event_id, key);
    if (!market) return;
    const current = await this.repo.selectionsOf([market.id]);
    const results =
      outcomes === 'void' || outcomes === 'open'
        ? current.map((s) => ({ key: s.key, result: outcomes, num: 1, den: 1 }))
        : outcomes;
    const changed = await this.repo.transaction((trx) =>
      this.repo.setResults(trx, market.id, results, status),
    );
    const e = await this.repo.event(event_id);
    if (e) await this.pushMarkets(e, [{ ...market, status }]);
    const bets = await this.repo.betIdsOnSelections(changed);
    for (const bet_id of bets) await this.reconcile(bet_id);
  }

  /**
   * Events a provider left open that it no longer runs (the simulator's matches from an
   * earlier process): cancelled, every market void, so their bets are refunded.
   */
  async cancelOrphans(provider_prefix: string, keep: Set<string>): Promise<number> {
    const open = await this.repo.events({ limit: 1000 });
    let cancelled = 0;
    for (const e of open) {
      if (!e.id.startsWith(provider_prefix) || keep.has(e.id)) continue;
      for (const m of await this.repo.marketsOf([e.id])) {
        if (m.status === 'open' || m.status === 'suspended')
          await this.resultMarket(e.id, m.key, 'void', 'void');
      }
      await this.repo.updateEventState(e.id, { status: 'cancelled' });
      cancelled += 1;
    }
    return cancelled;
  }

  // ─── placement ───────────────────────────────────────────────────────────

  /**
   * Validates a slip against the catalogue and limits; returns what the bet would be. `slip`:
   * its selections as already read (placement reads them with the idempotency key).
   */
  async quote(input: PlaceInput, slip?: SlipRow[]) {
    const n = input.selections.length;
    if (n === 0) throw bad('Add at least one selection', 'body.selections');
    if (input.kind === 'single' && n !== 1)
      throw bad('A single has exactly one selection', 'body.selections');
    if (input.kind === 'builder' && (n < 2 || n > LEGS_MAX))
      throw bad(`A bet builder has 2 to ${LEGS_MAX} selections`, 'body.selections');
    const builderAsked = input.kind === 'builder' ? parseOdds(input.builder_odds ?? '') : undefined;
    if (builderAsked === null)
      throw bad('builder_odds must be the quoted combined price', 'body.builder_odds');
    if (input.kind === 'multiple' && (n < 2 || n > LEGS_MAX))
      throw bad(`A multiple has 2 to ${LEGS_MAX} selections`, 'body.selections');
    if (input.kind === 'system') {
      if (n < 3 || n > SYSTEM_LEGS_MAX)
        throw bad(`A system bet has 3 to ${SYSTEM_LEGS_MAX} selections`, 'body.selections');
      const k = input.system_size ?? 0;
      if (!Number.isInteger(k) || k < 2 || k >= n)
        throw bad(`system_size must be 2 to ${n - 1}`, 'body.system_size');
    }
    const ids = input.selections.map((s) => s.selection_id);
    if (new Set(ids.map(String)).size !== ids.length) {
      throw sportsbookError('DUPLICATE_SELECTION');
    }
    let stake_line: bigint;
    try {
      stake_line = parseAmountInput(input.stake, input.scale);
    } catch (error) {
      if (isMoneyError(error)) throw bad(`stake: ${error.message}`, 'body.stake');
      throw error;
    }
    if (stake_line <= 0n) throw bad('stake must be greater than zero', 'body.stake');
    const requested = input.selections.map((s, i) => {
      const milli = parseOdds(s.odds);
      if (milli === null)
        throw bad(
          'odds must be a decimal between 1.001 and 1000 with at most 3 decimals',
          `body.selections.${i}.odds`,
        );
      return milli;
    });
    const rows = slip ?? (await this.repo.slip(input.player_id, null, ids)).rows;
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const legs = input.selections.map((s, i) => {
      const row = byId.get(String(s.selection_id));
      if (!row)
        throw sportsbookError('SELECTION_NOT_FOUND', `Selection ${s.selection_id} does not exist`);
      if (row.event_status === 'ended' || row.event_status === 'cancelled') {
        throw sportsbookError('MARKET_CLOSED', `${row.market_name}: the event is over`);
      }
      if (row.market_status === 'settled' || row.market_status === 'void') {
        throw sportsbookError('MARKET_CLOSED', `${row.market_name}: the market is settled`);
      }
      if (
        row.market_status !== 'open' ||
        row.market_trader_suspended ||
        row.event_trader_suspended ||
        row.event_status === 'suspended'
      ) {
        throw sportsbookError('MARKET_SUSPENDED', `${row.market_name}: betting is suspended`);
      }
      const current = this.effectiveOdds(row);
      if (current === null)
        throw sportsbookError('MARKET_SUSPENDED', `${row.name}: no price is offered`);
      const asked = requested[i]!;
      // A builder's legs are priced together below; their own prices are for display.
      const acceptable =
        input.kind === 'builder' ||
        current === asked ||
        input.accept_odds === 'any' ||
        (input.accept_odds === 'higher' && current > asked);
      if (!acceptable) {
        throw sportsbookError(
          'PRICE_CHANGED',
          `${row.name}: the price moved from ${oddsText(asked)} to ${oddsText(current)}`,
          [{ path: `body.selections.${i}.odds`, message: oddsText(current) }],
        );
      }
      return { row, odds_milli: current, leg_no: i };
    });
    let builder_odds_milli: number | null = null;
    if (input.kind === 'builder') {
      if (new Set(legs.map((l) => l.row.event_id)).size !== 1)
        throw sportsbookError('BUILDER_ONE_EVENT');
      const joint = await this.builder.quote(
        legs[0]!.row.event_id,
        legs.map((l) => String(l.row.id)),
      );
      const asked = builderAsked!;
      const acceptable =
        joint.odds_milli === asked ||
        input.accept_odds === 'any' ||
        (input.accept_odds === 'higher' && joint.odds_milli > asked);
      if (!acceptable)
        throw sportsbookError(
          'PRICE_CHANGED',
          `The bet builder's price moved from ${oddsText(asked)} to ${oddsText(joint.odds_milli)}`,
          [{ path: 'body.builder_odds', message: oddsText(joint.odds_milli) }],
        );
      builder_odds_milli = joint.odds_milli;
    } else if (
      input.kind !== 'single' &&
      new Set(legs.map((l) => l.row.event_id)).size !== legs.length
    ) {
      throw sportsbookError('CONFLICTING_SELECTIONS');
    }
    const lines = input.kind === 'system' ? binomial(n, input.system_size!) : 1;
    const shape = {
      kind: input.kind,
      system_size: input.kind === 'system' ? input.system_size! : null,
      line_stake_minor: stake_line,
      builder_odds_milli,
    };
    const stake_minor = stake_line * BigInt(lines);
    const potential = potentialReturn(
      shape,
      legs.map((l) => l.odds_milli),
    );
    const limits = await this.limits.get(input.currency);
    if (!limits)
      throw sportsbookError(
        'CURRENCY_NOT_SUPPORTED',
        `Sports betting is not offered in ${input.currency}`,
      );
    const factor = BigInt(await this.stakeFactors.get(String(input.player_id)));
    if (factor === 0n) throw sportsbookError('BETTING_RESTRICTED');
    if (stake_line < limits.min_stake_minor) {
      throw sportsbookError(
        'STAKE_TOO_LOW',
        `The minimum stake is ${this.money(limits.min_stake_minor, input.scale)}`,
      );
    }
    const maxStake = (limits.max_stake_minor * factor) / 1000n;
    if (stake_minor > maxStake) {
      throw sportsbookError(
        'STAKE_OVER_LIMIT',
        `The maximum stake is ${this.money(maxStake, input.scale)}`,
      );
    }
    const maxPayout = (limits.max_payout_minor * factor) / 1000n;
    if (potential > maxPayout) {
      throw sportsbookError(
        'PAYOUT_OVER_LIMIT',
        `The maximum payout is ${this.money(maxPayout, input.scale)}; lower the stake`,
      );
    }
    for (const leg of legs) {
      const factor = BigInt(leg.row.limit_factor_milli);
      const marketMax = (maxStake * factor) / 1000n;
      // The player's pending and open bets on the market, as the slip read them.
      const mine = { stake: leg.row.open_stake_minor, potential: leg.row.open_potential_minor };
      if (mine.stake + stake_minor > marketMax) {
        throw sportsbookError(
          'MARKET_LIMIT',
          `${leg.row.market_name}: your stake on this market would exceed ${this.money(marketMax, input.scale)}`,
        );
      }
      const marketPayoutMax = (maxPayout * factor) / 1000n;
      if (mine.potential + potential > marketPayoutMax) {
        throw sportsbookError(
          'MARKET_LIMIT',
          `${leg.row.market_name}: your potential returns on this market would exceed ${this.money(marketPayoutMax, input.scale)}`,
        );
      }
    }
    return {
      legs,
      lines,
      shape,
      stake_minor,
      potential,
      live: legs.some((l) => l.row.event_status === 'live'),
    };
  }

  private money(minor: bigint, scale: number): string {
    const s = minor.toString().padStart(scale + 1, '0');
    return scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
  }

  /**
   * A slip from the player: a retry of a placed bet is answered with it (a refused live bet
   * with its refusal); otherwise quoted, admitted by the bet path (gate, bonus max bet) and
   * placed. A bet that fails after admission gives its limit usage back. The answer carries
   * the bet's view, built from what placement read when it could.
   */
  async placeBet(
    input: PlaceInput,
    client: GateClient,
  ): Promise<{ bet: BetRow; replay: boolean; view: BetView }> {
    // The key's bet and the slip's selections in one read: a retry is answered before any rule.
    const { keyed, rows } = await this.repo.slip(
      input.player_id,
      input.idempotency_key,
      input.selections.map((s) => s.selection_id),
    );
    if (keyed) return this.replay(input, keyed);
    const quote = await this.quote(input, rows);
    if (input.free_bet_id !== undefined)
      await this.checkFreeBet(input, quote.stake_minor, quote.lines);
    const reference = `sb:${input.player_id}:${input.idempotency_key}`;
    await this.wagers.admit({
      player_id: input.player_id,
      currency: input.currency,
      scale: input.scale,
      amount_minor: quote.stake_minor,
      action: 'sports_bet',
      reference,
      client,
      // Sports bets stake cash (decision 0805) or a free-bet token.
      bonus_funding: false,
      operator_funded: input.free_bet_id !== undefined,
      field: 'stake',
    });
    let placed: Awaited<ReturnType<SportsbookService['place']>>;
    try {
      placed = await this.place(input, quote);
    } catch (error) {
      await this.wagers.release(reference);
      throw error;
    }
    if (placed === null) {
      // A concurrent request with the same key stored its bet first: this one is its retry,
      // and the usage counted under the key is that bet's (not released).
      const again = await this.repo.betByKey(input.player_id, input.idempotency_key);
      if (!again) throw new AppError('CONFLICT', 'The bet could not be recorded; try again');
      return this.replay(input, again);
    }
    const view =
      placed.legs && input.kind !== 'builder'
        ? this.betView(placed.bet, placed.legs)
        : (await this.betViews([placed.bet]))[0]!;
    return { bet: placed.bet, replay: false, view };
  }

  /** The answer to a retry: the bet stored under the key, if the request is the same. */
  private async replay(
    input: PlaceInput,
    keyed: KeyedBet,
  ): Promise<{ bet: BetRow; replay: true; view: BetView }> {
    if (keyed.request_hash !== this.requestHash(input)) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'This idempotency key was used for another bet');
    }
    if (keyed.status === 'rejected') throw refusedAgain(keyed.reject_code, keyed.reject_message);
    const bet = (await this.repo.bet(keyed.id))!;
    return { bet, replay: true, view: (await this.betViews([bet]))[0]! };
  }

  requestHash(input: PlaceInput): string {
    return createHash('sha256')
      .update(
        JSON.stringify([
          input.kind,
          input.system_size ?? null,
          input.stake,
          input.accept_odds,
          input.selections.map((s) => [String(s.selection_id), s.odds]),
          input.free_bet_id === undefined ? null : String(input.free_bet_id),
          // Only a builder's digest carries its price, so other bets' digests are unchanged.
          ...(input.kind === 'builder' ? [input.builder_odds ?? null] : []),
        ]),
      )
      .digest('hex');
  }

  /**
   * Places a bet whose quote passed and whose gate admitted it. The stake is reserved at
   * once (player cash → house sportsbook); a live bet then waits the delay and is re-priced
   * against the same acceptance rule; a refusal then releases the hold. Returns the bet with
   * its legs as the last quote read them (null legs: read them again, the bet was
   * reconciled), or null when the player's key was taken by a concurrent request.
   */
  async place(
    input: PlaceInput,
    quote: Awaited<ReturnType<SportsbookService['quote']>>,
  ): Promise<{ bet: BetRow; legs: LegState[] | null } | null> {
    const terms = quote.live ? await this.live.terms(quote.legs.map((l) => l.row.market_id)) : null;
    const id = await this.repo.insertBet(
      {
        player_id: input.player_id,
        idempotency_key: input.idempotency_key,
        request_hash: this.requestHash(input),
        currency: input.currency,
        kind: input.kind,
        system_size: quote.shape.system_size,
        lines: quote.lines,
        line_stake_minor: quote.shape.line_stake_minor,
        stake_minor: quote.stake_minor,
        potential_return_minor: quote.potential,
        accept_odds: input.accept_odds,
        accept_at: new Date(Date.now() + (terms?.delay_ms ?? 0)),
        free_bet_id: input.free_bet_id ?? null,
        builder_odds_milli: quote.shape.builder_odds_milli,
      },
      quote.legs.map((l) => ({
        leg_no: l.leg_no,
        selection_id: l.row.id,
        market_id: l.row.market_id,
        event_id: l.row.event_id,
        odds_milli: l.odds_milli,
      })),
    );
    if (id === null) return null;
    // What the bet path needs of the bet, as just stored.
    const row = {
      id,
      player_id: input.player_id,
      currency: input.currency,
      free_bet_id: input.free_bet_id ?? null,
    };
    const free = row.free_bet_id !== null;
    if (
      free &&
      !(await this.wagers.freeBets.lock(input.player_id, row.free_bet_id!, `sb:${row.id}`))
    ) {
      await this.repo.deleteBet(row.id);
      throw sportsbookError('FREE_BET_UNAVAILABLE');
    }
    const staked = await this.wagers.stake(this.wager(row), {
      key: `sb:bet:${row.id}:stake`,
      amount_minor: quote.stake_minor,
      hold: true,
    });
    if (!staked.ok) {
      // Nothing was reserved: the bet leaves no trace, so a retry is evaluated afresh.
      if (free) await this.wagers.freeBets.release(`sb:${row.id}`);
      await this.repo.deleteBet(row.id);
      throw wagersError('INSUFFICIENT_FUNDS', 'Your balance is too low for this stake');
    }
    const hold = staked.transfer!;
    // The catalogue as last read, for the answer's view (null: read it again at the end).
    let catalogue: SlipRow[] | null = quote.legs.map((l) => l.row);
    if (terms) {
      // Seconds of waiting: meanwhile the bet's row shows the hold it has.
      await this.repo.updateBet(row.id, { stake_hold_id: hold.id, stake_state: 'held' });
      if (terms.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, terms.delay_ms));
      catalogue = null;
      try {
        // Every rule again (a stopped market refuses), the price by the delay's own check.
        const again = await this.quote({
          ...input,
          accept_odds: 'any',
          selections: input.selections.map((s, i) => ({
            ...s,
            odds: oddsText(quote.legs[i]!.odds_milli),
          })),
          ...(quote.shape.builder_odds_milli === null
            ? {}
            : { builder_odds: oddsText(quote.shape.builder_odds_milli) }),
          player_id: input.player_id,
        });
        this.live.check(
          terms,
          input.accept_odds,
          again.legs.map((l, i) => ({
            name: l.row.name,
            asked: quote.legs[i]!.odds_milli,
            current: l.odds_milli,
            index: i,
          })),
          oddsText,
        );
        catalogue = again.legs.map((l) => l.row);
      } catch (error) {
        if (error instanceof AppError && error.status < 500 && error.code !== 'MARKET_LIMIT') {
          await this.wagers.releaseHold(this.wager(row), {
            key: `sb:bet:${row.id}:reject`,
            hold_id: hold.id,
          });
          await this.repo.updateBet(row.id, {
            status: 'rejected',
            stake_state: 'voided',
            reject_code: error.code,
            reject_message: error.message,
          });
          if (free) await this.wagers.freeBets.release(`sb:${row.id}`);
          throw error;
        }
        if (!(error instanceof AppError)) throw error;
      }
    }
    const opened = await this.repo.openBet(row.id, hold.id, new Date());
    if (opened.resulted) {
      // A leg was resulted while the bet was pending: settle what is due now.
      await this.reconcile(row.id);
      return { bet: (await this.repo.bet(row.id))!, legs: null };
    }
    return {
      bet: opened.bet,
      legs: catalogue && quote.legs.map((leg, i) => legState(row.id, leg, catalogue[i]!)),
    };
  }

  /** A bet interrupted between its insert and its acceptance (a crash): released and marked. */
  async recoverPending(older_than_ms = 60_000): Promise<number> {
    const rows = await this.repo.pendingBetsOlderThan(
      new Date(Date.now() - older_than_ms - this.options.live_delay_ms),
    );
    for (const row of rows) {
      const hold = await this.wagers.transferByKey(`sb:bet:${row.id}:stake`);
      if (hold)
        await this.wagers
          .releaseHold(this.wager(row), { key: `sb:bet:${row.id}:reject`, hold_id: hold.id })
          .catch(() => {});
      await this.repo.updateBet(row.id, {
        status: 'rejected',
        stake_state: hold ? 'voided' : 'none',
        reject_code: 'INTERRUPTED' satisfies SportsbookErrorCode,
        reject_message: SPORTSBOOK_ERRORS.INTERRUPTED.message,
      });
    }
    return rows.length;
  }

  // ─── settlement ──────────────────────────────────────────────────────────

  legsOf(views: LegView[]): Leg[] {
    return views.map((v) => ({
      odds_milli: v.odds_milli,
      result: v.result,
      dead_heat_num: v.dead_heat_num,
      dead_heat_den: v.dead_heat_den,
    }));
  }

  /**
   * Settlement and cash-out hold a bet's row lock (one pooled connection) while they call
   * the ledger, which needs connections of its own from the same pool: at most
   * LOCKED_SLOTS of them run at once, so they can never take every connection and wait on
   * the ledger forever.
   */
  private lockedSlots = 0;
  private readonly slotWaiters: (() => void)[] = [];
  private async withLockedSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.lockedSlots >= LOCKED_SLOTS)
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    else this.lockedSlots += 1;
    try {
      return await work();
    } finally {
      const next = this.slotWaiters.shift();
      if (next) next();
      else this.lockedSlots -= 1;
    }
  }

  /** Brings a bet's money in line with its legs' current results, exactly once per change. */
  reconcile(bet_id: bigint): Promise<void> {
    return this.serialised(bet_id, () => this.reconcileNow(bet_id));
  }

  /** One money change of a bet at a time in this instance (its row lock orders instances). */
  private serialised<T>(bet_id: bigint, run: () => Promise<T>): Promise<T> {
    const previous = this.reconciling.get(bet_id) ?? Promise.resolve();
    const next = previous.then(() => this.withLockedSlot(run));
    const tracked: Promise<void> = next
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        if (this.reconciling.get(bet_id) === tracked) this.reconciling.delete(bet_id);
      });
    this.reconciling.set(bet_id, tracked);
    return next;
  }

  /**
   * A correction the ledger refuses for want of funds (the player spent a wrong win) is held
   * for the desk (decision 0621): the bet keeps its money as it was and is marked, and the
   * results go on to the other bets. The next result for the bet, or the desk, tries again.
   */
  private async reconcileNow(bet_id: bigint): Promise<void> {
    try {
      await this.reconcileMoney(bet_id);
    } catch (error) {
      if ((error as { code?: unknown })?.code !== 'INSUFFICIENT_FUNDS') throw error;
      this.options.log('sports correction held for review', { bet_id: String(bet_id) });
      await this.repo.setReview(bet_id, 'INSUFFICIENT_FUNDS');
      return;
    }
    await this.repo.setReview(bet_id, null);
  }

  private async reconcileMoney(bet_id: bigint): Promise<void> {
    let freeToken = null as 'use' | 'release' | null;
    await this.repo.transaction(async (trx) => {
      const bet = await this.repo.lockBet(trx, bet_id);
      if (bet?.status === 'pending') {
        // Its placement has not opened it yet: it reconciles the bet when it does (openBet).
        if (!bet.reconcile_due) await this.repo.markReconcileDue(trx, bet_id);
        return;
      }
      if (!bet || bet.status === 'rejected' || bet.status === 'cashed_out') return;
      if (bet.stake_hold_id === null) return;
      const views = await this.repo.legViews([bet_id], trx);
      const legs = this.legsOf(views);
      const payout = betPayout(bet, legs);
      const fullVoid = payout !== null && betFullyVoid(legs, bet);
      const same =
        payout === null
          ? bet.status === 'open'
          : bet.status === 'settled' && bet.payout_minor === payout;
      if (same) return;
      const v = bet.settle_version + 1;
      const patch: Partial<BetRow> = { settle_version: v };
      const free = bet.free_bet_id !== null;
      const wager = this.wager(bet);
      // A write-off stands only for the results it was made for (decision 0643).
      if (bet.writeoff_transfer_id !== null) {
        await this.reverseWriteOff(bet);
        Object.assign(patch, { writeoff_transfer_id: null, written_off_minor: null });
      }
      let stake_state = bet.stake_state;
      const restake = async () => {
        // A voided hold cannot be posted: a corrected void takes the stake again.
        const staked = await this.wagers.stake(
          { ...wager, actor: SYSTEM },
          { key: `sb:bet:${bet.id}:restake:${v}`, amount_minor: bet.stake_minor },
        );
        if (!staked.ok) throw wagersError('INSUFFICIENT_FUNDS');
        stake_state = 'posted';
      };
      if (payout === null) {
        if (stake_state === 'voided') await restake();
        Object.assign(patch, { status: 'open', payout_minor: null, settled_at: null });
      } else {
        if (fullVoid && stake_state === 'held') {
          await this.wagers.releaseHold(wager, {
            key: `sb:bet:${bet.id}:void`,
            hold_id: bet.stake_hold_id,
          });
          stake_state = 'voided';
        } else {
          if (stake_state === 'held') {
            await this.wagers.capture(wager, {
              key: `sb:bet:${bet.id}:post`,
              hold_id: bet.stake_hold_id,
            });
            stake_state = 'posted';
          } else if (stake_state === 'voided') {
            await restake();
          }
          // A free bet pays the winnings only: the stake was never the player's (SNR).
          const paid = free ? (payout > bet.stake_minor ? payout - bet.stake_minor : 0n) : payout;
          if (paid > 0n) {
            const transfer = await this.payOnce(bet, v, paid, fullVoid);
            patch.payout_transfer_id = transfer.id;
          }
        }
        Object.assign(patch, { status: 'settled', payout_minor: payout, settled_at: new Date() });
      }
      // Take back the previous version's payout (a correction or a rollback) after the new one
      // is paid: a player is short only by what the correction takes on balance.
      if (bet.payout_transfer_id !== null) {
        await this.wagers.reverse(wager, {
          key: `sb:bet:${bet.id}:reverse:${bet.payout_transfer_id}`,
          transfer_id: bet.payout_transfer_id,
        });
        if (patch.payout_transfer_id === undefined) patch.payout_transfer_id = null;
      }
      patch.stake_state = stake_state;
      await this.repo.updateBet(bet.id, patch, trx);
      // Told with the bet's new state, in its transaction: each version once.
      const status = payout === null ? ('reopened' as const) : ('settled' as const);
      // The whole bet's money: what partial cash-outs took and paid counts with what rides.
      await this.wagers.settle(wager, {
        stake_minor: bet.stake_minor + bet.cashout_stake_minor,
        payout_minor: (payout ?? 0n) + (bet.cashout_minor ?? 0n),
        version: v,
        status,
        selections: this.selectionsOf(views),
        executor: trx,
      });
      // The token follows the bet: spent once settled, back to the player when the bet is void.
      if (free && status === 'settled') {
        if (stake_state === 'voided') freeToken = 'release';
        else freeToken = 'use';
      }
    });
    if (freeToken === 'release') await this.wagers.freeBets.release(`sb:${bet_id}`);
    else if (freeToken === 'use') await this.wagers.freeBets.use(`sb:${bet_id}`);
  }

  private selectionsOf(views: LegView[]) {
    return views.map((l) => ({
      market_id: String(l.market_id),
      selection_id: String(l.selection_id),
    }));
  }

  /**
   * Pays a version's payout. If a crash left this version's key used for another amount
   * (the results changed before the retry), that orphan transfer is reversed first and the
   * payout goes under a fresh key, so money is never paid twice.
   */
  private async payOnce(bet: BetRow, v: number, payout: bigint, refund: boolean) {
    const wager = this.wager(bet);
    const attempt = (suffix: string) =>
      this.wagers.pay(wager, {
        key: `sb:bet:${bet.id}:pay:${v}${suffix}`,
        amount_minor: payout,
        reason: refund ? 'bet_refund' : 'win',
      });
    try {
      return await attempt('');
    } catch (error) {
      if (!(isLedgerError(error) && error.code === 'IDEMPOTENCY_CONFLICT')) throw error;
      const orphan = await this.wagers.transferByKey(`sb:bet:${bet.id}:pay:${v}`);
      if (orphan) {
        await this.wagers.reverse(wager, {
          key: `sb:bet:${bet.id}:reverse:${orphan.id}`,
          transfer_id: orphan.id,
        });
      }
      return attempt(`:${payout}`);
    }
  }

  // ─── cash-out ────────────────────────────────────────────────────────────

  /** Today's cash-out offer for an open bet's whole stake, or `line_stake_minor` per line. */
  async cashoutQuote(bet: BetRow, line_stake_minor?: bigint): Promise<bigint | null> {
    if (bet.status !== 'open' || bet.free_bet_id !== null) return null;
    const [views] = await Promise.all([this.repo.legViews([bet.id]), this.cashoutSettings.load()]);
    if (bet.kind === 'builder') {
      const whole = await this.builderCashout(bet, views);
      // A part of a builder's stake is offered its share of the whole offer.
      return whole === null || line_stake_minor === undefined
        ? whole
        : (whole * line_stake_minor) / bet.line_stake_minor;
    }
    const books = await this.marketBooks(views);
    return this.cashoutFor(
      { ...bet, line_stake_minor: line_stake_minor ?? bet.line_stake_minor },
      views,
      books,
    );
  }

  /** A bet builder's offer: from the joint model's current probability (decision 0615). */
  private builderCashout(bet: BetRow, views: LegState[]): Promise<bigint | null> {
    if (bet.status !== 'open' || bet.free_bet_id !== null || views.length === 0)
      return Promise.resolve(null);
    const terms = this.cashoutSettings.termsFor(views.map((v) => v.sport_id));
    if (!terms.enabled) return Promise.resolve(null);
    return this.builder.cashout(
      {
        event_id: views[0]!.event_id,
        stake_minor: bet.stake_minor,
        builder_odds_milli: bet.builder_odds_milli!,
      },
      views,
      terms.margin_bp,
    );
  }

  /** Σ 1/price of the markets an open bet's undecided legs stand on, at the book's prices. */
  private async marketBooks(views: readonly LegState[]): Promise<Map<bigint, Ratio>> {
    const ids = [...new Set(views.filter((v) => v.result === 'open').map((v) => v.market_id))];
    const books = new Map<bigint, Ratio>();
    if (ids.length === 0) return books;
    const prices = new Map<bigint, number[]>();
    for (const s of await this.repo.selectionsOf(ids)) {
      const price = this.effectiveOdds(s);
      if (price === null) continue;
      const list = prices.get(s.market_id);
      if (list) list.push(price);
      else prices.set(s.market_id, [price]);
    }
    for (const id of ids) books.set(id, bookRatio(prices.get(id) ?? []));
    return books;
  }

  /**
   * The cash-out offer for an open bet from its legs as the catalogue has them now (decision
   * 0620: fair prices, less the margin). Null without every undecided leg's market book.
   */
  private cashoutFor(
    bet: BetRow,
    views: LegState[],
    books: ReadonlyMap<bigint, Ratio> | undefined,
  ): bigint | null {
    if (bet.status !== 'open' || bet.free_bet_id !== null || !books) return null;
    const terms = this.cashoutSettings.termsFor(views.map((v) => v.sport_id));
    if (!terms.enabled) return null;
    const legs: CashoutLeg[] = [];
    for (const v of views) {
      const stopped =
        v.market_status !== 'open' ||
        v.market_trader_suspended ||
        v.event_trader_suspended ||
        v.event_status === 'suspended';
      const current =
        v.result === 'open' && !stopped
          ? this.effectiveOdds({ book_odds_milli: v.book_odds_milli, active: v.active })
          : null;
      const book = books.get(v.market_id);
      if (v.result === 'open' && !book) return null;
      legs.push({
        odds_milli: v.odds_milli,
        result: v.result,
        dead_heat_num: v.dead_heat_num,
        dead_heat_den: v.dead_heat_den,
        current_odds_milli: current,
        ...(book ? { book } : {}),
      });
    }
    const offer = fairCashoutOffer(bet, legs, terms.margin_bp);
    return offer !== null && offer > 0n ? offer : null;
  }

  /**
   * Why an open bet has no offer: the operator's switch for its sports comes before the
   * market's state, so a player is not told to wait for a cash-out that will not come. Null
   * when the offer was not looked at (a bet as placed).
   */
  private cashoutUnavailable(
    bet: BetRow,
    legs: readonly LegState[],
    quoted: boolean,
  ): 'not_offered' | 'suspended' | 'free_bet' | null {
    if (bet.free_bet_id !== null) return 'free_bet';
    if (!this.cashoutSettings.termsFor(legs.map((l) => l.sport_id)).enabled) return 'not_offered';
    return quoted ? 'suspended' : null;
  }

  /**
   * Cashes out `part_minor` of an open bet's stake (the whole when absent) at no less than
   * `expected_minor`, re-quoted under the bet's lock. A part leaves the rest riding at the price
   * taken: the stake is posted, the part's offer paid under the cash-out's own key, and the
   * bet's stake and potential return reduced; settlement later pays only what rides.
   */
  async cashout(
    player_id: bigint,
    bet_id: bigint,
    expected_minor: bigint,
    part_minor?: bigint,
  ): Promise<BetRow> {
    const bet = await this.repo.bet(bet_id);
    if (!bet || bet.player_id !== player_id) throw new AppError('NOT_FOUND', 'No such bet');
    // A bet's legs (and so its sports) never change: its terms are read once, before the lock.
    const [views] = await Promise.all([this.repo.legViews([bet_id]), this.cashoutSettings.load()]);
    const terms = this.cashoutSettings.termsFor(views.map((v) => v.sport_id));
    if (!terms.enabled)
      throw sportsbookError('CASHOUT_UNAVAILABLE', 'Cash-out is not offered on this sport');
    return this.withLockedSlot(() =>
      this.repo.transaction(async (trx) => {
        const locked = (await this.repo.lockBet(trx, bet_id))!;
        if (locked.status !== 'open') throw sportsbookError('CASHOUT_UNAVAILABLE');
        if (locked.free_bet_id !== null)
          throw sportsbookError('CASHOUT_UNAVAILABLE', 'A free bet cannot be cashed out');
        const part = part_minor ?? locked.stake_minor;
        const split = splitCashout(locked, part, terms.partial_min_bp);
        if ('refusal' in split) throw sportsbookError('CASHOUT_PART_INVALID', split.refusal);
        const whole = split.remaining.stake_minor === 0n;
        const offer = await this.cashoutQuote(locked, split.line_stake_minor);
        if (offer === null)
          throw sportsbookError(
            'CASHOUT_UNAVAILABLE',
            'Cash-out is suspended for this bet right now',
          );
        if (offer < expected_minor) {
          throw sportsbookError('CASHOUT_CHANGED', undefined, [
            { path: 'body.amount', message: offer.toString() },
          ]);
        }
        const wager = this.wager(locked);
        if (locked.stake_state === 'held') {
          await this.wagers.capture(wager, {
            key: `sb:bet:${bet_id}:post`,
            hold_id: locked.stake_hold_id!,
          });
        }
        const seq =
          (await this.repo.cashoutsOf([bet_id])).reduce((n, c) => Math.max(n, c.seq), 0) + 1;
        // The player takes the offer: they move this money.
        const transfer = await this.wagers.pay(
          { ...wager, settle_actor: { type: 'player', id: String(player_id) } },
          { key: cashoutKey(bet_id, seq), amount_minor: offer, reason: 'win' },
        );
        await this.repo.insertCashout(trx, {
          bet_id,
          seq,
          stake_minor: part,
          amount_minor: offer,
          transfer_id: transfer.id,
        });
        const cashed = (locked.cashout_minor ?? 0n) + offer;
        if (!whole) {
          return this.repo.updateBet(
            bet_id,
            {
              stake_state: 'posted',
              stake_minor: split.remaining.stake_minor,
              line_stake_minor: split.remaining.line_stake_minor,
              potential_return_minor: split.remaining.potential_return_minor,
              cashout_stake_minor: locked.cashout_stake_minor + part,
              cashout_minor: cashed,
            },
            trx,
          );
        }
        const updated = await this.repo.updateBet(
          bet_id,
          {
            status: 'cashed_out',
            stake_state: 'posted',
            cashout_minor: cashed,
            payout_minor: cashed,
            payout_transfer_id: transfer.id,
            settled_at: new Date(),
            settle_version: locked.settle_version + 1,
          },
          trx,
        );
        const views = await this.repo.legViews([bet_id], trx);
        // A cash-out is a settlement at the price taken, told in its transaction.
        await this.wagers.settle(wager, {
          stake_minor: locked.stake_minor + locked.cashout_stake_minor,
          payout_minor: cashed,
          version: updated.settle_version,
          selections: this.selectionsOf(views),
          executor: trx,
        });
        return updated;
      }),
    );
  }

  // ─── corrections held for the desk (decision 0621) ───────────────────────

  /** Bets whose correction waits: the player did not hold the money a wrong result paid. */
  reviewBets(limit: number) {
    return this.repo.reviewBets(limit);
  }

  /**
   * The desk's list of held corrections: each bet with its player, what was paid, what its
   * results now say is due, the shortfall the house carries meanwhile, and its picks.
   */
  async heldCorrections(limit: number) {
    const bets = await this.repo.reviewBets(limit);
    const views = await this.repo.legViews(bets.map((b) => b.id));
    return bets.map((b) => {
      const legs = views.filter((v) => v.bet_id === b.id);
      const due = betPayout(b, this.legsOf(legs));
      const paid = b.payout_minor ?? 0n;
      return {
        bet_id: String(b.id),
        player_id: String(b.player_id),
        currency: b.currency,
        kind: b.kind,
        stake_minor: b.stake_minor.toString(),
        paid_minor: paid.toString(),
        due_minor: due === null ? null : due.toString(),
        short_minor: (due !== null && paid > due ? paid - due : 0n).toString(),
        reason: b.review_code!,
        since: b.updated_at.toISOString(),
        legs: legs.map((l) => ({
          event_name: `${l.home} v ${l.away}`,
          market_name: l.market_name,
          selection_name: l.selection_name,
          result: l.result,
        })),
      };
    });
  }

  /** The desk retries a held correction: audited with what it changed. */
  async deskRetry(actor: Parameters<AuditService['record']>[0]['actor'], bet_id: bigint) {
    const before = await this.repo.bet(bet_id);
    if (!before) throw new AppError('NOT_FOUND', 'No such bet');
    if (before.review_code === null) throw sportsbookError('CORRECTION_NOT_HELD');
    const after = await this.retryReview(bet_id);
    const shown = (b: BetRow) => ({
      review: b.review_code,
      status: b.status,
      payout_minor: b.payout_minor?.toString() ?? null,
    });
    await this.audit.record({
      actor,
      action: 'sportsbook.correction.retry',
      target: { type: 'sb_bet', id: String(bet_id) },
      before: shown(before),
      after: shown(after),
    });
    return {
      bet_id: String(bet_id),
      held: after.review_code !== null,
      payout_minor: after.payout_minor?.toString() ?? null,
    };
  }

  /**
   * The desk writes a held correction off (decision 0643): the house makes up what the
   * correction would take from the player, the bet shows its corrected result, and the
   * player's balance is not touched. Audited with the reason; once, whoever clicks.
   */
  async deskWriteOff(
    actor: Parameters<AuditService['record']>[0]['actor'],
    bet_id: bigint,
    reason: string,
  ) {
    const before = await this.repo.bet(bet_id);
    if (!before) throw new AppError('NOT_FOUND', 'No such bet');
    if (before.review_code === null) throw sportsbookError('CORRECTION_NOT_HELD');
    const staff: LedgerActor = { type: 'staff', id: String(actor.id) };
    const after = await this.serialised(bet_id, () => this.writeOffNow(bet_id, staff, reason));
    const shown = (b: BetRow) => ({
      review: b.review_code,
      status: b.status,
      payout_minor: b.payout_minor?.toString() ?? null,
      written_off_minor: b.written_off_minor?.toString() ?? null,
    });
    await this.audit.record({
      actor,
      action: 'sportsbook.correction.write_off',
      target: { type: 'sb_bet', id: String(bet_id) },
      before: shown(before),
      after: { ...shown(after), reason },
    });
    return {
      bet_id: String(bet_id),
      status: after.status,
      payout_minor: after.payout_minor?.toString() ?? null,
      written_off_minor: after.written_off_minor!.toString(),
    };
  }

  private async writeOffNow(bet_id: bigint, actor: LedgerActor, reason: string) {
    let freeToken = null as 'use' | 'release' | null;
    const updated = await this.repo.transaction(async (trx) => {
      const bet = await this.repo.lockBet(trx, bet_id);
      // A second click waits for the first and finds nothing held.
      if (!bet || bet.review_code === null) throw sportsbookError('CORRECTION_NOT_HELD');
      const views = await this.repo.legViews([bet_id], trx);
      const legs = this.legsOf(views);
      const payout = betPayout(bet, legs);
      const free = bet.free_bet_id !== null;
      const paidOf = (p: bigint) => (free ? (p > bet.stake_minor ? p - bet.stake_minor : 0n) : p);
      // What the correction would take from the player: the payout made, a voided stake taken
      // again (a free bet's comes from the operator), less the payout now due.
      const taken = bet.payout_transfer_id === null ? 0n : paidOf(bet.payout_minor ?? 0n);
      const restake = bet.stake_state === 'voided' && !free ? bet.stake_minor : 0n;
      const due = payout === null ? 0n : paidOf(payout);
      const amount = taken + restake - due;
      if (amount <= 0n) throw sportsbookError('CORRECTION_NOT_SHORT');
      const v = bet.settle_version + 1;
      const wager = this.wager(bet);
      // An earlier write-off a later result undid (its reversal committed, the bet not).
      if (bet.writeoff_transfer_id !== null) await this.reverseWriteOff(bet);
      const transfer = await this.writeOffOnce(bet, v, amount, actor, reason);
      const status = payout === null ? ('reopened' as const) : ('settled' as const);
      const row = await this.repo.updateBet(
        bet_id,
        {
          settle_version: v,
          review_code: null,
          writeoff_transfer_id: transfer.id,
          written_off_minor: amount,
          ...(payout === null
            ? { status: 'open' as const, payout_minor: null, settled_at: null }
            : { status: 'settled' as const, payout_minor: payout, settled_at: new Date() }),
        },
        trx,
      );
      await this.wagers.settle(wager, {
        stake_minor: bet.stake_minor + bet.cashout_stake_minor,
        payout_minor: (payout ?? 0n) + (bet.cashout_minor ?? 0n),
        version: v,
        status,
        selections: this.selectionsOf(views),
        executor: trx,
      });
      if (free && status === 'settled')
        freeToken = bet.stake_state === 'voided' ? 'release' : 'use';
      return row;
    });
    if (freeToken === 'release') await this.wagers.freeBets.release(`sb:${bet_id}`);
    else if (freeToken === 'use') await this.wagers.freeBets.use(`sb:${bet_id}`);
    return updated;
  }

  /**
   * The write-off transfer of a version. A crash that left this version's key used for another
   * amount (the results changed before the desk clicked again): that one is reversed first.
   */
  private async writeOffOnce(
    bet: BetRow,
    v: number,
    amount_minor: bigint,
    actor: LedgerActor,
    reason: string,
  ) {
    const wager = this.wager(bet);
    const key = `sb:bet:${bet.id}:writeoff:${v}`;
    const memo = `Written off: ${reason}`;
    try {
      return await this.wagers.writeOff(wager, { key, amount_minor, actor, memo });
    } catch (error) {
      if (!(isLedgerError(error) && error.code === 'IDEMPOTENCY_CONFLICT')) throw error;
      const orphan = await this.wagers.transferByKey(key);
      if (orphan) {
        await this.wagers.reverse(wager, {
          key: `sb:bet:${bet.id}:reverse:${orphan.id}`,
          transfer_id: orphan.id,
        });
      }
      return this.wagers.writeOff(wager, {
        key: `${key}:${amount_minor}`,
        amount_minor,
        actor,
        memo,
      });
    }
  }

  /** Takes a write-off back (house to house: it never fails for funds); keyed, so once. */
  private reverseWriteOff(bet: BetRow) {
    return this.wagers.reverse(this.wager(bet), {
      key: `sb:bet:${bet.id}:reverse:${bet.writeoff_transfer_id}`,
      transfer_id: bet.writeoff_transfer_id!,
    });
  }

  /** Tries a held correction again (after a deposit, say); still short, it stays held. */
  async retryReview(bet_id: bigint): Promise<BetRow> {
    const bet = await this.repo.bet(bet_id);
    if (!bet) throw new AppError('NOT_FOUND', 'No such bet');
    await this.reconcile(bet_id);
    return (await this.repo.bet(bet_id))!;
  }

  // ─── player views ────────────────────────────────────────────────────────

  /** The player's odds format; decimal until they choose one. */
  async oddsFormat(player_id: bigint): Promise<OddsFormat> {
    return (await this.repo.oddsFormat(player_id)) ?? 'decimal';
  }

  async setOddsFormat(player_id: bigint, odds_format: OddsFormat): Promise<OddsFormat> {
    await this.repo.setOddsFormat(player_id, odds_format);
    return odds_format;
  }

  /**
   * Event names of the player's bets named by the ledger's object ids (`sb:4`), one read for a
   * whole list: "Home v Away", with "+n" for the further legs of a multiple.
   */
  async betNames(player_id: bigint, object_ids: readonly string[]) {
    const ids = object_ids.flatMap((id) => {
      const match = /^sb:([1-9]\d{0,17})$/.exec(id);
      return match ? [BigInt(match[1]!)] : [];
    });
    const out = new Map<string, { name: string; product: 'sportsbook'; href: null }>();
    for (const row of await this.repo.betEventNames(player_id, ids)) {
      const more = row.legs > 1 ? ` +${row.legs - 1}` : '';
      out.set(`sb:${row.id}`, {
        name: `${row.home} v ${row.away}${more}`,
        product: 'sportsbook',
        href: null,
      });
    }
    return out;
  }

  async playerBets(player_id: bigint, filter: { open?: boolean; limit: number; offset: number }) {
    const bets = await this.repo.playerBets(player_id, filter);
    return this.betViews(bets);
  }

  async betViews(bets: BetRow[]) {
    const [legs] = await Promise.all([
      this.repo.legViews(bets.map((b) => b.id)),
      this.cashoutSettings.load(),
    ]);
    const byBet = new Map<bigint, LegView[]>();
    for (const l of legs) {
      const own = byBet.get(l.bet_id);
      if (own) own.push(l);
      else byBet.set(l.bet_id, [l]);
    }
    const books = await this.marketBooks(
      legs.filter((l) => bets.some((b) => b.id === l.bet_id && b.status === 'open')),
    );
    const partial = bets.filter((b) => b.cashout_minor !== null).map((b) => b.id);
    const cashouts = new Map<bigint, CashoutRow[]>();
    for (const c of await this.repo.cashoutsOf(partial)) {
      const own = cashouts.get(c.bet_id);
      if (own) own.push(c);
      else cashouts.set(c.bet_id, [c]);
    }
    // Bet builders' offers come from the joint model (async), read before the views.
    const offers = new Map<bigint, bigint | null>();
    for (const b of bets)
      if (b.kind === 'builder' && b.status === 'open')
        offers.set(b.id, await this.builderCashout(b, byBet.get(b.id) ?? []));
    return bets.map((b) =>
      this.betView(b, byBet.get(b.id) ?? [], books, cashouts.get(b.id), offers.get(b.id)),
    );
  }

  /** A bet as players see it, from its legs in leg order (an open bet: today's cash-out offer). */
  betView(
    b: BetRow,
    legs: LegState[],
    books?: ReadonlyMap<bigint, Ratio>,
    cashouts: readonly CashoutRow[] = [],
    builderOffer?: bigint | null,
  ) {
    const offer =
      b.status === 'open'
        ? b.kind === 'builder'
          ? (builderOffer ?? null)
          : this.cashoutFor(b, legs, books)
        : null;
    return {
      id: String(b.id),
      player_id: String(b.player_id),
      kind: b.kind,
      system_size: b.system_size,
      lines: b.lines,
      currency: b.currency,
      stake_minor: b.stake_minor.toString(),
      line_stake_minor: b.line_stake_minor.toString(),
      // A free bet returns the winnings only.
      potential_return_minor: (b.free_bet_id === null
        ? b.potential_return_minor
        : b.potential_return_minor - b.stake_minor
      ).toString(),
      free_bet: b.free_bet_id !== null,
      payout_minor:
        b.payout_minor === null
          ? null
          : (b.free_bet_id === null
              ? b.payout_minor
              : b.payout_minor > b.stake_minor
                ? b.payout_minor - b.stake_minor
                : 0n
            ).toString(),
      status: b.status,
      reject_message: b.reject_message,
      accept_odds: b.accept_odds,
      settle_version: b.settle_version,
      created_at: b.created_at.toISOString(),
      settled_at: b.settled_at?.toISOString() ?? null,
      builder_odds: b.builder_odds_milli === null ? null : oddsText(b.builder_odds_milli),
      cashout_minor:
        b.status === 'open' ? (offer?.toString() ?? null) : (b.cashout_minor?.toString() ?? null),
      cashout_unavailable:
        b.status === 'open' && offer === null
          ? this.cashoutUnavailable(
              b,
              legs,
              b.kind === 'builder' ? builderOffer !== undefined : books !== undefined,
            )
          : null,
      cashout_stake_minor: b.cashout_stake_minor.toString(),
      cashouts: cashouts.map((c) => ({
        stake_minor: c.stake_minor.toString(),
        amount_minor: c.amount_minor.toString(),
        at: c.created_at.toISOString(),
      })),
      review: b.review_code,
      legs: legs.map((l) => ({
        selection_id: String(l.selection_id),
        event_id: l.event_id,
        event_name: `${l.home} v ${l.away}`,
        market_name: l.market_name,
        selection_name: l.selection_name,
        market_key: l.market_key,
        market_type: l.market_type,
        market_line: lineText(l.market_line_milli),
        selection_key: l.selection_key,
        home: l.home,
        away: l.away,
        odds: oddsText(l.odds_milli),
        result: l.result,
        event_status: l.event_status,
        early_paid: l.early_paid === true,
      })),
    };
  }

  // ─── trading desk ────────────────────────────────────────────────────────

  async traderSuspendMarket(
    actor: Parameters<AuditService['record']>[0]['actor'],
    market_id: bigint,
    suspended: boolean,
    reason: string,
  ) {
    const market = await this.repo.marketById(market_id);
    if (!market) throw new AppError('NOT_FOUND', 'No such market');
    const updated = (await this.repo.patchMarket(market_id, { trader_suspended: suspended }))!;
    await this.audit.record({
      actor,
      action: suspended ? 'sportsbook.market.suspend' : 'sportsbook.market.resume',
      target: { type: 'sb_market', id: market_id },
      before: { trader_suspended: market.trader_suspended },
      after: { trader_suspended: suspended },
      metadata: { reason },
    });
    const e = (await this.repo.event(market.event_id))!;
    await this.pushMarkets(e, [updated]);
    return updated;
  }

  async traderSuspendEvent(
    actor: Parameters<AuditService['record']>[0]['actor'],
    event_id: string,
    suspended: boolean,
    reason: string,
  ) {
    const before = await this.repo.event(event_id);
    if (!before) throw new AppError('NOT_FOUND', 'No such event');
    const e = (await this.repo.patchEvent(event_id, { trader_suspended: suspended }))!;
    await this.audit.record({
      actor,
      action: suspended ? 'sportsbook.event.suspend' : 'sportsbook.event.resume',
      target: { type: 'sb_event', id: event_id },
      before: { trader_suspended: before.trader_suspended },
      after: { trader_suspended: suspended },
      metadata: { reason },
    });
    this.emit({ type: 'event', event_id, data: this.publicEventState(e) });
    await this.pushMarkets(e, await this.repo.marketsOf([event_id]));
    return e;
  }

  /**
   * An event's extra margin over the feed's prices. Lowering it lengthens the feed's prices:
   * if that takes an offered market's book under the sport's floor, it is refused with
   * BOOK_UNDER_MARGIN unless `confirm_book` (then the guard shortens them back to the floor).
   */
  async traderMargin(
    actor: Parameters<AuditService['record']>[0]['actor'],
    event_id: string,
    margin_bp: number,
    confirm_book = false,
  ) {
    const before = await this.repo.event(event_id);
    if (!before) throw new AppError('NOT_FOUND', 'No such event');
    if (margin_bp < before.margin_bp && !confirm_book) {
      const pricing = await this.pricingOf(before.sport_id);
      const markets = (await this.repo.marketsOf([event_id])).filter(
        (m) =>
          (m.status === 'open' || m.status === 'suspended') &&
          EXHAUSTIVE_MARKET_TYPES.has(m.type as MarketType),
      );
      const selections = await this.repo.selectionsOf(markets.map((m) => m.id));
      const broken = markets.flatMap((m) => {
        const prices = selections
          .filter((s) => s.market_id === m.id)
          .map((s) => this.bookOffer(s, margin_bp).odds_milli)
          .filter((o): o is number => o !== null);
        return prices.length >= 2 && !bookAtLeast(prices, pricing.margin_min_bp)
          ? [`${m.name} ${percent(bookBp(prices)!)}`]
          : [];
      });
      if (broken.length > 0) {
        throw sportsbookError(
          'BOOK_UNDER_MARGIN',
          `A margin of ${percent(margin_bp)} takes ${broken.length === 1 ? 'a market' : `${broken.length} markets`} under the book's floor of ${percent(10_000 + pricing.margin_min_bp)} (${broken.slice(0, 3).join(', ')}${broken.length > 3 ? ', …' : ''}). Send confirm_book: true to set it anyway; the book then keeps those markets at the floor.`,
          [
            {
              path: 'body.margin_bp',
              message: `takes ${broken.length} market(s) under ${percent(10_000 + pricing.margin_min_bp)}`,
            },
          ],
        );
      }
    }
    const e = (await this.repo.patchEvent(event_id, { margin_bp }))!;
    this.eventCache.delete(event_id);
    await this.audit.record({
      actor,
      action: 'sportsbook.event.margin',
      target: { type: 'sb_event', id: event_id },
      before: { margin_bp: before.margin_bp },
      after: { margin_bp },
      metadata: confirm_book ? { confirm_book } : undefined,
    });
    await this.repriceEvent(e);
    return e;
  }

  /**
   * Fixes a selection's price (null returns it to the feed). The price must lie within the
   * sport's range. With the market's other prices as offered, a price that takes an
   * exhaustive market's book under the floor is refused (BOOK_UNDER_MARGIN, naming the
   * highest price that keeps it) unless `confirm_book`: then the guard shortens the other,
   * feed-priced selections; when they cannot carry it either, BOOK_UNBALANCED.
   */
  async traderPrice(
    actor: Parameters<AuditService['record']>[0]['actor'],
    selection_id: bigint,
    odds_milli: number | null,
    confirm_book = false,
  ) {
    const selection = await this.repo.selection(selection_id);
    if (!selection) throw new AppError('NOT_FOUND', 'No such selection');
    const market = (await this.repo.marketById(selection.market_id))!;
    const e = (await this.repo.event(market.event_id))!;
    if (odds_milli !== null) {
      const pricing = await this.pricingOf(e.sport_id);
      if (odds_milli < pricing.odds_min_milli || odds_milli > pricing.odds_max_milli) {
        throw sportsbookError(
          'ODDS_OUT_OF_RANGE',
          `${e.sport_id} prices run from ${oddsText(pricing.odds_min_milli)} to ${oddsText(pricing.odds_max_milli)}`,
          'body.odds',
        );
      }
      const offered = market.status === 'open' || market.status === 'suspended';
      if (offered && selection.active && EXHAUSTIVE_MARKET_TYPES.has(market.type as MarketType)) {
        const siblings = await this.repo.selectionsOf([market.id]);
        // The others as the desk shows them (the book's prices), or as offered to the guard
        // while the book has the market stopped.
        const others = siblings
          .filter((s) => s.id !== selection_id)
          .map((s) =>
            s.active ? (s.book_odds_milli ?? this.bookOffer(s, e.margin_bp).odds_milli) : null,
          )
          .filter((o): o is number => o !== null);
        if (!bookAtLeast([...others, odds_milli], pricing.margin_min_bp)) {
          const floor = percent(10_000 + pricing.margin_min_bp);
          const book = percent(bookBp([...others, odds_milli])!);
          const highest = highestPriceKeepingBook(others, pricing);
          const keeps =
            highest === null
              ? `no price keeps ${floor} with the others as they are`
              : `at most ${oddsText(highest)} keeps ${floor}`;
          if (!confirm_book) {
            throw sportsbookError(
              'BOOK_UNDER_MARGIN',
              `${selection.name} at ${oddsText(odds_milli)} takes ${market.name} to a book of ${book}, under the floor of ${floor}; ${keeps}. Send confirm_book: true to set it anyway: the book then shortens the other prices.`,
              [{ path: 'body.odds', message: `book ${book} with this price; ${keeps}` }],
            );
          }
          const trial = this.bookOf(
            market,
            siblings.map((s) =>
              s.id === selection_id ? { ...s, trader_odds_milli: odds_milli } : s,
            ),
            e.margin_bp,
            pricing,
          );
          if (trial.stop === 'unbalanced') {
            throw sportsbookError(
              'BOOK_UNBALANCED',
              `${selection.name} at ${oddsText(odds_milli)} takes ${market.name} under the floor of ${floor}, and its other prices are fixed or at the minimum: lower this price or free another.`,
              'body.odds',
            );
          }
        }
      }
    }
    await this.repo.patchSelection(selection_id, { trader_odds_milli: odds_milli });
    await this.audit.record({
      actor,
      action: 'sportsbook.selection.price',
      target: { type: 'sb_selection', id: selection_id },
      before: { trader_odds_milli: selection.trader_odds_milli },
      after: { trader_odds_milli: odds_milli },
      metadata: confirm_book ? { confirm_book } : undefined,
    });
    const siblings = await this.repo.selectionsOf([market.id]);
    const now = await this.priceMarkets(e, [market], siblings);
    this.emit({
      type: 'market',
      event_id: e.id,
      data: this.publicMarket(now.markets[0]!, now.selections, e),
    });
    return now.selections.find((s) => s.id === selection_id)!;
  }

  /** Every sport's pricing settings (the desk's table). */
  /** The desk's change of a sport's bet builder settings, in the audit trail. */
  async auditBuilder(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    before: object,
    after: object,
  ) {
    await this.audit.record({
      actor,
      action: 'sportsbook.builder.settings',
      target: { type: 'sb_sport', id: sport_id },
      before,
      after,
    });
  }

  async sportsPricing() {
    return (await this.repo.sports()).map((row) => ({
      id: row.id,
      name: row.name,
      ...pricingOfRow(row),
    }));
  }

  /**
   * Sets a sport's pricing (each setting within PRICING_BOUNDS, checked by the route; the
   * minimum below the maximum) and reprices every market of the sport still offered.
   */
  async setSportPricing(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    pricing: SportPricing,
  ) {
    const before = await this.repo.sport(sport_id);
    if (!before) throw new AppError('NOT_FOUND', 'No such sport');
    for (const key of ['odds_min_milli', 'odds_max_milli'] as const) {
      if (pricing[key] % PRICE_TICK_MILLI !== 0)
        throw sportsbookError(
          'PRICING_INVALID',
          `${key} must be a whole cent of odds (a multiple of 10)`,
          `body.${key}`,
        );
    }
    if (pricing.odds_min_milli >= pricing.odds_max_milli)
      throw sportsbookError(
        'PRICING_INVALID',
        'The minimum price must be below the maximum',
        'body.odds_min_milli',
      );
    const row = (await this.repo.setSportPricing(sport_id, pricing))!;
    this.pricingCache.delete(sport_id);
    await this.audit.record({
      actor,
      action: 'sportsbook.sport.pricing',
      target: { type: 'sb_sport', id: sport_id },
      before: pricingOfRow(before),
      after: pricingOfRow(row),
    });
    await this.repriceOpenMarkets(sport_id);
    return { id: row.id, name: row.name, ...pricingOfRow(row) };
  }

  async traderSettle(
    actor: Parameters<AuditService['record']>[0]['actor'],
    market_id: bigint,
    outcome: { winner_selection_id: bigint | null; void: boolean },
    reason: string,
  ) {
    const market = await this.repo.marketById(market_id);
    if (!market) throw new AppError('NOT_FOUND', 'No such market');
    const selections = await this.repo.selectionsOf([market_id]);
    if (outcome.void) {
      await this.resultMarket(market.event_id, market.key, 'void', 'void');
    } else {
      if (!selections.some((s) => s.id === outcome.winner_selection_id))
        throw bad(
          'winner_selection_id is not a selection of this market',
          'body.winner_selection_id',
        );
      await this.resultMarket(
        market.event_id,
        market.key,
        selections.map((s) => ({
          key: s.key,
          result: s.id === outcome.winner_selection_id ? 'won' : 'lost',
          num: 1,
          den: 1,
        })),
        'settled',
      );
    }
    await this.audit.record({
      actor,
      action: outcome.void ? 'sportsbook.market.void' : 'sportsbook.market.settle',
      target: { type: 'sb_market', id: market_id },
      after: {
        winner_selection_id: outcome.winner_selection_id?.toString() ?? null,
        void: outcome.void,
      },
      metadata: { reason },
    });
  }

  async traderStakeFactor(
    actor: Parameters<AuditService['record']>[0]['actor'],
    player_id: bigint,
    factor_milli: number,
  ) {
    const before = await this.repo.stakeFactor(player_id);
    try {
      await this.repo.setStakeFactor(player_id, factor_milli);
      // Every instance drops its copy on the trigger's notification; this one at once.
      this.stakeFactors.delete(String(player_id));
    } catch (error) {
      // The limits row references the player: an unknown id is the caller's 404.
      if ((error as { code?: string }).code === '23503')
        throw new AppError('NOT_FOUND', `Player ${player_id} does not exist`);
      throw error;
    }
    await this.audit.record({
      actor,
      action: 'sportsbook.player.stake_factor',
      target: { type: 'player', id: player_id },
      before: { stake_factor_milli: before },
      after: { stake_factor_milli: factor_milli },
    });
  }

  async traderEvents() {
    const events = await this.repo.events({ limit: 100 });
    return Promise.all(
      events.map(async (e) => ({
        ...this.eventHeader(e),
        margin_bp: e.margin_bp,
        trader_suspended: e.trader_suspended,
      })),
    );
  }

  /** The keys of an event's markets (a feed settling from a final score names them). */
  async eventMarketKeys(event_id: string): Promise<string[]> {
    return (await this.repo.marketsOf([event_id])).map((m) => m.key);
  }

  async traderEvent(event_id: string) {
    const e = await this.repo.event(event_id);
    if (!e) throw new AppError('NOT_FOUND', 'No such event');
    const markets = await this.repo.marketsOf([event_id]);
    const selections = await this.repo.selectionsOf(markets.map((m) => m.id));
    const liability = await this.repo.liability(event_id);
    const pricing = await this.pricingOf(e.sport_id);
    const bySel = new Map(liability.map((l) => [String(l.selection_id), l]));
    let eventStake = 0n;
    let worst = 0n;
    const marketViews = markets.map((m) => {
      const sels = selections.filter((s) => s.market_id === m.id);
      const stakeOnMarket = sels.reduce(
        (acc, s) => acc + (bySel.get(String(s.id))?.stake ?? 0n),
        0n,
      );
      eventStake += stakeOnMarket;
      const exhaustive = EXHAUSTIVE_MARKET_TYPES.has(m.type as MarketType);
      const view = this.publicMarket(m, sels, e);
      return {
        ...view,
        trader_suspended: m.trader_suspended,
        feed_status: m.status,
        /** Σ 1/odds of the prices offered, in basis points (10_532 = 105.32 %); null: none offered. */
        book_bp: bookBp(view.selections.map((s) => s.odds_milli)),
        /** The same before the guard: the feed's prices with the margin, and fixed prices. */
        feed_book_bp: bookBp(sels.map((s) => this.bookOffer(s, e.margin_bp).odds_milli)),
        /** The book's floor for this market (1 + the sport's margin floor); null: not exhaustive. */
        book_min_bp: exhaustive ? 10_000 + pricing.margin_min_bp : null,
        /** Why the book suspended the market on its own; null: it does not. */
        book_stop: m.book_stop,
        selections: view.selections.map((s) => {
          const l = bySel.get(s.id);
          const stake = l?.stake ?? 0n;
          const potential = l?.potential ?? 0n;
          // What the book loses if this selection wins: returns owed minus the market's stakes.
          const net = potential - stakeOnMarket;
          if (net > worst) worst = net;
          const row = sels.find((x) => String(x.id) === s.id);
          return {
            ...s,
            trader_odds_milli: row?.trader_odds_milli ?? null,
            /** The feed's own price, before the event's margin and the guard. */
            feed_odds_milli: row?.odds_milli ?? null,
            bets: l?.bets ?? 0,
            stake_minor: stake.toString(),
            potential_minor: potential.toString(),
            liability_minor: net.toString(),
          };
        }),
      };
    });
    return {
      ...this.eventHeader(e),
      margin_bp: e.margin_bp,
      trader_suspended: e.trader_suspended,
      stake_minor: eventStake.toString(),
      worst_case_minor: worst.toString(),
      pricing,
      markets: marketViews,
    };
  }

  async ticker(filter: { player_id?: bigint; event_id?: string; limit: number }) {
    const bets = await this.repo.recentBets(filter);
    return this.betViews(bets);
  }

  stakeFactor(player_id: bigint) {
    return this.repo.stakeFactor(player_id);
  }
}

/** Basis points as a percentage with two decimals: 10_532 → "105.32 %". */
const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

const pricingOfRow = (row: SportRow): SportPricing => ({
  odds_min_milli: row.odds_min_milli,
  odds_max_milli: row.odds_max_milli,
  margin_min_bp: row.margin_min_bp,
  favourite_max_bp: row.favourite_max_bp,
});

/**
 * A placed leg as its bet's view needs it: the leg as quoted (its price, its ids) with the
 * catalogue's state from the slip's last read.
 */
const legState = (
  bet_id: bigint,
  leg: { row: SlipRow; odds_milli: number; leg_no: number },
  now: SlipRow,
): LegState => ({
  bet_id,
  leg_no: leg.leg_no,
  selection_id: leg.row.id,
  market_id: leg.row.market_id,
  event_id: leg.row.event_id,
  odds_milli: leg.odds_milli,
  selection_name: now.name,
  market_name: now.market_name,
  selection_key: now.key,
  market_key: now.market_key,
  market_type: now.market_type,
  market_line_milli: now.market_line_milli,
  market_status: now.market_status,
  market_trader_suspended: now.market_trader_suspended,
  event_status: now.event_status,
  event_trader_suspended: now.event_trader_suspended,
  home: now.home,
  away: now.away,
  result: now.result,
  dead_heat_num: now.dead_heat_num,
  dead_heat_den: now.dead_heat_den,
  book_odds_milli: now.book_odds_milli,
  active: now.active,
});
