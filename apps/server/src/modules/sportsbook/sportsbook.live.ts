import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { sportsbookError } from './sportsbook.errors.ts';

/**
 * In-play acceptance (decision 0626). The feed stops an event's markets during its danger
 * moments (a ball bowled, a point served, a dangerous attack); between them prices hold. A
 * live bet waits its sport's delay and is then checked: refused if its market is stopped, or
 * if its price moved more than the player accepts (none / higher / any) beyond the sport's
 * tolerance. A moment that began and ended inside the delay is judged by the price it left:
 * within the tolerance the player keeps the price seen, so what a courtsider can gain is
 * bounded by the tolerance the operator sets.
 */

/** What an operator may set: a tolerance above 5 % would give away real value. */
export const LIVE_TOLERANCE_BP_MAX = 500;
/** A sport without its own row: 2 % absorbs the drift of a quiet minute, not a goal. */
export const LIVE_TOLERANCE_BP_DEFAULT = 200;
export const LIVE_DELAY_MS_MAX = 30_000;

export type AcceptOdds = 'none' | 'higher' | 'any';

/**
 * The price after the delay against the one the player saw, both decimal odds × 1000: the
 * rule the player chose, or a change of at most tolerance_bp of the price either way.
 */
export function acceptedAfterDelay(
  asked: number,
  current: number,
  accept: AcceptOdds,
  tolerance_bp: number,
): boolean {
  if (current === asked || accept === 'any') return true;
  if (accept === 'higher' && current > asked) return true;
  return Math.abs(current - asked) * 10_000 <= asked * tolerance_bp;
}

export type LiveSetting = {
  sport_id: string;
  name: string;
  /** null: the instance's default (LIVE_DELAY_MS_DEFAULT, 0 in tests). */
  delay_ms: number | null;
  tolerance_bp: number;
  /** The sport has no row of its own: the defaults apply. */
  default: boolean;
};

type Tables = {
  sb_live_settings: {
    sport_id: string;
    delay_ms: number | null;
    tolerance_bp: number;
    updated_at: Date;
  };
  sb_sports: { id: string; name: string; sort_order: number };
  sb_events: { id: string; sport_id: string };
  sb_markets: { id: bigint; event_id: string };
};

export class LiveRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  settings() {
    return this.db
      .selectFrom('sb_sports as s')
      .leftJoin('sb_live_settings as l', 'l.sport_id', 's.id')
      .select(['s.id as sport_id', 's.name', 'l.delay_ms', 'l.tolerance_bp'])
      .orderBy('s.sort_order')
      .orderBy('s.id')
      .limit(200)
      .execute();
  }

  /** The settings of the sports of these markets (a row per market). */
  forMarkets(market_ids: bigint[]) {
    return this.db
      .selectFrom('sb_markets as m')
      .innerJoin('sb_events as e', 'e.id', 'm.event_id')
      .leftJoin('sb_live_settings as l', 'l.sport_id', 'e.sport_id')
      .select(['m.id as market_id', 'e.sport_id', 'l.delay_ms', 'l.tolerance_bp'])
      .where('m.id', 'in', market_ids.length ? market_ids : [-1n])
      .execute();
  }

  sportExists(id: string) {
    return this.db.selectFrom('sb_sports').select('id').where('id', '=', id).executeTakeFirst();
  }

  upsert(sport_id: string, delay_ms: number | null, tolerance_bp: number) {
    return this.db
      .insertInto('sb_live_settings')
      .values({ sport_id, delay_ms, tolerance_bp, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('sport_id').doUpdateSet({ delay_ms, tolerance_bp, updated_at: new Date() }),
      )
      .execute();
  }
}

/** The in-play rules of a slip: the longest delay and the smallest tolerance of its sports. */
export type LiveTerms = { delay_ms: number; tolerance_bp: number };

export class LiveBets {
  constructor(
    private readonly repo: LiveRepository,
    private readonly audit: AuditService,
    /** The instance's delay for a sport without its own (setLiveDelay changes it). */
    private readonly defaultDelay: () => number,
  ) {}

  async terms(market_ids: bigint[]): Promise<LiveTerms> {
    const rows = await this.repo.forMarkets(market_ids);
    let delay_ms = rows.length ? 0 : this.defaultDelay();
    let tolerance_bp = LIVE_TOLERANCE_BP_MAX;
    for (const row of rows) {
      delay_ms = Math.max(delay_ms, row.delay_ms ?? this.defaultDelay());
      tolerance_bp = Math.min(tolerance_bp, row.tolerance_bp ?? LIVE_TOLERANCE_BP_DEFAULT);
    }
    return { delay_ms, tolerance_bp: rows.length ? tolerance_bp : LIVE_TOLERANCE_BP_DEFAULT };
  }

  /** Throws PRICE_CHANGED for the first leg whose price after the delay is not accepted. */
  check(
    terms: LiveTerms,
    accept: AcceptOdds,
    legs: { name: string; asked: number; current: number; index: number }[],
    text: (milli: number) => string,
  ): void {
    for (const leg of legs) {
      if (acceptedAfterDelay(leg.asked, leg.current, accept, terms.tolerance_bp)) continue;
      throw sportsbookError(
        'PRICE_CHANGED',
        `${leg.name}: the price moved from ${text(leg.asked)} to ${text(leg.current)}`,
        [{ path: `body.selections.${leg.index}.odds`, message: text(leg.current) }],
      );
    }
  }

  /** Each sport's delay as a bet meets it (the catalogue tells the slip's countdown). */
  async delays(): Promise<Map<string, number>> {
    const rows = await this.settings();
    return new Map(rows.map((r) => [r.sport_id, r.delay_ms ?? this.defaultDelay()]));
  }

  async settings(): Promise<LiveSetting[]> {
    const rows = await this.repo.settings();
    return rows.map((r) => ({
      sport_id: r.sport_id,
      name: r.name,
      delay_ms: r.tolerance_bp === null ? null : r.delay_ms,
      tolerance_bp: r.tolerance_bp ?? LIVE_TOLERANCE_BP_DEFAULT,
      default: r.tolerance_bp === null,
    }));
  }

  async set(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    value: { delay_ms: number | null; tolerance_bp: number },
  ): Promise<LiveSetting> {
    if (!(await this.repo.sportExists(sport_id))) throw new AppError('NOT_FOUND', 'No such sport');
    const before = (await this.settings()).find((s) => s.sport_id === sport_id)!;
    await this.repo.upsert(sport_id, value.delay_ms, value.tolerance_bp);
    const after = (await this.settings()).find((s) => s.sport_id === sport_id)!;
    await this.audit.record({
      actor,
      action: 'sportsbook.sport.live',
      target: { type: 'sb_sport', id: sport_id },
      before: { delay_ms: before.delay_ms, tolerance_bp: before.tolerance_bp },
      after: { delay_ms: after.delay_ms, tolerance_bp: after.tolerance_bp },
    });
    return after;
  }
}
