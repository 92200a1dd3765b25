import type {
  EventStatus,
  FeedFixture,
  FeedMarket,
  FeedMessage,
  FeedOutcome,
  FeedSelection,
} from '../feed.types.ts';

/**
 * The Odds API v4's documented shapes (GET /v4/sports/{sport}/odds and /scores) and their
 * mapping onto the sportsbook's feed messages. Pure: the poller does the I/O.
 */

export type OddsApiOutcome = { name: string; price?: number | null; point?: number | null };
export type OddsApiMarket = { key: string; last_update?: string; outcomes: OddsApiOutcome[] };
export type OddsApiBookmaker = {
  key: string;
  title: string;
  last_update?: string;
  markets: OddsApiMarket[];
};
export type OddsApiEvent = {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers?: OddsApiBookmaker[];
};
export type OddsApiScore = {
  id: string;
  sport_key: string;
  sport_title?: string;
  commence_time: string;
  completed: boolean;
  home_team: string;
  away_team: string;
  scores: { name: string; score: string }[] | null;
  last_update: string | null;
};

/** The markets this adapter maps; any other key a bookmaker sends is counted and ignored. */
export const ODDS_API_MARKETS = ['h2h', 'spreads', 'totals'] as const;

/** Our event ids for the provider's: the prefix keeps them apart from other providers'. */
export const EVENT_PREFIX = 'oddsapi:';
export const eventId = (providerId: string) => `${EVENT_PREFIX}${providerId}`;

/** The provider's sport group (`soccer_epl` → soccer) onto our sport ids. */
const SPORT_GROUPS: Record<string, { id: string; name: string }> = {
  soccer: { id: 'football', name: 'Football' },
  cricket: { id: 'cricket', name: 'Cricket' },
  tennis: { id: 'tennis', name: 'Tennis' },
  basketball: { id: 'basketball', name: 'Basketball' },
  icehockey: { id: 'ice_hockey', name: 'Ice hockey' },
  americanfootball: { id: 'american_football', name: 'American football' },
  baseball: { id: 'baseball', name: 'Baseball' },
  rugbyleague: { id: 'rugby_league', name: 'Rugby league' },
  rugbyunion: { id: 'rugby_union', name: 'Rugby union' },
};

export function sportOf(sport_key: string): { id: string; name: string } {
  const group = sport_key.split('_')[0] ?? sport_key;
  return SPORT_GROUPS[group] ?? { id: group.slice(0, 40), name: group };
}

/** A sport where a match can be drawn: its h2h market has a Draw outcome and three ways. */
export const drawsPossible = (sport_key: string) => sport_key.startsWith('soccer_');

export function fixtureOf(
  e: OddsApiEvent | OddsApiScore,
  now: Date,
  status?: EventStatus,
): FeedFixture {
  const starts_at = new Date(e.commence_time);
  return {
    id: eventId(e.id),
    sport: sportOf(e.sport_key),
    competition: {
      id: `${EVENT_PREFIX}${e.sport_key}`,
      name: e.sport_title ?? e.sport_key,
      country: '',
    },
    home: e.home_team,
    away: e.away_team,
    starts_at,
    status: status ?? (starts_at.getTime() <= now.getTime() ? 'live' : 'not_started'),
  };
}

/**
 * A decimal price to thousandths from its shortest decimal text (no float multiplication);
 * null when it is missing, not a price (≤ 1) or finer than a thousandth.
 */
export function priceMilli(price: unknown): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 1 || price > 100_000) {
    return null;
  }
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(String(price));
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** A handicap or total in thousandths (quarter lines included); null when not a line. */
export function lineMilli(point: unknown): number | null {
  if (typeof point !== 'number' || !Number.isFinite(point) || Math.abs(point) > 10_000) return null;
  const milli = Math.round(point * 1000);
  return milli % 250 === 0 ? milli : null;
}

type Shape = { key: string; type: FeedMarket['type']; line_milli: number | null; name: string };
type Quote = { shape: Shape; outcomes: { key: string; name: string }[]; prices: (number | null)[] };

/** One bookmaker's market as ours: its outcomes in our order with their prices (null: missing). */
function quoteOf(e: OddsApiEvent, m: OddsApiMarket): Quote | null {
  const byName = (name: string) => m.outcomes.find((o) => o.name === name);
  if (m.key === 'h2h') {
    const outcomes = [
      { key: 'home', name: e.home_team },
      ...(drawsPossible(e.sport_key) ? [{ key: 'draw', name: 'Draw' }] : []),
      { key: 'away', name: e.away_team },
    ];
    return {
      shape: { key: 'match_winner', type: 'match_winner', line_milli: null, name: 'Match result' },
      outcomes,
      prices: outcomes.map((o) => priceMilli(byName(o.name)?.price)),
    };
  }
  if (m.key === 'spreads') {
    const home = byName(e.home_team);
    const away = byName(e.away_team);
    const line = lineMilli(home?.point);
    // Each side's point is the other's negated; anything else is not one handicap market.
    if (line === null || lineMilli(away?.point) !== -line) return null;
    const sign = (milli: number) => `${milli > 0 ? '+' : ''}${milli / 1000}`;
    return {
      shape: {
        key: `handicap:${line}`,
        type: 'handicap',
        line_milli: line,
        name: `Handicap ${sign(line)}`,
      },
      outcomes: [
        { key: 'home', name: `${e.home_team} ${sign(line)}` },
        { key: 'away', name: `${e.away_team} ${sign(-line)}` },
      ],
      prices: [priceMilli(home?.price), priceMilli(away?.price)],
    };
  }
  if (m.key === 'totals') {
    const over = byName('Over');
    const under = byName('Under');
    const line = lineMilli(over?.point ?? under?.point);
    if (line === null || line <= 0) return null;
    return {
      shape: {
        key: `totals:${line}`,
        type: 'totals',
        line_milli: line,
        name: `Total ${line / 1000}`,
      },
      outcomes: [
        { key: 'over', name: `Over ${line / 1000}` },
        { key: 'under', name: `Under ${line / 1000}` },
      ],
      prices: [priceMilli(over?.price), priceMilli(under?.price)],
    };
  }
  return null;
}

/**
 * The bookmakers' consensus: each bookmaker's complete quote de-margined (implied
 * probabilities normalised to 1), averaged over bookmakers, normalised again. Null when no
 * bookmaker priced every outcome.
 */
export function consensus(quotes: readonly (readonly (number | null)[])[]): number[] | null {
  const fair: number[][] = [];
  for (const prices of quotes) {
    if (prices.length === 0 || prices.some((p) => p === null)) continue;
    const implied = prices.map((p) => 1000 / (p as number));
    const book = implied.reduce((a, b) => a + b, 0);
    fair.push(implied.map((q) => q / book));
  }
  if (fair.length === 0) return null;
  const n = fair[0]!.length;
  const mean = Array.from(
    { length: n },
    (_, i) => fair.reduce((a, f) => a + f[i]!, 0) / fair.length,
  );
  const total = mean.reduce((a, b) => a + b, 0);
  return mean.map((p) => p / total);
}

/** Our price from a fair probability and our margin: 1 / (p · (1 + m)), cut to the thousandth. */
export function marginPrice(p: number, margin_bp: number): number {
  const odds = Math.floor(1000 / (p * (1 + margin_bp / 10_000)));
  // The guard (sportsbook.pricing.ts) clamps to the sport's range or suspends a near-certain market.
  return Math.max(1_001, Math.min(1_000_000, odds));
}

export type MappedOdds = {
  fixture: FeedFixture;
  message: Extract<FeedMessage, { kind: 'odds_change' }>;
  /** Provider market keys we do not map (counted for the desk). */
  unknown: number;
  /** Our markets without one complete bookmaker quote: sent suspended, no price. */
  unpriced: number;
};

/** One event of the odds endpoint → its fixture and one odds change (prices through our margin). */
export function mapOdds(
  e: OddsApiEvent,
  now: Date,
  margin_bp: number,
  message_id: string,
): MappedOdds {
  const fixture = fixtureOf(e, now);
  const byKey = new Map<
    string,
    { shape: Shape; outcomes: Quote['outcomes']; quotes: Quote['prices'][] }
  >();
  let unknown = 0;
  for (const b of e.bookmakers ?? []) {
    for (const m of b.markets ?? []) {
      if (!(ODDS_API_MARKETS as readonly string[]).includes(m.key)) {
        unknown += 1;
        continue;
      }
      const q = quoteOf(e, m);
      if (!q) continue;
      const entry = byKey.get(q.shape.key) ?? { shape: q.shape, outcomes: q.outcomes, quotes: [] };
      entry.quotes.push(q.prices);
      byKey.set(q.shape.key, entry);
    }
  }
  let unpriced = 0;
  const markets: FeedMarket[] = [];
  for (const { shape, outcomes, quotes } of byKey.values()) {
    const fair = consensus(quotes);
    if (!fair) unpriced += 1;
    const selections: FeedSelection[] = outcomes.map((o, i) => ({
      key: o.key,
      name: o.name,
      odds_milli: fair ? marginPrice(fair[i]!, margin_bp) : null,
      active: fair !== null,
    }));
    markets.push({ ...shape, status: fair ? 'open' : 'suspended', selections });
  }
  return {
    fixture,
    message: {
      kind: 'odds_change',
      id: message_id,
      event_id: fixture.id,
      status: fixture.status,
      markets,
    },
    unknown,
    unpriced,
  };
}

/** Runs from a score text: "2" → 2, cricket's "180/6" → 180; null when not a score. */
export function runsOf(score: string | undefined): number | null {
  const m = score === undefined ? null : /^\s*(\d{1,4})(?:\/\d{1,2})?(?:\s|$|\()/.exec(score);
  return m ? Number(m[1]) : null;
}

export function scoreOf(s: OddsApiScore): { home: number; away: number } | null {
  const home = runsOf(s.scores?.find((x) => x.name === s.home_team)?.score);
  const away = runsOf(s.scores?.find((x) => x.name === s.away_team)?.score);
  return home === null || away === null ? null : { home, away };
}

/** A line bet's result from the margin over its line (thousandths); quarter lines split in two halves. */
export function lineResult(diff_milli: number): FeedOutcome['result'] {
  const half = (d: number) => (d > 0 ? 'won' : d < 0 ? 'lost' : 'void');
  if (Math.abs(diff_milli) % 500 !== 250) return half(diff_milli);
  const a = half(diff_milli - 250);
  const b = half(diff_milli + 250);
  if (a === b) return a;
  return a === 'lost' ? (b === 'void' ? 'half_lost' : 'lost') : 'half_won';
}

/**
 * The results a final score decides for the markets we published (their keys): match
 * result, totals and handicaps. Keys we cannot decide are left to the desk.
 */
export function settlementOf(
  s: OddsApiScore,
  market_keys: readonly string[],
): { key: string; outcomes: FeedOutcome[] }[] {
  const score = scoreOf(s);
  if (!s.completed || !score) return [];
  const { home, away } = score;
  const out: { key: string; outcomes: FeedOutcome[] }[] = [];
  for (const key of market_keys) {
    if (key === 'match_winner') {
      const winner = home > away ? 'home' : away > home ? 'away' : 'draw';
      const outcomes: FeedOutcome[] = (['home', 'away'] as const).map((k) => ({
        key: k,
        // A tie in a two-way market (no draw offered) returns the stakes.
        result:
          winner === k ? 'won' : winner === 'draw' && !drawsPossible(s.sport_key) ? 'void' : 'lost',
      }));
      if (drawsPossible(s.sport_key))
        outcomes.push({ key: 'draw', result: winner === 'draw' ? 'won' : 'lost' });
      out.push({ key, outcomes });
      continue;
    }
    const m = /^(totals|handicap):(-?\d+)$/.exec(key);
    if (!m) continue;
    const line = Number(m[2]);
    const diff = m[1] === 'totals' ? (home + away) * 1000 - line : (home - away) * 1000 + line;
    const [first, second] =
      m[1] === 'totals' ? (['over', 'under'] as const) : (['home', 'away'] as const);
    out.push({
      key,
      outcomes: [
        { key: first, result: lineResult(diff) },
        { key: second, result: lineResult(-diff) },
      ],
    });
  }
  return out;
}
