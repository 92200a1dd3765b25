import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { CASHOUT_MARGIN_BP, CASHOUT_PARTIAL_MIN_BP } from './sportsbook.cashout.ts';

/**
 * Cash-out per sport (decision 0642): whether it is offered, the margin the book keeps of the
 * fair value, and the least share of the stake a partial cash-out takes and leaves. A bet over
 * several sports takes the strictest: offered only if every sport offers it, the highest margin
 * and the highest minimum.
 */

/** What an operator may set: a margin above 50 % is no offer; a part above 50 % cannot leave as much. */
export const CASHOUT_BOUNDS = {
  margin_bp: [0, 5_000],
  partial_min_bp: [100, 5_000],
} as const;
/** How long an instance offers with settings it read (another instance's change reaches it after). */
const CASHOUT_CACHE_MS = 1_000;

export type CashoutTerms = { enabled: boolean; margin_bp: number; partial_min_bp: number };
export const CASHOUT_DEFAULTS: CashoutTerms = {
  enabled: true,
  margin_bp: CASHOUT_MARGIN_BP,
  partial_min_bp: CASHOUT_PARTIAL_MIN_BP,
};

export type CashoutSetting = CashoutTerms & {
  sport_id: string;
  name: string;
  /** The sport has no row of its own: the defaults apply. */
  default: boolean;
};

/** The terms of a bet whose legs stand on these sports: the strictest of each. */
export function strictest(terms: readonly CashoutTerms[]): CashoutTerms {
  if (terms.length === 0) return CASHOUT_DEFAULTS;
  return {
    enabled: terms.every((t) => t.enabled),
    margin_bp: Math.max(...terms.map((t) => t.margin_bp)),
    partial_min_bp: Math.max(...terms.map((t) => t.partial_min_bp)),
  };
}

type Tables = {
  sb_cashout_settings: CashoutTerms & { sport_id: string; updated_at: Date };
  sb_sports: { id: string; name: string; sort_order: number };
};

export class CashoutSettingsRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  settings() {
    return this.db
      .selectFrom('sb_sports as s')
      .leftJoin('sb_cashout_settings as c', 'c.sport_id', 's.id')
      .select(['s.id as sport_id', 's.name', 'c.enabled', 'c.margin_bp', 'c.partial_min_bp'])
      .orderBy('s.sort_order')
      .orderBy('s.id')
      .limit(200)
      .execute();
  }

  sportExists(id: string) {
    return this.db.selectFrom('sb_sports').select('id').where('id', '=', id).executeTakeFirst();
  }

  upsert(sport_id: string, terms: CashoutTerms) {
    const values = { ...terms, updated_at: new Date() };
    return this.db
      .insertInto('sb_cashout_settings')
      .values({ sport_id, ...values })
      .onConflict((oc) => oc.column('sport_id').doUpdateSet(values))
      .execute();
  }
}

export class CashoutSettings {
  private cache: { terms: Map<string, CashoutTerms>; at: number } | null = null;
  private loading: Promise<Map<string, CashoutTerms>> | null = null;

  constructor(
    private readonly repo: CashoutSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async settings(): Promise<CashoutSetting[]> {
    const rows = await this.repo.settings();
    return rows.map((r) =>
      r.enabled === null || r.margin_bp === null || r.partial_min_bp === null
        ? { sport_id: r.sport_id, name: r.name, ...CASHOUT_DEFAULTS, default: true }
        : {
            sport_id: r.sport_id,
            name: r.name,
            enabled: r.enabled,
            margin_bp: r.margin_bp,
            partial_min_bp: r.partial_min_bp,
            default: false,
          },
    );
  }

  /** Every sport's terms, read at most once a second per instance (offers call it first). */
  async load(): Promise<void> {
    if (this.cache && Date.now() - this.cache.at < CASHOUT_CACHE_MS) return;
    this.loading ??= this.settings()
      .then((list) => {
        const terms = new Map<string, CashoutTerms>(list.map((s) => [s.sport_id, s]));
        this.cache = { terms, at: Date.now() };
        return terms;
      })
      .finally(() => {
        this.loading = null;
      });
    await this.loading;
  }

  /** The terms for a bet over these sports, from the settings last loaded. */
  termsFor(sport_ids: readonly (string | undefined)[]): CashoutTerms {
    return strictest(
      [...new Set(sport_ids)].map((id) =>
        id === undefined ? CASHOUT_DEFAULTS : (this.cache?.terms.get(id) ?? CASHOUT_DEFAULTS),
      ),
    );
  }

  async set(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    terms: CashoutTerms,
  ): Promise<CashoutSetting> {
    if (!(await this.repo.sportExists(sport_id))) throw new AppError('NOT_FOUND', 'No such sport');
    const before = (await this.settings()).find((s) => s.sport_id === sport_id)!;
    await this.repo.upsert(sport_id, terms);
    this.cache = null;
    const after = (await this.settings()).find((s) => s.sport_id === sport_id)!;
    const shown = ({ enabled, margin_bp, partial_min_bp }: CashoutSetting) => ({
      enabled,
      margin_bp,
      partial_min_bp,
    });
    await this.audit.record({
      actor,
      action: 'sportsbook.sport.cashout',
      target: { type: 'sb_sport', id: sport_id },
      before: shown(before),
      after: shown(after),
    });
    return after;
  }
}
