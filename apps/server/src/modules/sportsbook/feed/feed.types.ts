/**
 * The one interface between the sportsbook and an odds/results provider. A provider's
 * adapter turns its wire messages into these and hands them to the sink; the sportsbook
 * never sees the provider's format. docs/sportsbook-feed.md maps each message to the
 * industry feeds' own (fixture_change, odds_change, bet_stop, bet_settlement,
 * rollback_bet_settlement, bet_cancel).
 */

export type MarketType =
  | 'match_winner'
  | 'totals'
  | 'handicap'
  | 'btts'
  | 'top_batsman'
  | 'innings_runs'
  | 'next_over_runs';

export const MARKET_TYPES: readonly MarketType[] = [
  'match_winner',
  'totals',
  'handicap',
  'btts',
  'top_batsman',
  'innings_runs',
  'next_over_runs',
];

/**
 * Market types whose selections cover every result (a tie is a dead heat, a quarter line
 * half wins): backing each in proportion to 1/odds returns 1 / Σ(1/odds) whatever happens,
 * so the book keeps Σ(1/odds) at or above 1 + the sport's margin floor. An adapter maps a
 * provider's market to one of these only when that holds; `top_batsman` lists six batsmen
 * of eleven, so an unlisted one may win.
 */
export const EXHAUSTIVE_MARKET_TYPES: ReadonlySet<MarketType> = new Set([
  'match_winner',
  'totals',
  'handicap',
  'btts',
  'innings_runs',
  'next_over_runs',
]);

export type EventStatus = 'not_started' | 'live' | 'suspended' | 'ended' | 'cancelled';

export type FeedScore = { home: string; away: string; detail?: string };

/**
 * The match tracker's state (the event page's live panel): cricket ball by ball, football's
 * timeline, tennis points. Carried by `odds_change`, stored on the event and pushed with it.
 */
export type FeedTracker =
  | {
      sport: 'cricket';
      innings: number;
      batting: 'home' | 'away';
      runs: number;
      wickets: number;
      /** Legal balls bowled in the innings; overs as cricket writes them ("12.3"). */
      balls: number;
      overs: string;
      /** The balls of the over under way: "0"–"6" runs, "W" a wicket. */
      this_over: string[];
      /** Runs per over so far, and needed per over in a chase (null otherwise), 2 decimals. */
      run_rate: string;
      target: number | null;
      required_rate: string | null;
    }
  | {
      sport: 'football';
      minute: number;
      timeline: { minute: number; type: 'goal' | 'yellow' | 'red'; side: 'home' | 'away' }[];
    }
  | {
      sport: 'tennis';
      /** Games of each finished set, then the set under way ("6-4"). */
      sets: string[];
      /** The game's points as tennis calls them ("15", "40", "AD"; tiebreak counts). */
      points: [string, string];
      server: 'home' | 'away';
      tiebreak: boolean;
      /** Who won each of the last points of the game under way, oldest first. */
      last_points: ('home' | 'away')[];
    };

export type FeedFixture = {
  id: string;
  sport: { id: string; name: string };
  competition: { id: string; name: string; country: string };
  home: string;
  away: string;
  starts_at: Date;
  status: EventStatus;
};

export type FeedSelection = {
  key: string;
  name: string;
  /** Fair-with-margin decimal odds × 1000; null = no price (outcome inactive). */
  odds_milli: number | null;
  active: boolean;
};

export type FeedMarket = {
  key: string;
  type: MarketType;
  line_milli: number | null;
  name: string;
  status: 'open' | 'suspended';
  selections: FeedSelection[];
};

export type FeedOutcome = {
  key: string;
  result: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
  dead_heat?: { num: number; den: number };
};

/** Every message carries the provider's unique id: a message seen twice is applied once. */
export type FeedMessage =
  | { kind: 'fixture_change'; id: string; fixture: FeedFixture }
  | {
      kind: 'odds_change';
      id: string;
      event_id: string;
      status?: EventStatus;
      score?: FeedScore;
      clock?: string;
      tracker?: FeedTracker;
      markets: FeedMarket[];
    }
  /** Suspends the listed markets (all of the event's when `market_keys` is absent). */
  | { kind: 'bet_stop'; id: string; event_id: string; market_keys?: string[] }
  | {
      kind: 'bet_settlement';
      id: string;
      event_id: string;
      markets: { key: string; outcomes: FeedOutcome[] }[];
    }
  /** Withdraws earlier results: the markets' bets go back to open (money moves back). */
  | { kind: 'rollback_bet_settlement'; id: string; event_id: string; market_keys: string[] }
  /** Voids markets (abandoned match, wrong price): every outcome void. */
  | { kind: 'bet_cancel'; id: string; event_id: string; market_keys: string[]; reason: string };

export type FeedSink = (message: FeedMessage) => Promise<void>;

export interface FeedAdapter {
  /** Provider key, stored with each processed message id. */
  readonly provider: string;
  /** Starts delivering messages to the sink (a real adapter connects; the simulator ticks). */
  start(sink: FeedSink): void;
  stop(): Promise<void>;
}
