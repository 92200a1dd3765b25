import { priceMilli } from '../sportsbook.math.ts';
import type {
  FeedAdapter,
  FeedFixture,
  FeedMarket,
  FeedMessage,
  FeedOutcome,
  FeedSink,
  FeedTracker,
} from './feed.types.ts';

/**
 * A provider that plays matches itself: cricket ball by ball (T20), football minute by
 * minute with Poisson goals. Prices come from the match state with a proportional margin.
 * A scheduler keeps a few matches live and a few upcoming, so the demo is never empty.
 *
 * Time is simulated: `tick(ms)` advances every match by ms × speed. `start()` ticks once a
 * second on a timer; tests never start it and call `tick` themselves.
 */

export type SimOptions = {
  /** Simulated milliseconds per real millisecond (tests: large, or drive `tick`). */
  speed?: number;
  seed?: number;
  margin?: number;
  /** Matches kept live and upcoming per sport. */
  live_per_sport?: number;
  upcoming_per_sport?: number;
  /** Gap between a fixture's announcement and its start. */
  lead_ms?: number;
  cricket_ball_ms?: number;
  cricket_overs?: number;
  football_minute_ms?: number;
  tennis_point_ms?: number;
  /** How long before a ball or a point the feed marks the danger moment (markets stopped). */
  danger_ms?: number;
  /** Chance that a football minute holds a dangerous attack (the only minutes goals come in). */
  football_danger_p?: number;
  now?: () => number;
};

const DEFAULTS = {
  speed: 1,
  seed: 20260101,
  margin: 0.06,
  live_per_sport: 1,
  upcoming_per_sport: 3,
  lead_ms: 6 * 60_000,
  // A ball every 45 s and a point every 35 s (about a real T20's and a real match's pace):
  // prices hold between danger moments long enough for a 5 s bet delay to pass.
  cricket_ball_ms: 45_000,
  cricket_overs: 20,
  football_minute_ms: 8_000,
  tennis_point_ms: 35_000,
  danger_ms: 3_000,
  football_danger_p: 0.08,
};

/** Seeded PRNG (mulberry32): the same seed plays the same matches. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

function poisson(lambda: number, max = 12): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

const CRICKET_TEAMS: [string, string[]][] = [
  [
    'Mumbai Mariners',
    [
      'R. Sharma',
      'I. Kishan',
      'S. Yadav',
      'T. Varma',
      'H. Pandya',
      'T. David',
      'N. Wadhera',
      'P. Chawla',
      'J. Bumrah',
      'A. Madhwal',
      'G. Coetzee',
    ],
  ],
  [
    'Chennai Kings',
    [
      'R. Gaikwad',
      'D. Conway',
      'A. Rahane',
      'S. Dube',
      'R. Jadeja',
      'M. Dhoni',
      'M. Ali',
      'D. Chahar',
      'T. Deshpande',
      'M. Pathirana',
      'M. Theekshana',
    ],
  ],
  [
    'Bengaluru Royals',
    [
      'V. Kohli',
      'F. du Plessis',
      'R. Patidar',
      'G. Maxwell',
      'C. Green',
      'D. Karthik',
      'M. Lomror',
      'K. Sharma',
      'M. Siraj',
      'Y. Dayal',
      'A. Deep',
    ],
  ],
  [
    'Kolkata Riders',
    [
      'P. Salt',
      'S. Narine',
      'V. Iyer',
      'S. Iyer',
      'A. Russell',
      'R. Singh',
      'R. Singh II',
      'M. Starc',
      'H. Rana',
      'V. Chakravarthy',
      'V. Arora',
    ],
  ],
  [
    'Delhi Capitals XI',
    [
      'D. Warner',
      'P. Shaw',
      'R. Pant',
      'T. Stubbs',
      'A. Patel',
      'S. Hope',
      'A. Porel',
      'K. Yadav',
      'A. Nortje',
      'K. Ahmed',
      'I. Sharma',
    ],
  ],
  [
    'Rajasthan Rangers',
    [
      'Y. Jaiswal',
      'J. Buttler',
      'S. Samson',
      'R. Parag',
      'D. Jurel',
      'S. Hetmyer',
      'R. Ashwin',
      'T. Boult',
      'Y. Chahal',
      'A. Khan',
      'S. Sharma',
    ],
  ],
];
const TENNIS_PLAYERS = [
  'S. Nagal',
  'R. Bopanna',
  'C. Alcaraz',
  'J. Sinner',
  'N. Djokovic',
  'D. Medvedev',
  'A. Zverev',
  'H. Rune',
  'C. Ruud',
  'T. Fritz',
  'A. de Minaur',
  'S. Tsitsipas',
];
const FOOTBALL_TEAMS = [
  'Arsenal Lions',
  'Madrid Blancos',
  'Milano Rossoneri',
  'Lisboa Águias',
  'Porto Dragões',
  'Paris Étoiles',
  'Bavaria Red',
  'Amsterdam Ajacied',
  'Kolkata Mariners',
  'Goa Gaurs',
  'Mumbai City Blue',
  'Lyon Olympique',
];

type Common = {
  id: string;
  fixture: FeedFixture;
  starts_at: number;
  /** Simulated ms since kick-off / first ball. */
  played_ms: number;
  status: 'not_started' | 'live' | 'ended';
  /** Market keys already resulted (never resulted twice by the simulator). */
  settled: Set<string>;
  /** A danger moment is under way: the event's markets are stopped until the next prices. */
  stopped: boolean;
};

type Batter = { name: string; runs: number; balls: number; out: boolean };
type Innings = {
  team: 0 | 1;
  runs: number;
  wickets: number;
  balls: number;
  batters: Batter[];
  striker: number;
  nonStriker: number;
  next: number;
  overRuns: number[];
  /** The balls of the over under way, for the tracker. */
  thisOver: string[];
  line_milli: number;
};
type Cricket = Common & {
  sport: 'cricket';
  teams: [string, string];
  squads: [string[], string[]];
  innings: Innings[];
  ballsDone: number;
  strength: number;
};
type Football = Common & {
  sport: 'football';
  lambda: [number, number];
  goals: [number, number];
  minute: number;
  timeline: { minute: number; type: 'goal' | 'yellow' | 'red'; side: 'home' | 'away' }[];
};
type Tennis = Common & {
  sport: 'tennis';
  players: [string, string];
  /** Probability that each player wins a point on his own serve. */
  serve: [number, number];
  sets: [number, number];
  games: [number, number];
  points: [number, number];
  server: 0 | 1;
  pointsDone: number;
  setScores: string[];
  /** Who won each point of the game under way, for the tracker. */
  gamePoints: (0 | 1)[];
};
type Match = Cricket | Football | Tennis;

const SIDES = ['home', 'away'] as const;
/** Timeline entries a tracker message carries (the latest). */
const TIMELINE_MAX = 40;
/** Points of the game under way a tennis tracker shows. */
const GAME_POINTS_MAX = 12;

/** P(server wins the game) from points (a, b), with deuce. */
export function gameWin(p: number, a: number, b: number): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (a === b) return deuce;
    return a > b ? p + (1 - p) * deuce : p * deuce;
  }
  return p * gameWin(p, a + 1, b) + (1 - p) * gameWin(p, a, b + 1);
}

/** P(first player wins a tiebreak to 7) from points, with a per-point win probability. */
function tiebreakWin(q: number, a: number, b: number): number {
  if (a >= 7 && a - b >= 2) return 1;
  if (b >= 7 && b - a >= 2) return 0;
  if (a >= 6 && b >= 6) {
    const even = (q * q) / (q * q + (1 - q) * (1 - q));
    if (a === b) return even;
    return a > b ? q + (1 - q) * even : q * even;
  }
  return q * tiebreakWin(q, a + 1, b) + (1 - q) * tiebreakWin(q, a, b + 1);
}

/** P(player 0 wins the set) from games, the server of the game under way and its points. */
export function setWin(
  serve: [number, number],
  g0: number,
  g1: number,
  server: 0 | 1,
  p0 = 0,
  p1 = 0,
): number {
  if (g0 >= 6 && g0 - g1 >= 2) return 1;
  if (g1 >= 6 && g1 - g0 >= 2) return 0;
  if (g0 === 7) return 1;
  if (g1 === 7) return 0;
  if (g0 === 6 && g1 === 6) return tiebreakWin((serve[0] + 1 - serve[1]) / 2, p0, p1);
  const game = server === 0 ? gameWin(serve[0], p0, p1) : 1 - gameWin(serve[1], p1, p0);
  const next = (1 - server) as 0 | 1;
  return game * setWin(serve, g0 + 1, g1, next) + (1 - game) * setWin(serve, g0, g1 + 1, next);
}

export class SimulatedFeed implements FeedAdapter {
  readonly provider = 'sim';
  private readonly options: typeof DEFAULTS & { now: () => number };
  private readonly random: () => number;
  /** A second stream for what only the tracker shows (football's cards). */
  private readonly decor: () => number;
  private readonly matches = new Map<string, Match>();
  private sink: FeedSink | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRealTick = 0;
  private sequence = 0;
  private fixtureCount = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Distinguishes this run's fixtures from an earlier process's (same seed, new ids). */
  private readonly run_id: string;

  constructor(options: SimOptions = {}) {
    this.options = { ...DEFAULTS, now: Date.now, ...options } as typeof DEFAULTS & {
      now: () => number;
    };
    this.random = rng(this.options.seed);
    this.decor = rng(this.options.seed ^ 0x5bd1e995);
    this.run_id = this.options.now().toString(36);
  }

  start(sink: FeedSink): void {
    this.sink = sink;
    if (this.timer) return;
    this.lastRealTick = this.options.now();
    void this.run(() => this.scheduleNow());
    this.timer = setInterval(() => {
      const now = this.options.now();
      const elapsed = now - this.lastRealTick;
      this.lastRealTick = now;
      void this.run(() => this.advance(elapsed * this.options.speed));
    }, 1_000);
    this.timer.unref();
  }

  /** Tests: attach a sink without a timer. */
  attach(sink: FeedSink): void {
    this.sink = sink;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
  }

  /** Tops up live and upcoming fixtures; the messages are delivered before it resolves. */
  schedule(): Promise<void> {
    return this.run(() => this.scheduleNow());
  }

  /** Advances every match by `ms` of simulated time (tests drive the clock with this). */
  tick(ms: number): Promise<void> {
    return this.run(() => this.advance(ms));
  }

  /**
   * Outside production (the dev routes): a football match's goals now, an upcoming match kicked
   * off first, with the prices after them. Journeys reach score-driven rules (early payout)
   * without playing minutes until random goals happen to come. False: no such football match.
   */
  async goals(id: string, side: 'home' | 'away', count: number): Promise<boolean> {
    let found = false;
    await this.run(() => {
      const match = this.matches.get(id);
      if (match?.sport !== 'football' || match.status === 'ended') return [];
      found = true;
      const out = match.status === 'not_started' ? this.kickOff(match) : [];
      const i = side === 'home' ? 0 : 1;
      for (let n = 0; n < count; n++) {
        match.goals[i] += 1;
        match.timeline.push({ minute: match.minute, type: 'goal', side });
      }
      match.stopped = false;
      out.push(this.odds(match));
      return out;
    });
    return found;
  }

  /** The live state of a simulated match (tests and the demo read it). */
  match(id: string): Readonly<Match> | undefined {
    return this.matches.get(id);
  }

  matchIds(): string[] {
    return [...this.matches.keys()];
  }

  /** Messages are delivered one at a time, in order, whatever calls them. */
  private run(work: () => FeedMessage[]): Promise<void> {
    const next = this.queue.then(async () => {
      const messages = work();
      for (const message of messages) await this.sink?.(message);
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private messageId(): string {
    this.sequence += 1;
    return `${this.options.seed}:${this.options.now().toString(36)}:${this.sequence}`;
  }

  private scheduleNow(): FeedMessage[] {
    const out: FeedMessage[] = [];
    const now = this.options.now();
    for (const sport of ['cricket', 'football', 'tennis'] as const) {
      const mine = [...this.matches.values()].filter((m) => m.sport === sport);
      const live = mine.filter((m) => m.status === 'live').length;
      const upcoming = mine.filter((m) => m.status === 'not_started').length;
      for (let i = live; i < this.options.live_per_sport; i++) {
        const created = this.createMatch(sport, now);
        if (!created.length) break;
        out.push(...created);
        out.push(...this.kickOff([...this.matches.values()].at(-1)!));
      }
      for (let i = upcoming; i < this.options.upcoming_per_sport; i++) {
        const lastStart = Math.max(
          now,
          ...mine.map((m) => m.starts_at),
          ...[...this.matches.values()].filter((m) => m.sport === sport).map((m) => m.starts_at),
        );
        const created = this.createMatch(sport, lastStart + this.options.lead_ms);
        if (!created.length) break;
        out.push(...created);
      }
    }
    return out;
  }

  private advance(simMs: number): FeedMessage[] {
    const out: FeedMessage[] = [];
    const now = this.options.now();
    for (const match of [...this.matches.values()]) {
      if (match.status === 'not_started') {
        if (match.starts_at <= now) out.push(...this.kickOff(match));
        else continue;
      }
      if (match.status !== 'live') continue;
      match.played_ms += simMs;
      out.push(
        ...(match.sport === 'cricket'
          ? this.playCricket(match)
          : match.sport === 'football'
            ? this.playFootball(match)
            : this.playTennis(match)),
      );
      if ((match.status as string) === 'ended') this.matches.delete(match.id);
    }
    out.push(...this.scheduleNow());
    return out;
  }

  /** The sides of every match not yet over: a side plays one match at a time. */
  private busy(sport: Match['sport']): Set<string> {
    const names = new Set<string>();
    for (const m of this.matches.values()) {
      if (m.sport !== sport || m.status === 'ended') continue;
      names.add(m.fixture.home);
      names.add(m.fixture.away);
    }
    return names;
  }

  /** Two different sides of the pool that play no other match; null when fewer are free. */
  private pickPair(sport: Match['sport']): [number, number] | null {
    const names =
      sport === 'cricket'
        ? CRICKET_TEAMS.map(([name]) => name)
        : sport === 'tennis'
          ? TENNIS_PLAYERS
          : FOOTBALL_TEAMS;
    const busy = this.busy(sport);
    const free = names.map((_, i) => i).filter((i) => !busy.has(names[i]!));
    if (free.length < 2) return null;
    const a = Math.floor(this.random() * free.length);
    let b = Math.floor(this.random() * (free.length - 1));
    if (b >= a) b += 1;
    return [free[a]!, free[b]!];
  }

  private createMatch(sport: 'cricket' | 'football' | 'tennis', starts_at: number): FeedMessage[] {
    const pair = this.pickPair(sport);
    if (!pair) return [];
    this.fixtureCount += 1;
    const id = `sim:${sport}:${this.run_id}:${this.fixtureCount}`;
    const common = {
      id,
      starts_at,
      played_ms: 0,
      status: 'not_started' as const,
      settled: new Set<string>(),
      stopped: false,
    };
    let match: Match;
    if (sport === 'cricket') {
      const [a, b] = pair;
      const [home, homeSquad] = CRICKET_TEAMS[a]!;
      const [away, awaySquad] = CRICKET_TEAMS[b]!;
      match = {
        ...common,
        sport,
        teams: [home, away],
        squads: [homeSquad, awaySquad],
        innings: [],
        ballsDone: 0,
        strength: (this.random() - 0.5) * 0.3,
        fixture: {
          id,
          sport: { id: 'cricket', name: 'Cricket' },
          competition: { id: 'sim:cricket:premier', name: 'Premier T20 League', country: 'India' },
          home,
          away,
          starts_at: new Date(starts_at),
          status: 'not_started',
        },
      };
    } else if (sport === 'tennis') {
      const [a, b] = pair;
      const players: [string, string] = [TENNIS_PLAYERS[a]!, TENNIS_PLAYERS[b]!];
      match = {
        ...common,
        sport,
        players,
        serve: [0.6 + this.random() * 0.1, 0.6 + this.random() * 0.1],
        sets: [0, 0],
        games: [0, 0],
        points: [0, 0],
        server: 0,
        pointsDone: 0,
        setScores: [],
        gamePoints: [],
        fixture: {
          id,
          sport: { id: 'tennis', name: 'Tennis' },
          competition: { id: 'sim:tennis:open', name: 'Mumbai Open', country: 'India' },
          home: players[0],
          away: players[1],
          starts_at: new Date(starts_at),
          status: 'not_started',
        },
      };
    } else {
      const [a, b] = pair;
      const european = a < 8 && b < 8;
      match = {
        ...common,
        sport,
        lambda: [1.1 + this.random() * 0.9, 0.8 + this.random() * 0.8],
        goals: [0, 0],
        minute: 0,
        timeline: [],
        fixture: {
          id,
          sport: { id: 'football', name: 'Football' },
          competition: european
            ? { id: 'sim:football:champions', name: 'Champions Cup', country: 'Europe' }
            : { id: 'sim:football:super', name: 'Super League', country: 'International' },
          home: FOOTBALL_TEAMS[a]!,
          away: FOOTBALL_TEAMS[b]!,
          starts_at: new Date(starts_at),
          status: 'not_started',
        },
      };
    }
    this.matches.set(id, match);
    return [
      { kind: 'fixture_change', id: this.messageId(), fixture: { ...match.fixture } },
      this.odds(match),
    ];
  }

  private kickOff(match: Match): FeedMessage[] {
    match.status = 'live';
    match.fixture = { ...match.fixture, status: 'live' };
    if (match.sport === 'cricket') match.innings.push(this.newInnings(match, 0));
    return [
      { kind: 'fixture_change', id: this.messageId(), fixture: { ...match.fixture } },
      this.odds(match),
    ];
  }

  // ─── cricket ────────────────────────────────────────────────────────────────

  private newInnings(match: Cricket, team: 0 | 1): Innings {
    const batters = match.squads[team].map((name) => ({ name, runs: 0, balls: 0, out: false }));
    const expected = this.expectedInningsRuns(match, team, 0, 0, 0);
    return {
      team,
      runs: 0,
      wickets: 0,
      balls: 0,
      batters,
      striker: 0,
      nonStriker: 1,
      next: 2,
      overRuns: [],
      thisOver: [],
      line_milli: Math.round(expected) * 1000 + 500,
    };
  }

  private totalBalls(): number {
    return this.options.cricket_overs * 6;
  }

  /** Runs per ball for a side, lower with wickets down. */
  private runRate(match: Cricket, team: 0 | 1, wickets: number): number {
    const edge = team === 0 ? match.strength : -match.strength;
    return 1.26 * (1 + edge) * (1 - wickets * 0.045);
  }

  private expectedInningsRuns(
    match: Cricket,
    team: 0 | 1,
    runs: number,
    balls: number,
    wickets: number,
  ): number {
    const left = this.totalBalls() - balls;
    return runs + left * this.runRate(match, team, wickets) * Math.max(0.25, 1 - wickets / 12);
  }

  private playCricket(match: Cricket): FeedMessage[] {
    const out: FeedMessage[] = [];
    const ball = this.options.cricket_ball_ms;
    const due = Math.floor(match.played_ms / ball);
    while (match.ballsDone < due && match.status === 'live') {
      out.push(...this.danger(match));
      match.ballsDone += 1;
      out.push(...this.bowl(match));
      match.stopped = false;
      out.push(this.odds(match));
    }
    // The bowler runs in: the next ball is a danger moment.
    if (
      match.status === 'live' &&
      match.played_ms >= (match.ballsDone + 1) * ball - this.dangerMs(ball)
    )
      out.push(...this.danger(match));
    return out;
  }

  private bowl(match: Cricket): FeedMessage[] {
    const out: FeedMessage[] = [];
    const inn = match.innings.at(-1)!;
    const rate = this.runRate(match, inn.team, inn.wickets) / 1.26;
    const r = this.random();
    // dot .36, 1 .36, 2 .08, 3 .01, 4 .11, 6 .045, wicket .035 (T20 averages, scaled by form)
    const wicketP = 0.035 / rate;
    let runs = 0;
    let wicket = false;
    if (r < wicketP) wicket = true;
    else {
      const s = (r - wicketP) / (1 - wicketP);
      const table: [number, number][] = [
        [0.37 / rate, 0],
        [0.37, 1],
        [0.08, 2],
        [0.01, 3],
        [0.115 * rate, 4],
        [0.047 * rate, 6],
      ];
      const sum = table.reduce((acc, [p]) => acc + p, 0);
      let acc = 0;
      for (const [p, value] of table) {
        acc += p / sum;
        if (s < acc) {
          runs = value;
          break;
        }
        runs = value;
      }
    }
    const striker = inn.batters[inn.striker]!;
    striker.balls += 1;
    inn.balls += 1;
    const overIndex = Math.floor((inn.balls - 1) / 6);
    inn.overRuns[overIndex] = (inn.overRuns[overIndex] ?? 0) + runs;
    if (inn.balls % 6 === 1) inn.thisOver = [];
    inn.thisOver.push(wicket ? 'W' : String(runs));
    if (wicket) {
      striker.out = true;
      inn.wickets += 1;
      if (inn.next < 11) {
        inn.striker = inn.next;
        inn.next += 1;
      }
    } else {
      striker.runs += runs;
      inn.runs += runs;
      if (runs % 2 === 1) [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
    }
    const overDone = inn.balls % 6 === 0;
    if (overDone) {
      [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
      // The over just finished settles its "runs in over" market.
      const key = `next_over_runs:${match.innings.length}:${overIndex + 1}`;
      out.push(
        this.settle(match, [{ key, outcomes: this.overOutcomes(inn.overRuns[overIndex] ?? 0) }]),
      );
    }
    const target = match.innings.length === 2 ? match.innings[0]!.runs + 1 : null;
    const inningsOver =
      inn.wickets >= 10 ||
      inn.balls >= this.totalBalls() ||
      (target !== null && inn.runs >= target);
    if (!overDone && !inningsOver) {
      // The over under way is no longer bettable once its first ball is bowled.
      const key = `next_over_runs:${match.innings.length}:${overIndex + 1}`;
      if (inn.balls % 6 === 1)
        out.push({
          kind: 'bet_stop',
          id: this.messageId(),
          event_id: match.id,
          market_keys: [key],
        });
    }
    if (inningsOver) {
      const n = match.innings.length;
      const settle: { key: string; outcomes: FeedOutcome[] }[] = [
        {
          key: `innings_runs:${n}`,
          outcomes: [
            { key: 'over', result: inn.runs * 1000 > inn.line_milli ? 'won' : 'lost' },
            { key: 'under', result: inn.runs * 1000 > inn.line_milli ? 'lost' : 'won' },
          ],
        },
        { key: `top_batsman:${n}`, outcomes: this.topBatsmanOutcomes(inn) },
      ];
      // An over cut short by the innings' end: its market is void.
      if (!overDone) {
        out.push({
          kind: 'bet_cancel',
          id: this.messageId(),
          event_id: match.id,
          market_keys: [`next_over_runs:${n}:${overIndex + 1}`],
          reason: 'over not completed',
        });
      }
      if (n === 1) {
        out.push(this.settle(match, settle));
        match.innings.push(this.newInnings(match, 1));
      } else {
        const first = match.innings[0]!;
        const winner = inn.runs > first.runs ? 'away' : inn.runs < first.runs ? 'home' : 'tie';
        settle.push({
          key: 'match_winner',
          outcomes:
            winner === 'tie'
              ? [
                  { key: 'home', result: 'won', dead_heat: { num: 1, den: 2 } },
                  { key: 'away', result: 'won', dead_heat: { num: 1, den: 2 } },
                ]
              : [
                  { key: 'home', result: winner === 'home' ? 'won' : 'lost' },
                  { key: 'away', result: winner === 'away' ? 'won' : 'lost' },
                ],
        });
        match.status = 'ended';
        match.fixture = { ...match.fixture, status: 'ended' };
        out.push(this.odds(match));
        out.push(this.settle(match, settle));
      }
    }
    return out;
  }

  private overOutcomes(runs: number): FeedOutcome[] {
    const over = runs * 1000 > 7_500;
    return [
      { key: 'over', result: over ? 'won' : 'lost' },
      { key: 'under', result: over ? 'lost' : 'won' },
    ];
  }

  /** The top scorer wins; a tie shares the win (dead heat, paid ÷ number tied). */
  private topBatsmanOutcomes(inn: Innings): FeedOutcome[] {
    const listed = inn.batters.slice(0, 6);
    const best = Math.max(...inn.batters.map((b) => b.runs));
    const winners = inn.batters.filter((b) => b.runs === best);
    return listed.map((b, i) => {
      if (b.runs !== best) return { key: `b${i}`, result: 'lost' as const };
      return winners.length > 1
        ? { key: `b${i}`, result: 'won' as const, dead_heat: { num: 1, den: winners.length } }
        : { key: `b${i}`, result: 'won' as const };
    });
  }

  private cricketMarkets(match: Cricket): FeedMarket[] {
    const m = this.options.margin;
    const markets: FeedMarket[] = [];
    const inn = match.innings.at(-1);
    const live = match.status === 'live';
    // Match winner: first innings projects a score against par; the chase compares the
    // runs needed with the resources left.
    let pHome: number;
    if (!inn || match.innings.length === 1) {
      const projected = inn
        ? this.expectedInningsRuns(match, 0, inn.runs, inn.balls, inn.wickets)
        : this.expectedInningsRuns(match, 0, 0, 0, 0);
      const par = this.expectedInningsRuns(match, 1, 0, 0, 0);
      const sd = 22 + (inn ? (this.totalBalls() - inn.balls) / 6 : 20);
      pHome = normalCdf((projected - par) / (sd * 1.2));
    } else {
      const need = match.innings[0]!.runs + 1 - inn.runs;
      const resources = this.expectedInningsRuns(match, 1, 0, inn.balls, inn.wickets);
      const left = this.totalBalls() - inn.balls;
      const sd = 4 + Math.sqrt(Math.max(left, 1)) * 1.6;
      pHome = 1 - normalCdf((resources - need) / sd);
    }
    markets.push({
      key: 'match_winner',
      type: 'match_winner',
      line_milli: null,
      name: 'Match winner',
      status: live || match.status === 'not_started' ? 'open' : 'suspended',
      selections: [
        { key: 'home', name: match.teams[0], odds_milli: priceMilli(pHome, m), active: true },
        { key: 'away', name: match.teams[1], odds_milli: priceMilli(1 - pHome, m), active: true },
      ],
    });
    const inningsList = inn ? match.innings : [];
    inningsList.forEach((current, index) => {
      const n = index + 1;
      const closed =
        `innings_runs:${n}` && (index < match.innings.length - 1 || match.status === 'ended');
      if (closed) return;
      const projected = this.expectedInningsRuns(
        match,
        current.team,
        current.runs,
        current.balls,
        current.wickets,
      );
      const left = this.totalBalls() - current.balls;
      const sd = 3 + Math.sqrt(left) * 1.9;
      const pOver = 1 - normalCdf((current.line_milli / 1000 - projected) / sd);
      const team = match.teams[current.team];
      markets.push({
        key: `innings_runs:${n}`,
        type: 'innings_runs',
        line_milli: current.line_milli,
        name: `${team} innings runs`,
        status: 'open',
        selections: [
          {
            key: 'over',
            name: `Over ${current.line_milli / 1000}`,
            odds_milli: priceMilli(pOver, m),
            active: true,
          },
          {
            key: 'under',
            name: `Under ${current.line_milli / 1000}`,
            odds_milli: priceMilli(1 - pOver, m),
            active: true,
          },
        ],
      });
      // Top batsman among the first six: runs so far plus an expected share of what is left.
      const weights = current.batters.slice(0, 6).map((b, i) => {
        if (b.out) return b.runs;
        const yetToBat = i >= current.next && i !== current.striker && i !== current.nonStriker;
        const share = yetToBat ? Math.max(0.3, 1 - current.wickets / 6) * (28 - i * 3) : 26 - i * 2;
        return b.runs + share * (left / this.totalBalls());
      });
      const powered = weights.map((w) => Math.max(w, 0.5) ** 2.2);
      const sum = powered.reduce((a, b) => a + b, 0) * 1.12;
      markets.push({
        key: `top_batsman:${n}`,
        type: 'top_batsman',
        line_milli: null,
        name: `Top batsman · ${team}`,
        status: 'open',
        selections: current.batters.slice(0, 6).map((b, i) => ({
          key: `b${i}`,
          name: b.name,
          odds_milli:
            b.out && b.runs < Math.max(...current.batters.map((x) => x.runs))
              ? null
              : priceMilli(powered[i]! / sum, m),
          active: !(b.out && b.runs < Math.max(...current.batters.map((x) => x.runs))),
        })),
      });
      // Runs in the next over (the one after the over under way).
      if (match.status === 'live') {
        const nextOver = Math.floor(current.balls / 6) + (current.balls % 6 === 0 ? 1 : 2);
        if (nextOver <= this.options.cricket_overs) {
          const mean = 6 * this.runRate(match, current.team, current.wickets);
          const pOver = 1 - normalCdf((7.5 - mean) / 3.4);
          markets.push({
            key: `next_over_runs:${n}:${nextOver}`,
            type: 'next_over_runs',
            line_milli: 7_500,
            name: `Runs in over ${nextOver} · ${team}`,
            status: 'open',
            selections: [
              { key: 'over', name: 'Over 7.5', odds_milli: priceMilli(pOver, m), active: true },
              {
                key: 'under',
                name: 'Under 7.5',
                odds_milli: priceMilli(1 - pOver, m),
                active: true,
              },
            ],
          });
        }
      }
    });
    if (!inn) {
      const line =
        match.innings.length === 0
          ? Math.round(this.expectedInningsRuns(match, 0, 0, 0, 0)) * 1000 + 500
          : 0;
      const p = 0.5;
      markets.push({
        key: 'innings_runs:1',
        type: 'innings_runs',
        line_milli: line,
        name: `${match.teams[0]} innings runs`,
        status: 'open',
        selections: [
          { key: 'over', name: `Over ${line / 1000}`, odds_milli: priceMilli(p, m), active: true },
          {
            key: 'under',
            name: `Under ${line / 1000}`,
            odds_milli: priceMilli(1 - p, m),
            active: true,
          },
        ],
      });
    }
    return markets;
  }

  // ─── tennis ─────────────────────────────────────────────────────────────────

  private playTennis(match: Tennis): FeedMessage[] {
    const out: FeedMessage[] = [];
    const point = this.options.tennis_point_ms;
    const due = Math.floor(match.played_ms / point);
    while (match.pointsDone < due && match.status === 'live') {
      out.push(...this.danger(match));
      match.stopped = false;
      match.pointsDone += 1;
      const tiebreak = match.games[0] === 6 && match.games[1] === 6;
      const p = match.serve[match.server];
      const winner = (this.random() < p ? match.server : 1 - match.server) as 0 | 1;
      match.points[winner] += 1;
      match.gamePoints.push(winner);
      const [a, b] = match.points;
      const target = tiebreak ? 7 : 4;
      if (Math.max(a, b) >= target && Math.abs(a - b) >= 2) {
        match.games[winner] += 1;
        match.points = [0, 0];
        match.gamePoints = [];
        match.server = (1 - match.server) as 0 | 1;
        const [g0, g1] = match.games;
        const setOver = (Math.max(g0, g1) >= 6 && Math.abs(g0 - g1) >= 2) || Math.max(g0, g1) === 7;
        if (setOver) {
          const setWinner = (g0 > g1 ? 0 : 1) as 0 | 1;
          match.sets[setWinner] += 1;
          match.setScores.push(`${g0}-${g1}`);
          const n = match.setScores.length;
          out.push(
            this.settle(match, [
              {
                key: `set_winner:${n}`,
                outcomes: [
                  { key: 'home', result: setWinner === 0 ? 'won' : 'lost' },
                  { key: 'away', result: setWinner === 1 ? 'won' : 'lost' },
                ],
              },
            ]),
          );
          match.games = [0, 0];
          if (match.sets[setWinner] === 2) {
            match.status = 'ended';
            match.fixture = { ...match.fixture, status: 'ended' };
            out.push(this.odds(match));
            out.push(
              this.settle(match, [
                {
                  key: 'match_winner',
                  outcomes: [
                    { key: 'home', result: setWinner === 0 ? 'won' : 'lost' },
                    { key: 'away', result: setWinner === 1 ? 'won' : 'lost' },
                  ],
                },
              ]),
            );
            return out;
          }
        }
      }
      out.push(this.odds(match));
    }
    // The serve: the next point is a danger moment.
    if (
      match.status === 'live' &&
      match.played_ms >= (match.pointsDone + 1) * point - this.dangerMs(point)
    )
      out.push(...this.danger(match));
    return out;
  }

  private dangerMs(period: number): number {
    return Math.min(this.options.danger_ms, Math.floor(period / 2));
  }

  /**
   * A danger moment (a ball bowled, a point served, a dangerous attack): every market of the
   * event stops until the prices that follow it. Once per moment.
   */
  private danger(match: Match): FeedMessage[] {
    if (match.stopped) return [];
    match.stopped = true;
    return [{ kind: 'bet_stop', id: this.messageId(), event_id: match.id }];
  }

  private tennisMarkets(match: Tennis): FeedMarket[] {
    const m = this.options.margin;
    const live = match.status === 'live';
    const set = setWin(
      match.serve,
      match.games[0],
      match.games[1],
      match.server,
      match.points[0],
      match.points[1],
    );
    const fresh = setWin(match.serve, 0, 0, 0);
    // Best of three: the set under way, then fresh sets.
    const [s0, s1] = match.sets;
    const after = (a: number, b: number): number =>
      a >= 2 ? 1 : b >= 2 ? 0 : fresh * after(a + 1, b) + (1 - fresh) * after(a, b + 1);
    const pMatch = set * after(s0 + 1, s1) + (1 - set) * after(s0, s1 + 1);
    const markets: FeedMarket[] = [
      {
        key: 'match_winner',
        type: 'match_winner',
        line_milli: null,
        name: 'Match winner',
        status: match.status === 'ended' ? 'suspended' : 'open',
        selections: [
          { key: 'home', name: match.players[0], odds_milli: priceMilli(pMatch, m), active: true },
          {
            key: 'away',
            name: match.players[1],
            odds_milli: priceMilli(1 - pMatch, m),
            active: true,
          },
        ],
      },
    ];
    if (live) {
      const n = match.setScores.length + 1;
      markets.push({
        key: `set_winner:${n}`,
        type: 'match_winner',
        line_milli: null,
        name: `Set ${n} winner`,
        status: 'open',
        selections: [
          { key: 'home', name: match.players[0], odds_milli: priceMilli(set, m), active: true },
          { key: 'away', name: match.players[1], odds_milli: priceMilli(1 - set, m), active: true },
        ],
      });
    }
    return markets;
  }

  // ─── football ───────────────────────────────────────────────────────────────

  private playFootball(match: Football): FeedMessage[] {
    const out: FeedMessage[] = [];
    const due = Math.min(90, Math.floor(match.played_ms / this.options.football_minute_ms));
    const p = this.options.football_danger_p;
    while (match.minute < due) {
      match.minute += 1;
      // Goals come only from a minute with a dangerous attack (its markets stopped); the
      // chance per such minute keeps each side's expected goals.
      const attack = match.stopped;
      match.stopped = false;
      for (const side of [0, 1] as const) {
        if (attack && this.random() < Math.min(1, match.lambda[side] / 90 / p)) {
          match.goals[side] += 1;
          match.timeline.push({ minute: match.minute, type: 'goal', side: SIDES[side] });
        }
        // Cards only colour the tracker (no market prices them): drawn apart from the match
        // so that a seed plays the same goals with or without them.
        const card = this.decor();
        if (card < 0.003)
          match.timeline.push({ minute: match.minute, type: 'red', side: SIDES[side] });
        else if (card < 0.03)
          match.timeline.push({ minute: match.minute, type: 'yellow', side: SIDES[side] });
      }
      if (match.minute < 89 && this.random() < p) out.push(...this.danger(match));
      if (match.minute === 90) {
        match.status = 'ended';
        match.fixture = { ...match.fixture, status: 'ended' };
        out.push(this.odds(match));
        out.push(this.settle(match, this.footballResults(match)));
        return out;
      }
    }
    // Prices hold through a dangerous attack: the next ones come after it.
    if (!match.stopped) out.push(this.odds(match));
    return out;
  }

  private footballResults(match: Football): { key: string; outcomes: FeedOutcome[] }[] {
    const [h, a] = match.goals;
    const wl = (won: boolean) => (won ? 'won' : 'lost') as 'won' | 'lost';
    const total = h + a;
    const diff = h - a;
    return [
      {
        key: 'match_winner',
        outcomes: [
          { key: 'home', result: wl(h > a) },
          { key: 'draw', result: wl(h === a) },
          { key: 'away', result: wl(h < a) },
        ],
      },
      ...[1500, 2500, 3500].map((line) => ({
        key: `totals:${line}`,
        outcomes: [
          { key: 'over', result: wl(total * 1000 > line) },
          { key: 'under', result: wl(total * 1000 < line) },
        ],
      })),
      {
        // Home −0.25 / away +0.25: a draw is half lost / half won.
        key: 'handicap:-250',
        outcomes: [
          { key: 'home', result: diff > 0 ? 'won' : diff === 0 ? 'half_lost' : 'lost' },
          { key: 'away', result: diff < 0 ? 'won' : diff === 0 ? 'half_won' : 'lost' },
        ],
      },
      {
        key: 'btts',
        outcomes: [
          { key: 'yes', result: wl(h > 0 && a > 0) },
          { key: 'no', result: wl(!(h > 0 && a > 0)) },
        ],
      },
    ];
  }

  private footballMarkets(match: Football): FeedMarket[] {
    const m = this.options.margin;
    const left = (90 - match.minute) / 90;
    const ph = poisson(match.lambda[0] * left);
    const pa = poisson(match.lambda[1] * left);
    let home = 0;
    let draw = 0;
    let away = 0;
    let bothScore = 0;
    const totals = new Map<number, number>();
    for (let i = 0; i < ph.length; i++) {
      for (let j = 0; j < pa.length; j++) {
        const p = ph[i]! * pa[j]!;
        const h = match.goals[0] + i;
        const a = match.goals[1] + j;
        if (h > a) home += p;
        else if (h === a) draw += p;
        else away += p;
        if (h > 0 && a > 0) bothScore += p;
        totals.set(h + a, (totals.get(h + a) ?? 0) + p);
      }
    }
    const z = home + draw + away;
    home /= z;
    draw /= z;
    away /= z;
    bothScore /= z;
    const status = match.status === 'ended' ? 'suspended' : 'open';
    const markets: FeedMarket[] = [
      {
        key: 'match_winner',
        type: 'match_winner',
        line_milli: null,
        name: 'Match result',
        status,
        selections: [
          { key: 'home', name: match.fixture.home, odds_milli: priceMilli(home, m), active: true },
          { key: 'draw', name: 'Draw', odds_milli: priceMilli(draw, m), active: true },
          { key: 'away', name: match.fixture.away, odds_milli: priceMilli(away, m), active: true },
        ],
      },
    ];
    for (const line of [1500, 2500, 3500]) {
      let under = 0;
      for (const [goals, p] of totals) if (goals * 1000 < line) under += p;
      under /= z;
      const decided = match.goals[0] + match.goals[1] > line / 1000;
      markets.push({
        key: `totals:${line}`,
        type: 'totals',
        line_milli: line,
        name: `Total goals ${line / 1000}`,
        status: decided ? 'suspended' : status,
        selections: [
          {
            key: 'over',
            name: `Over ${line / 1000}`,
            odds_milli: priceMilli(1 - under, m),
            active: !decided,
          },
          {
            key: 'under',
            name: `Under ${line / 1000}`,
            odds_milli: priceMilli(under, m),
            active: !decided,
          },
        ],
      });
    }
    // Quarter line: the fair price makes the expected return 1 with the draw half refunded.
    const homeFair = (1 - draw / 2) / Math.max(home, 1e-4);
    const awayFair = (1 - draw / 2) / Math.max(away + draw / 2, 1e-4);
    markets.push({
      key: 'handicap:-250',
      type: 'handicap',
      line_milli: -250,
      name: 'Asian handicap −0.25',
      status,
      selections: [
        {
          key: 'home',
          name: `${match.fixture.home} −0.25`,
          odds_milli: priceMilli(1 / homeFair, m),
          active: true,
        },
        {
          key: 'away',
          name: `${match.fixture.away} +0.25`,
          odds_milli: priceMilli(1 / awayFair, m),
          active: true,
        },
      ],
    });
    markets.push({
      key: 'btts',
      type: 'btts',
      line_milli: null,
      name: 'Both teams to score',
      status,
      selections: [
        { key: 'yes', name: 'Yes', odds_milli: priceMilli(bothScore, m), active: true },
        { key: 'no', name: 'No', odds_milli: priceMilli(1 - bothScore, m), active: true },
      ],
    });
    return markets;
  }

  // ─── messages ───────────────────────────────────────────────────────────────

  private odds(match: Match): FeedMessage {
    if (match.sport === 'cricket') {
      const score = (i: 0 | 1) => {
        const inn = match.innings.find((x) => x.team === i);
        return inn ? `${inn.runs}/${inn.wickets}` : '';
      };
      const inn = match.innings.at(-1);
      const overs = inn ? `${Math.floor(inn.balls / 6)}.${inn.balls % 6}` : '0.0';
      const target = match.innings.length === 2 ? ` · target ${match.innings[0]!.runs + 1}` : '';
      return {
        kind: 'odds_change',
        id: this.messageId(),
        event_id: match.id,
        status: match.status,
        score: { home: score(0), away: score(1), detail: inn ? `${overs} ov${target}` : '' },
        clock: inn ? `${overs} ov` : '',
        ...(inn ? { tracker: this.cricketTracker(match, inn) } : {}),
        markets: this.cricketMarkets(match),
      };
    }
    if (match.sport === 'tennis') {
      const names = ['0', '15', '30', '40'];
      const [a, b] = match.points;
      const tiebreak = match.games[0] === 6 && match.games[1] === 6;
      const game = tiebreak
        ? `${a}-${b}`
        : a >= 3 && b >= 3
          ? a === b
            ? '40-40'
            : a > b
              ? 'AD-40'
              : '40-AD'
          : `${names[a]}-${names[b]}`;
      const sets = [...match.setScores, `${match.games[0]}-${match.games[1]}`].join(' ');
      return {
        kind: 'odds_change',
        id: this.messageId(),
        event_id: match.id,
        status: match.status,
        score: {
          home: String(match.sets[0]),
          away: String(match.sets[1]),
          detail:
            match.status === 'live' ? `${sets} · ${game}${match.server === 0 ? ' •' : ''}` : sets,
        },
        clock:
          match.status === 'live'
            ? `Set ${match.setScores.length + 1}`
            : match.status === 'ended'
              ? 'FT'
              : '',
        ...(match.status === 'not_started'
          ? {}
          : { tracker: this.tennisTracker(match, tiebreak, game.split('-') as [string, string]) }),
        markets: this.tennisMarkets(match),
      };
    }
    return {
      kind: 'odds_change',
      id: this.messageId(),
      event_id: match.id,
      status: match.status,
      score: { home: String(match.goals[0]), away: String(match.goals[1]) },
      clock: match.status === 'live' ? `${match.minute}'` : match.status === 'ended' ? 'FT' : '',
      ...(match.status === 'not_started'
        ? {}
        : {
            tracker: {
              sport: 'football' as const,
              minute: match.minute,
              timeline: match.timeline.slice(-TIMELINE_MAX),
            },
          }),
      markets: this.footballMarkets(match),
    };
  }

  private cricketTracker(match: Cricket, inn: Innings): FeedTracker {
    const target = match.innings.length === 2 ? match.innings[0]!.runs + 1 : null;
    const left = this.totalBalls() - inn.balls;
    const perOver = (runs: number, balls: number) =>
      balls === 0 ? '0.00' : ((runs * 6) / balls).toFixed(2);
    return {
      sport: 'cricket',
      innings: match.innings.length,
      batting: SIDES[inn.team],
      runs: inn.runs,
      wickets: inn.wickets,
      balls: inn.balls,
      overs: `${Math.floor(inn.balls / 6)}.${inn.balls % 6}`,
      // A finished over is shown whole until the next one's first ball.
      this_over: [...inn.thisOver],
      run_rate: perOver(inn.runs, inn.balls),
      target,
      required_rate: target === null ? null : perOver(Math.max(0, target - inn.runs), left),
    };
  }

  private tennisTracker(match: Tennis, tiebreak: boolean, points: [string, string]): FeedTracker {
    return {
      sport: 'tennis',
      sets: [...match.setScores, `${match.games[0]}-${match.games[1]}`],
      points: match.status === 'live' ? points : ['0', '0'],
      server: SIDES[match.server],
      tiebreak,
      last_points: match.gamePoints.slice(-GAME_POINTS_MAX).map((w) => SIDES[w]),
    };
  }

  private settle(match: Match, markets: { key: string; outcomes: FeedOutcome[] }[]): FeedMessage {
    const fresh = markets.filter((market) => !match.settled.has(market.key));
    for (const market of fresh) match.settled.add(market.key);
    return { kind: 'bet_settlement', id: this.messageId(), event_id: match.id, markets: fresh };
  }
}
