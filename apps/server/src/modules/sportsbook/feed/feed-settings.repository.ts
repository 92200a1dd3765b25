import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { SEALED_PREFIX, type SecretBox } from '../../../platform/secrets.ts';

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

  /**
   * Seals a key stored in clear before keys were sealed (start-up; instances racing agree: the
   * row changes only if it still holds the plain value read). 1 when it did, else 0.
   */
  async sealPlainKey(): Promise<number> {
    const { rows } = await sql<{ api_key: string }>`
      select api_key from sb_feed_settings
       where id = 1 and api_key is not null and api_key not like ${`${SEALED_PREFIX}%`}`.execute(
      this.db,
    );
    const plain = rows[0]?.api_key;
    if (plain === undefined) return 0;
    const result = await sql`
      update sb_feed_settings set api_key = ${this.secrets.seal(plain, ODDS_API_KEY)}
       where id = 1 and api_key = ${plain}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}
