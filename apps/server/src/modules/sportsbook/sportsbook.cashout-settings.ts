import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { CASHOUT_MARGIN_BP, CASHOUT_PARTIAL_MIN_BP } from './sportsbook.cashout.ts';
import { SportSettingsRepository } from './sportsbook.sport-settings.repository.ts';
import { PerSportSettings, type SportSetting } from './sportsbook.sport-settings.ts';

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

export type CashoutSetting = SportSetting<CashoutTerms>;

/** The terms of a bet whose legs stand on these sports: the strictest of each. */
export function strictest(terms: readonly CashoutTerms[]): CashoutTerms {
  if (terms.length === 0) return CASHOUT_DEFAULTS;
  return {
    enabled: terms.every((t) => t.enabled),
    margin_bp: Math.max(...terms.map((t) => t.margin_bp)),
    partial_min_bp: Math.max(...terms.map((t) => t.partial_min_bp)),
  };
}

/** `sb_cashout_settings` (migration 0642), one row per sport with terms of its own. */
export class CashoutSettingsRepository extends SportSettingsRepository<CashoutTerms, CashoutTerms> {
  constructor(db: Db) {
    super(db, {
      table: 'sb_cashout_settings',
      columns: ['enabled', 'margin_bp', 'partial_min_bp'],
      read: ({ enabled, margin_bp, partial_min_bp }) => ({ enabled, margin_bp, partial_min_bp }),
      write: ({ enabled, margin_bp, partial_min_bp }) => ({ enabled, margin_bp, partial_min_bp }),
    });
  }
}

export class CashoutSettings {
  private readonly store: PerSportSettings<CashoutTerms>;

  constructor(repo: CashoutSettingsRepository, audit: AuditService) {
    this.store = new PerSportSettings({
      source: repo,
      defaults: () => CASHOUT_DEFAULTS,
      audit,
      action: 'sportsbook.sport.cashout',
      shown: ({ enabled, margin_bp, partial_min_bp }) => ({ enabled, margin_bp, partial_min_bp }),
      cache_ms: CASHOUT_CACHE_MS,
    });
  }

  settings(): Promise<CashoutSetting[]> {
    return this.store.list();
  }

  /** Every sport's terms, read at most once a second per instance (offers call it first). */
  async load(): Promise<void> {
    await this.store.bySport();
  }

  /** The terms for a bet over these sports, from the settings last loaded. */
  termsFor(sport_ids: readonly (string | undefined)[]): CashoutTerms {
    return strictest(
      [...new Set(sport_ids)].map((id) =>
        id === undefined ? CASHOUT_DEFAULTS : this.store.cached(id),
      ),
    );
  }

  set(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    terms: CashoutTerms,
  ): Promise<CashoutSetting> {
    return this.store.set(actor, sport_id, terms);
  }
}
