/**
 * Bet builder (same-game multi) pricing: the joint probability that every pick of one event
 * wins, from a model of the match calibrated to the book's own prices, never the product of the
 * legs' prices (legs of one match are correlated: a side that bats well wins more often).
 *
 * - Football: the rest of the match as two independent Poisson goal counts whose means are fitted
 *   to the book's match-result and total-goals prices; the joint probability is exact (a sum over
 *   final scores).
 * - Cricket: a Gaussian copula over the match — one latent batting strength per innings, the
 *   winner from their difference (or from the chase alone once the first innings is over), runs in
 *   an over as part of its innings, top batsman drawn from its own prices. Each pick's marginal is
 *   the book's fair probability exactly; the correlations come from the structure. Estimated by
 *   `BUILDER_SAMPLES` seeded draws (the seed is the picks, so one set of picks at one set of prices
 *   always gets the same quote).
 *
 * Floats are fine here: this makes a price, it never moves money.
 */

export const BUILDER_SAMPLES = 20_000;
/** Fewer joint hits than this in the draws: too unlikely to price reliably. */
export const BUILDER_MIN_HITS = 25;
/** Correlation of one over's runs with its innings total (one over of twenty, sd 3.4 of ~18). */
export const OVER_INNINGS_CORRELATION = 0.25;
/** Market types a bet builder combines, per sport. */
export const BUILDER_MARKET_TYPES: Record<string, readonly string[]> = {
  football: ['match_winner', 'totals', 'btts'],
  cricket: ['match_winner', 'innings_runs', 'top_batsman', 'next_over_runs'],
};

export type BuilderSelection = {
  id: string;
  key: string;
  name: string;
  odds_milli: number | null;
  active: boolean;
};
export type BuilderMarket = {
  id: string;
  key: string;
  type: string;
  line_milli: number | null;
  name: string;
  selections: BuilderSelection[];
};
export type BuilderState = {
  sport_id: string;
  score: { home: string; away: string; detail?: string } | null;
};

export type BuilderRefusal =
  | 'BUILDER_NOT_OFFERED'
  | 'BUILDER_SAME_MARKET'
  | 'BUILDER_MARKET_NOT_SUPPORTED'
  | 'BUILDER_INCOMPATIBLE'
  | 'BUILDER_TOO_UNLIKELY';

export type BuilderJoint =
  | {
      ok: true;
      /** P(every pick wins), from the model. */
      probability: number;
      /** Π of the picks' fair probabilities: what a plain multiple would assume. */
      product: number;
      /** Σ of the picks' markets' overrounds: the legs' margins. */
      legs_margin: number;
      /** Joint hits among the draws (football: null, exact). */
      hits: number | null;
      samples: number | null;
    }
  | { ok: false; code: BuilderRefusal; message: string };

type Pick = { market: BuilderMarket; selection: BuilderSelection; fair: number };

/** Book probabilities without the margin: 1/odds normalised over an exhaustive market. */
export function fairProbabilities(market: BuilderMarket): Map<string, number> {
  const priced = market.selections.filter((s) => s.active && s.odds_milli !== null);
  const implied = priced.map((s) => 1000 / s.odds_milli!);
  const sum = implied.reduce((a, b) => a + b, 0);
  // Top batsman lists the first six only: the rest of the side keeps what is left.
  const norm = market.type === 'top_batsman' ? Math.max(sum, 1) : sum;
  return new Map(priced.map((s, i) => [s.id, implied[i]! / norm]));
}

function overround(market: BuilderMarket): number {
  const sum = market.selections
    .filter((s) => s.active && s.odds_milli !== null)
    .reduce((a, s) => a + 1000 / s.odds_milli!, 0);
  return Math.max(0, sum - 1);
}

/** Inverse standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269];
  const a5 = [-30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972];
  const b5 = -13.28068155288572;
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734];
  const c5 = [4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (q < low || q > 1 - low) {
    const r = Math.sqrt(-2 * Math.log(q < low ? q : 1 - q));
    const x =
      (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c5[0]!) * r + c5[1]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
    return q < low ? x : -x;
  }
  const r = (q - 0.5) * (q - 0.5);
  const num = ((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a5[0]!) * r + a5[1]!;
  const den = ((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b5) * r + 1;
  return ((q - 0.5) * num) / den;
}

/** Seeded PRNG (mulberry32) and a 32-bit FNV-1a hash to seed it from the picks. */
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
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Two standard normals per call pair (Box–Muller). */
function gaussian(random: () => number) {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = Math.max(random(), 1e-12);
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/**
 * The joint probability of the picks (selection ids of one event) from the event's markets as
 * the book prices them now. Refuses with a reason: two picks of one market, a market the builder
 * does not combine, or picks that cannot all win (a joint probability of zero).
 */
export function builderJoint(
  state: BuilderState,
  markets: readonly BuilderMarket[],
  selection_ids: readonly string[],
  samples = BUILDER_SAMPLES,
): BuilderJoint {
  const types = BUILDER_MARKET_TYPES[state.sport_id];
  if (!types)
    return { ok: false, code: 'BUILDER_NOT_OFFERED', message: 'No bet builder on this sport' };
  const bySelection = new Map<string, BuilderMarket>();
  for (const m of markets) for (const s of m.selections) bySelection.set(s.id, m);
  const picks: Pick[] = [];
  const seen = new Set<string>();
  for (const id of selection_ids) {
    const market = bySelection.get(id);
    if (!market)
      return {
        ok: false,
        code: 'BUILDER_MARKET_NOT_SUPPORTED',
        message: 'A pick is not an open market of this event',
      };
    if (!types.includes(market.type))
      return {
        ok: false,
        code: 'BUILDER_MARKET_NOT_SUPPORTED',
        message: `${market.name} cannot be combined in a bet builder`,
      };
    if (seen.has(market.id))
      return {
        ok: false,
        code: 'BUILDER_SAME_MARKET',
        message: `Two picks of ${market.name} cannot both win`,
      };
    seen.add(market.id);
    const fair = fairProbabilities(market).get(id);
    if (fair === undefined)
      return {
        ok: false,
        code: 'BUILDER_MARKET_NOT_SUPPORTED',
        message: `${market.name}: no price is offered`,
      };
    picks.push({ market, selection: market.selections.find((s) => s.id === id)!, fair });
  }
  const product = picks.reduce((acc, p) => acc * p.fair, 1);
  const legs_margin = picks.reduce((acc, p) => acc + overround(p.market), 0);
  const joint =
    state.sport_id === 'football'
      ? { ...footballJoint(state, markets, picks), samples: null }
      : {
          ...cricketJoint(markets, picks, samples, seedOf([...selection_ids].sort().join(','))),
          samples,
        };
  if (joint.probability <= 0)
    return {
      ok: false,
      code: 'BUILDER_INCOMPATIBLE',
      message: `${picks.map((p) => p.selection.name).join(' + ')} cannot all happen`,
    };
  if (joint.hits !== null && joint.hits < BUILDER_MIN_HITS)
    return {
      ok: false,
      code: 'BUILDER_TOO_UNLIKELY',
      message: `${picks.map((p) => p.selection.name).join(' + ')} is too unlikely to price`,
    };
  return {
    ok: true,
    probability: joint.probability,
    product,
    legs_margin,
    hits: joint.hits,
    samples: joint.samples,
  };
}

/** What an operator sets for the bet builder (`sb_builder_settings`); defaults until then. */
export type BuilderSettings = {
  enabled: boolean;
  /** The least margin a builder price carries; the legs' own margins when they add up to more. */
  margin_bp: number;
  legs_max: number;
  /** The highest builder price offered (also capped by the sport's range). */
  odds_max_milli: number;
};
export const BUILDER_DEFAULTS: BuilderSettings = {
  enabled: true,
  margin_bp: 500,
  legs_max: 6,
  odds_max_milli: 250_000,
};
export const BUILDER_BOUNDS = {
  margin_bp: [200, 3000],
  legs_max: [2, 12],
  odds_max_milli: [2_000, 1_000_000],
} as const;

/**
 * The builder's price: 1 / (P(joint) × (1 + margin)) with the margin the larger of the
 * operator's and the legs' own (so it is never kinder than the legs' books), rounded down to
 * the hundredth (the book's favour).
 */
export function builderOdds(
  probability: number,
  legs_margin: number,
  margin_bp: number,
): { odds_milli: number; margin: number } {
  const margin = Math.max(margin_bp / 10_000, legs_margin);
  const odds = 1 / (probability * (1 + margin));
  return { odds_milli: Math.floor(odds * 100 + 1e-9) * 10, margin };
}

// ─── football: exact over final scores ──────────────────────────────────────

const GOALS_MAX = 12;

function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= GOALS_MAX; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

function goals(score: BuilderState['score']): [number, number] {
  const h = Number.parseInt(score?.home ?? '0', 10);
  const a = Number.parseInt(score?.away ?? '0', 10);
  return [Number.isFinite(h) ? h : 0, Number.isFinite(a) ? a : 0];
}

/** Does a final score (h, a) win this pick? */
function footballWins(p: Pick, h: number, a: number): boolean {
  const key = p.selection.key;
  switch (p.market.type) {
    case 'match_winner':
      return key === 'home' ? h > a : key === 'away' ? a > h : h === a;
    case 'totals': {
      const over = (h + a) * 1000 > (p.market.line_milli ?? 0);
      return key === 'over' ? over : !over;
    }
    case 'btts':
      return key === 'yes' ? h > 0 && a > 0 : !(h > 0 && a > 0);
    default:
      return false;
  }
}

/**
 * The remaining goal means that best reproduce the book's fair match result and total-goals
 * prices (a grid search: small, bounded, deterministic).
 */
export function fitGoalMeans(
  score: [number, number],
  targets: { home?: number; away?: number; overs: { line_milli: number; p: number }[] },
): [number, number] {
  const error = (lh: number, la: number) => {
    const ph = poisson(lh);
    const pa = poisson(la);
    let home = 0;
    let away = 0;
    const overs = targets.overs.map(() => 0);
    for (let x = 0; x <= GOALS_MAX; x++)
      for (let y = 0; y <= GOALS_MAX; y++) {
        const p = ph[x]! * pa[y]!;
        const h = score[0] + x;
        const a = score[1] + y;
        if (h > a) home += p;
        else if (a > h) away += p;
        targets.overs.forEach((o, k) => {
          if ((h + a) * 1000 > o.line_milli) overs[k]! += p;
        });
      }
    let err = 0;
    if (targets.home !== undefined) err += (home - targets.home) ** 2;
    if (targets.away !== undefined) err += (away - targets.away) ** 2;
    targets.overs.forEach((o, k) => {
      err += (overs[k]! - o.p) ** 2;
    });
    return err;
  };
  // A coarse grid, then a finer one around its best point (0.25 then 0.025 goals).
  let best: [number, number] = [1, 1];
  let bestErr = Number.POSITIVE_INFINITY;
  const search = (from: [number, number], step: number, n: number) => {
    const [h0, a0] = from;
    for (let i = -n; i <= n; i++)
      for (let j = -n; j <= n; j++) {
        const lh = h0 + i * step;
        const la = a0 + j * step;
        if (lh <= 0 || la <= 0) continue;
        const err = error(lh, la);
        if (err < bestErr) {
          bestErr = err;
          best = [lh, la];
        }
      }
  };
  search([1.75, 1.75], 0.25, 7);
  search(best, 0.025, 10);
  return best;
}

function footballJoint(state: BuilderState, markets: readonly BuilderMarket[], picks: Pick[]) {
  const score = goals(state.score);
  const winner = markets.find((m) => m.type === 'match_winner');
  const wf = winner ? fairProbabilities(winner) : new Map<string, number>();
  const keyP = (key: string) => {
    const s = winner?.selections.find((x) => x.key === key);
    return s ? wf.get(s.id) : undefined;
  };
  const overs = markets
    .filter((m) => m.type === 'totals' && m.line_milli !== null)
    .flatMap((m) => {
      const over = m.selections.find((s) => s.key === 'over');
      const p = over ? fairProbabilities(m).get(over.id) : undefined;
      return p === undefined ? [] : [{ line_milli: m.line_milli!, p }];
    });
  const [lh, la] = fitGoalMeans(score, { home: keyP('home'), away: keyP('away'), overs });
  const ph = poisson(lh);
  const pa = poisson(la);
  let probability = 0;
  let z = 0;
  for (let x = 0; x <= GOALS_MAX; x++)
    for (let y = 0; y <= GOALS_MAX; y++) {
      const p = ph[x]! * pa[y]!;
      z += p;
      const h = score[0] + x;
      const a = score[1] + y;
      if (picks.every((pick) => footballWins(pick, h, a))) probability += p;
    }
  return { probability: probability / z, hits: null };
}

// ─── cricket: a Gaussian copula over the match ──────────────────────────────

function inningsOf(market: BuilderMarket): number {
  return Number.parseInt(market.key.split(':')[1] ?? '1', 10) === 2 ? 2 : 1;
}

function cricketJoint(
  markets: readonly BuilderMarket[],
  picks: Pick[],
  samples: number,
  seed: number,
): { probability: number; hits: number } {
  // The first innings is still to be decided while its runs market is offered.
  const firstOpen = markets.some((m) => m.key === 'innings_runs:1');
  const normal = gaussian(rng(seed));
  const random = rng(seed ^ 0x9e3779b9);
  // Thresholds: a pick wins when its latent lies above (1 − p) of its normal.
  const tests = picks.map((p) => {
    const q = normalQuantile(1 - p.fair);
    const key = p.selection.key;
    const type = p.market.type;
    if (type === 'match_winner') {
      // Home batted first: home wins when its latent beats the chase's.
      return (z: number[]) => {
        const margin = firstOpen ? (z[0]! - z[1]!) / Math.SQRT2 : -z[1]!;
        return key === 'home' ? margin > normalQuantile(1 - p.fair) : -margin > q;
      };
    }
    if (type === 'innings_runs') {
      const n = inningsOf(p.market) - 1;
      return (z: number[]) => (key === 'over' ? z[n]! > q : -z[n]! > q);
    }
    if (type === 'next_over_runs') {
      const n = inningsOf(p.market) - 1;
      const r = OVER_INNINGS_CORRELATION;
      return (z: number[]) => {
        const over = r * z[n]! + Math.sqrt(1 - r * r) * z[2]!;
        return key === 'over' ? over > q : -over > q;
      };
    }
    // Top batsman: one draw per innings from its own fair prices (ties not modelled: a dead
    // heat reduces the paid price at settlement as for any bet).
    const n = inningsOf(p.market) - 1;
    const fair = fairProbabilities(p.market);
    const order = p.market.selections.filter((s) => fair.has(s.id));
    let below = 0;
    for (const s of order) {
      if (s.id === p.selection.id) break;
      below += fair.get(s.id)!;
    }
    const above = below + p.fair;
    return (_z: number[], u: number[]) => u[n]! >= below && u[n]! < above;
  });
  let hits = 0;
  const z = [0, 0, 0];
  const u = [0, 0];
  for (let i = 0; i < samples; i++) {
    z[0] = normal();
    z[1] = normal();
    z[2] = normal();
    u[0] = random();
    u[1] = random();
    if (tests.every((t) => t(z, u))) hits++;
  }
  return { probability: hits / samples, hits };
}
