import { AppError } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';

/**
 * An operator's settings per sport (cash-out, early payout): a row per sport that has its own,
 * a default in code for the others, read at most once per `cache_ms` per instance (another
 * instance's change reaches it after), and set by the desk with the change audited.
 */

export type SportSetting<T> = T & {
  sport_id: string;
  name: string;
  /** The sport has no row of its own: the default applies. */
  default: boolean;
};

/** The module's table of one kind of setting, joined with the sports. */
export type SportSettingsSource<T> = {
  /** Every sport in the desk's order, with its own value or null when it has none. */
  rows(): Promise<{ sport_id: string; name: string; own: T | null }[]>;
  sportExists(id: string): Promise<unknown>;
  upsert(sport_id: string, value: T): Promise<unknown>;
};

export type SportSettingsOptions<T> = {
  source: SportSettingsSource<T>;
  defaults: (sport_id: string) => T;
  audit: AuditService;
  /** The audit action of a change (`sportsbook.sport.cashout`). */
  action: string;
  /** What the audit entry shows of a setting, before and after. */
  shown: (value: T) => Record<string, unknown>;
  cache_ms: number;
};

export class PerSportSettings<T extends object> {
  private cache: { bySport: Map<string, SportSetting<T>>; at: number } | null = null;
  private loading: Promise<Map<string, SportSetting<T>>> | null = null;

  constructor(private readonly options: SportSettingsOptions<T>) {}

  /** Every sport's setting, read now (the desk's list). */
  async list(): Promise<SportSetting<T>[]> {
    const rows = await this.options.source.rows();
    return rows.map((r) => ({
      ...(r.own ?? this.options.defaults(r.sport_id)),
      sport_id: r.sport_id,
      name: r.name,
      default: r.own === null,
    }));
  }

  /** Every sport's setting, read at most once per `cache_ms`; concurrent callers share a read. */
  async bySport(): Promise<Map<string, SportSetting<T>>> {
    if (this.cache && Date.now() - this.cache.at < this.options.cache_ms) return this.cache.bySport;
    this.loading ??= this.list()
      .then((list) => {
        const bySport = new Map(list.map((s) => [s.sport_id, s]));
        this.cache = { bySport, at: Date.now() };
        return bySport;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** A sport's setting as last read (the default before any read or for an unknown sport). */
  cached(sport_id: string): T {
    return this.cache?.bySport.get(sport_id) ?? this.options.defaults(sport_id);
  }

  async set(
    actor: Parameters<AuditService['record']>[0]['actor'],
    sport_id: string,
    value: T,
  ): Promise<SportSetting<T>> {
    const { source, shown } = this.options;
    if (!(await source.sportExists(sport_id))) throw new AppError('NOT_FOUND', 'No such sport');
    const before = (await this.list()).find((s) => s.sport_id === sport_id)!;
    await source.upsert(sport_id, value);
    this.cache = null;
    const after = (await this.list()).find((s) => s.sport_id === sport_id)!;
    await this.options.audit.record({
      actor,
      action: this.options.action,
      target: { type: 'sb_sport', id: sport_id },
      before: shown(before),
      after: shown(after),
    });
    return after;
  }
}
