import { z } from 'zod';
import type { FeedAdapter, FeedSink } from '../feed.types.ts';
import { OddsApiClient, OddsApiError, type Quota } from './odds-api.client.ts';
import {
  eventId,
  fixtureOf,
  mapOdds,
  ODDS_API_MARKETS,
  type OddsApiEvent,
  type OddsApiScore,
  settlementOf,
} from './odds-api.mapping.ts';

/**
 * The Odds API v4 as a feed adapter: polls each configured sport's odds and scores within the
 * operator's monthly request budget, maps them to feed messages, backs off on 429 and
 * timeouts, and suspends its events' markets when its data grows stale. One instance polls
 * (the `sportsbook.feed` leader lease); tests drive `poll(now)` themselves.
 */

export type OddsApiFeedOptions = {
  base_url: string;
  api_key: string;
  /** Sport keys (`soccer_epl`, `cricket_ipl`, `tennis_atp_wimbledon`). */
  sports: string[];
  /** Bookmaker regions (`uk`, `eu`, `us`, `au`): each multiplies an odds request's cost. */
  regions: string[];
  /** Requests the operator allows per calendar month (UTC). */
  monthly_budget: number;
  /** Our margin over the bookmakers' de-margined consensus (basis points). */
  margin_bp: number;
  timeout_ms?: number;
  /** How old the last good answer may be before the sport's markets suspend. */
  stale_ms?: number;
  /** Published market keys of an event (settlement from the final score needs them). */
  marketKeys: (event_id: string) => Promise<string[]>;
  log?: (message: string, error?: unknown) => void;
  fetch?: typeof fetch;
};

/** Polls never come closer than these, whatever the budget allows. */
export const POLL_MIN_MS = { live: 15_000, prematch: 60_000 };
/** Nor further apart than this (a budget nearly spent still checks in). */
export const POLL_MAX_MS = 6 * 3_600_000;
/** A sport with a game in play gets this many shares of the budget to a pre-match sport's one. */
export const LIVE_WEIGHT = 4;
/** Back-off after a failure: from this, doubling, up to the ceiling; a 429's Retry-After wins. */
export const BACKOFF_MS = { first: 10_000, max: 15 * 60_000 };
/** A 401 (wrong key, plan exhausted) waits this long: retrying sooner cannot help. */
export const UNAUTHORIZED_BACKOFF_MS = 3_600_000;
export const TIMEOUT_MS_DEFAULT = 10_000;
export const STALE_MS_DEFAULT = 3 * 60_000;
/** Completed games' scores are asked for over this many past days (costs 2 instead of 1). */
const SCORES_DAYS_FROM = 1;

const outcome = z.object({
  name: z.string().max(200),
  price: z.number().nullish(),
  point: z.number().nullish(),
});
const eventSchema = z.object({
  id: z.string().min(1).max(100),
  sport_key: z.string().min(1).max(100),
  sport_title: z.string().max(200),
  commence_time: z.iso.datetime({ offset: true }),
  home_team: z.string().min(1).max(200),
  away_team: z.string().min(1).max(200),
  bookmakers: z
    .array(
      z.object({
        key: z.string().max(100),
        title: z.string().max(200),
        markets: z
          .array(z.object({ key: z.string().max(100), outcomes: z.array(outcome).max(100) }))
          .max(50),
      }),
    )
    .max(200)
    .optional(),
});
const scoreSchema = z.object({
  id: z.string().min(1).max(100),
  sport_key: z.string().min(1).max(100),
  sport_title: z.string().max(200).optional(),
  commence_time: z.iso.datetime({ offset: true }),
  completed: z.boolean(),
  home_team: z.string().min(1).max(200),
  away_team: z.string().min(1).max(200),
  scores: z
    .array(z.object({ name: z.string().max(200), score: z.string().max(40) }))
    .max(10)
    .nullable(),
  last_update: z.string().nullable(),
});

type SportState = {
  next_at: number;
  /** The interval planned after the last good answer: data is stale only past it and the limit. */
  interval_ms: number;
  failures: number;
  last_success_at: number | null;
  live: boolean;
  /** Our event ids seen in the last good answer (suspended together when stale). */
  events: Set<string>;
  stale: boolean;
};

export type FeedHealth = {
  provider: string;
  state: 'ok' | 'stale' | 'failing' | 'starting';
  last_success_at: string | null;
  last_error: { at: string; kind: string; message: string } | null;
  requests_remaining: number | null;
  requests_used: number | null;
  unknown_markets: number;
  unpriced_markets: number;
  sports: {
    key: string;
    live: boolean;
    next_poll_at: string;
    last_success_at: string | null;
    stale: boolean;
  }[];
};

export class OddsApiFeed implements FeedAdapter {
  readonly provider = 'odds_api';
  private readonly client: OddsApiClient;
  private readonly sports = new Map<string, SportState>();
  private quota: Quota = { remaining: null, used: null, last: null };
  private lastError: FeedHealth['last_error'] = null;
  private unknown = 0;
  private unpriced = 0;
  private settled = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private sink: FeedSink | null = null;

  constructor(private readonly options: OddsApiFeedOptions) {
    this.client = new OddsApiClient({
      base_url: options.base_url,
      api_key: options.api_key,
      timeout_ms: options.timeout_ms ?? TIMEOUT_MS_DEFAULT,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    for (const key of options.sports) {
      this.sports.set(key, {
        next_at: 0,
        interval_ms: 0,
        failures: 0,
        last_success_at: null,
        live: false,
        events: new Set(),
        stale: false,
      });
    }
  }

  attach(sink: FeedSink) {
    this.sink = sink;
  }

  start(sink: FeedSink): void {
    this.sink = sink;
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = this.poll(Date.now())
        .catch((error) => this.options.log?.('odds api poll', error))
        .finally(() => {
          this.busy = null;
        });
    }, 1_000);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }

  /** One scheduler pass: polls each sport that is due, then suspends the stale ones. */
  async poll(now: number): Promise<void> {
    for (const [key, s] of this.sports) {
      if (now >= s.next_at) await this.pollSport(key, s, now);
    }
    await this.suspendStale(now);
  }

  /** Requests one poll of a sport costs: its odds (markets × regions) and its scores. */
  pollCost(): number {
    return (
      ODDS_API_MARKETS.length * Math.max(1, this.options.regions.length) +
      (SCORES_DAYS_FROM > 0 ? 2 : 1)
    );
  }

  /**
   * The interval for a sport so that all sports together spend what is left of the budget
   * evenly until the month ends, a live sport LIVE_WEIGHT times as often as a pre-match one.
   */
  intervalMs(sport: string, now: number): number {
    const s = this.sports.get(sport);
    const live = s?.live ?? false;
    const monthEnd = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1);
    const usedByUs = this.quota.used ?? 0;
    const leftInBudget = Math.max(0, this.options.monthly_budget - usedByUs);
    const left = Math.min(leftInBudget, this.quota.remaining ?? leftInBudget);
    const shares = [...this.sports.values()].reduce((a, x) => a + (x.live ? LIVE_WEIGHT : 1), 0);
    const perMs = left / Math.max(1, monthEnd - now);
    const mine = (perMs * (live ? LIVE_WEIGHT : 1)) / Math.max(1, shares);
    const ideal = mine > 0 ? this.pollCost() / mine : POLL_MAX_MS;
    return Math.round(
      Math.min(POLL_MAX_MS, Math.max(live ? POLL_MIN_MS.live : POLL_MIN_MS.prematch, ideal)),
    );
  }

  private async pollSport(key: string, s: SportState, now: number) {
    try {
      const odds = await this.client.odds(key, this.options.regions, ODDS_API_MARKETS);
      this.quota = odds.quota;
      const seen = new Set<string>();
      let live = false;
      for (const raw of odds.data) {
        const parsed = eventSchema.safeParse(raw);
        if (!parsed.success) continue;
        const e = parsed.data as OddsApiEvent;
        const mapped = mapOdds(
          e,
          new Date(now),
          this.options.margin_bp,
          `${eventId(e.id)}:odds:${now}`,
        );
        this.unknown += mapped.unknown;
        this.unpriced += mapped.unpriced;
        live ||= mapped.fixture.status === 'live';
        seen.add(mapped.fixture.id);
        await this.send({
          kind: 'fixture_change',
          id: `${mapped.fixture.id}:fixture:${now}`,
          fixture: mapped.fixture,
        });
        await this.send(mapped.message);
      }
      const scores = await this.client.scores(key, SCORES_DAYS_FROM);
      this.quota = scores.quota;
      for (const raw of scores.data) {
        const parsed = scoreSchema.safeParse(raw);
        if (parsed.success) await this.applyScore(parsed.data, now);
      }
      s.events = seen;
      s.live = live;
      s.failures = 0;
      s.last_success_at = now;
      s.stale = false;
      s.interval_ms = this.intervalMs(key, now);
      s.next_at = now + s.interval_ms;
    } catch (caught) {
      // Whatever failed (the provider, or writing what it sent), the sport backs off: never a
      // retry every second that spends the quota.
      const error =
        caught instanceof OddsApiError
          ? caught
          : new OddsApiError('unavailable', (caught as Error).message);
      s.failures += 1;
      this.lastError = {
        at: new Date(now).toISOString(),
        kind: error.kind,
        message: error.message,
      };
      this.options.log?.(`odds api ${key}: ${error.kind}`, error.message);
      const backoff =
        error.kind === 'unauthorized'
          ? UNAUTHORIZED_BACKOFF_MS
          : Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** (s.failures - 1));
      s.next_at = now + Math.max(backoff, error.retry_after_ms ?? 0);
    }
  }

  private async applyScore(sc: OddsApiScore, now: number) {
    const id = eventId(sc.id);
    const home = sc.scores?.find((x) => x.name === sc.home_team)?.score;
    const away = sc.scores?.find((x) => x.name === sc.away_team)?.score;
    if (!sc.completed) {
      if (home === undefined || away === undefined) return;
      await this.send({
        kind: 'odds_change',
        id: `${id}:score:${now}`,
        event_id: id,
        status: 'live',
        score: { home, away },
        markets: [],
      });
      return;
    }
    if (this.settled.has(id)) return;
    await this.send({
      kind: 'fixture_change',
      id: `${id}:fixture:${now}`,
      fixture: fixtureOf(sc, new Date(now), 'ended'),
    });
    await this.send({
      kind: 'odds_change',
      id: `${id}:final:${now}`,
      event_id: id,
      status: 'ended',
      ...(home !== undefined && away !== undefined ? { score: { home, away } } : {}),
      markets: [],
    });
    const markets = settlementOf(sc, await this.options.marketKeys(id));
    // One id per game's final result: a repeat (or another instance's) settles nothing twice.
    if (markets.length > 0)
      await this.send({ kind: 'bet_settlement', id: `${id}:result`, event_id: id, markets });
    this.settled.add(id);
  }

  /**
   * A sport whose poll due has failed for `stale_ms` has its events' markets suspended (once):
   * a price older than the budget's interval plus that limit is not offered.
   */
  private async suspendStale(now: number) {
    const limit = this.options.stale_ms ?? STALE_MS_DEFAULT;
    for (const s of this.sports.values()) {
      if (s.stale || s.last_success_at === null || now - s.last_success_at < s.interval_ms + limit)
        continue;
      s.stale = true;
      for (const event_id of s.events)
        await this.send({ kind: 'bet_stop', id: `${event_id}:stale:${now}`, event_id });
    }
  }

  /** Suspends every market of the events last listed (the operator switched to another feed). */
  async suspendAll() {
    await this.busy;
    for (const s of this.sports.values()) {
      for (const event_id of s.events)
        await this.send({ kind: 'bet_stop', id: `${event_id}:retired`, event_id });
    }
  }

  private async send(message: Parameters<FeedSink>[0]) {
    if (!this.sink) throw new Error('odds api feed has no sink');
    await this.sink(message);
  }

  health(now = Date.now()): FeedHealth {
    const sports = [...this.sports.entries()].map(([key, s]) => ({
      key,
      live: s.live,
      next_poll_at: new Date(Math.max(s.next_at, now)).toISOString(),
      last_success_at:
        s.last_success_at === null ? null : new Date(s.last_success_at).toISOString(),
      stale: s.stale,
    }));
    const successes = sports
      .map((s) => s.last_success_at)
      .filter((x): x is string => x !== null)
      .sort();
    const failing = [...this.sports.values()].some((s) => s.failures > 0);
    return {
      provider: this.provider,
      state: sports.some((s) => s.stale)
        ? 'stale'
        : failing
          ? 'failing'
          : successes.length
            ? 'ok'
            : 'starting',
      last_success_at: successes.at(-1) ?? null,
      last_error: this.lastError,
      requests_remaining: this.quota.remaining,
      requests_used: this.quota.used,
      unknown_markets: this.unknown,
      unpriced_markets: this.unpriced,
      sports,
    };
  }
}
