import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../audit/index.ts';
import { SportSettingsRepository } from './sportsbook.sport-settings.repository.ts';
import { PerSportSettings, type SportSetting } from './sportsbook.sport-settings.ts';

/**
 * Early payout (decision 0641): an operator's rule per sport pays a pre-match leg as won the
 * moment its side leads by the rule's margin (football: the match result at two goals). The
 * leg stays won whatever happens after: a comeback, a correction, a rollback or a void.
 */

/** The market types a lead decides: the side that leads is the selection that is paid. */
export const EARLY_PAYOUT_MARKET_TYPES = ['match_winner'] as const;
export type EarlyPayoutMarketType = (typeof EARLY_PAYOUT_MARKET_TYPES)[number];
export const EARLY_PAYOUT_LEAD_MAX = 50;
/** How long an instance applies a rule it read (another instance's change reaches it after). */
const RULES_CACHE_MS = 1_000;

export type EarlyPayoutRule = {
  enabled: boolean;
  market_types: EarlyPayoutMarketType[];
  /** The lead (goals, sets, points: the score's own unit) that pays the leading side. */
  lead: number;
};

/**
 * Football's match result at a two-goal lead is the rule players know; tennis (sets, best of
 * three: two sets up is the win itself) and cricket (runs: no lead that settles a match) have
 * no natural one, so every other sport starts off.
 */
export function defaultRule(sport_id: string): EarlyPayoutRule {
  return sport_id === 'football'
    ? { enabled: true, market_types: ['match_winner'], lead: 2 }
    : { enabled: false, market_types: ['match_winner'], lead: 2 };
}

/**
 * The side a score pays under a rule: 'home' or 'away' when it leads by at least the rule's
 * lead, else null (the score's sides must both be whole numbers; anything else pays nothing).
 */
export function leadingSide(
  score: { home?: string; away?: string } | Record<string, never>,
  rule: Pick<EarlyPayoutRule, 'enabled' | 'lead'>,
): 'home' | 'away' | null {
  if (!rule.enabled) return null;
  const home = 'home' in score ? score.home : undefined;
  const away = 'away' in score ? score.away : undefined;
  if (!home || !away || !/^\d{1,4}$/.test(home) || !/^\d{1,4}$/.test(away)) return null;
  const diff = Number(home) - Number(away);
  if (diff >= rule.lead) return 'home';
  if (-diff >= rule.lead) return 'away';
  return null;
}

export type EarlyPayoutSetting = SportSetting<EarlyPayoutRule>;

type EarlyPayoutRow = { enabled: boolean; market_types: string[]; lead: number };

/** `sb_early_payout_settings` (migration 0641), one row per sport with a rule of its own. */
export class EarlyPayoutRepository extends SportSettingsRepository<
  EarlyPayoutRule,
  EarlyPayoutRow
> {
  constructor(db: Db) {
    super(db, {
      table: 'sb_early_payout_settings',
      columns: ['enabled', 'market_types', 'lead'],
      // A market type the code no longer knows is dropped, not offered.
      read: ({ enabled, market_types, lead }) => ({
        enabled,
        market_types: market_types.filter((t): t is EarlyPayoutMarketType =>
          (EARLY_PAYOUT_MARKET_TYPES as readonly string[]).includes(t),
        ),
        lead,
      }),
      write: ({ enabled, market_types, lead }) => ({
        enabled,
        market_types: [...market_types],
        lead,
      }),
    });
  }
}

export class EarlyPayouts {
  private readonly store: PerSportSettings<EarlyPayoutRule>;

  constructor(repo: EarlyPayoutRepository, audit: AuditService) {
    this.store = new PerSportSettings({
      source: {
        rows: () => repo.rows(),
        sportExists: (id) => repo.sportExists(id),
        // One row per market type whichever way the desk sent them.
        upsert: (sport_id, rule) =>
          repo.upsert(sport_id, { ...rule, market_types: [...new Set(rule.market_types)] }),
      },
      defaults: defaultRule,
      audit,
      action: 'sportsbook.sport.early_payout',
      shown: ({ enabled, market_types, lead }) => ({ enabled, market_types, lead }),
      cache_ms: RULES_CACHE_MS,
    });
  }

  settings(): Promise<EarlyPayoutSetting[]> {
    return this.store.list();
  }

  /** Every sport's rule, read at most once a second per instance. */
  rules(): Promise<Map<string, EarlyPayoutSetting>> {
    return this.store.bySport();
  }

  async ruleFor(sport_id: string): Promise<EarlyPayoutRule> {
    return (await this.rules()).get(sport_id) ?? defaultRule(sport_id);
  }

  /**
   * The lead that pays a market's bets early, or null: what the market shows as "Early payout"
   * (from the rules last read; a page reads them fresh). Only pre-match legs qualify, so a
   * market shows it until its event starts.
   */
  offered(sport_id: string | undefined, market_type: string, event_status: string): number | null {
    if (sport_id === undefined || event_status !== 'not_started') return null;
    const rule = this.store.cached(sport_id);
    return rule.enabled && (rule.market_types as string[]).includes(market_type) ? rule.lead : null;
  }

  set(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    rule: EarlyPayoutRule,
  ): Promise<EarlyPayoutSetting> {
    return this.store.set(actor, sport_id, rule);
  }
}
