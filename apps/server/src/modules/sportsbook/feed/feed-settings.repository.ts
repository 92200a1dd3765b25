import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import type { SecretBox } from '../../../platform/secrets.ts';
import { type ResealScope, resealColumn } from '../../../platform/secrets-at-rest.ts';

/** What the key is sealed for (platform/secrets.ts): a sealed value opens only as one. */
const ODDS_API_KEY = 'odds_api_key';

export const FEED_PROVIDERS = ['simulator', 'odds_api', 'odds_api_fake', 'disabled'] as const;
export type FeedProviderName = (typeof FEED_PROVIDERS)[number];

export type FeedSettings = {
  provider: FeedProviderName;
  api_key: string | null;
  regions: string[];
  sports: string[];
  monthly_budget: number;
  margin_bp: number;
  stale_ms: number;
  updated_at: Date | null;
};

/** No row yet: the simulator, as before there was a choice (migration 0640's defaults). */
export const FEED_SETTINGS_DEFAULTS: FeedSettings = {
  provider: 'simulator',
  api_key: null,
  regions: ['uk', 'eu'],
  sports: [],
  monthly_budget: 500,
  margin_bp: 600,
  stale_ms: 180_000,
  updated_at: null,
};

/**
 * `sb_feed_settings`: the one row saying which feed runs. The API key is stored sealed (decision
 * 0135) and handed out in clear: only this class sees both.
 */
export class FeedSettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  private opened(row: FeedSettings): FeedSettings {
    return { ...row, api_key: this.secrets.openNullable(row.api_key, ODDS_API_KEY) };
  }

  async get(): Promise<FeedSettings> {
    const { rows } = await sql<FeedSettings>`
      select provider, api_key, regions, sports, monthly_budget, margin_bp, stale_ms, updated_at
        from sb_feed_settings where id = 1`.execute(this.db);
    return rows[0] ? this.opened(rows[0]) : FEED_SETTINGS_DEFAULTS;
  }

  async put(s: Omit<FeedSettings, 'updated_at'>): Promise<FeedSettings> {
    const api_key = this.secrets.sealNullable(s.api_key, ODDS_API_KEY);
    const { rows } = await sql<FeedSettings>`
      insert into sb_feed_settings (id, provider, api_key, regions, sports, monthly_budget, margin_bp, stale_ms)
      values (1, ${s.provider}, ${api_key}, ${s.regions}::text[], ${s.sports}::text[],
              ${s.monthly_budget}, ${s.margin_bp}, ${s.stale_ms})
      on conflict (id) do update set provider = excluded.provider, api_key = excluded.api_key,
        regions = excluded.regions, sports = excluded.sports, monthly_budget = excluded.monthly_budget,
        margin_bp = excluded.margin_bp, stale_ms = excluded.stale_ms, updated_at = now()
      returning provider, api_key, regions, sports, monthly_budget, margin_bp, stale_ms, updated_at`.execute(
      this.db,
    );
    return this.opened(rows[0]!);
  }

  /** Seals a key stored in clear (start-up), or re-seals it under the current key. */
  resealKey(scope: ResealScope) {
    return resealColumn(
      this.db,
      this.secrets,
      { table: 'sb_feed_settings', key: 'id', column: 'api_key', purpose: ODDS_API_KEY },
      scope,
    );
  }
}
