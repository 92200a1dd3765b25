import type { AuditService } from '../../audit/index.ts';
import { sportsbookError } from '../sportsbook.errors.ts';
import type { FeedAdapter, FeedSink } from './feed.types.ts';
import {
  FEED_SETTINGS_DEFAULTS,
  type FeedProviderName,
  type FeedSettings,
  type FeedSettingsRepository,
} from './feed-settings.repository.ts';
import { demoSlate, FakeOddsApi } from './odds-api/odds-api.fake.ts';
import { type FeedHealth, OddsApiFeed } from './odds-api/odds-api.feed.ts';

/** The real service's address; the operator cannot point the key elsewhere. */
export const ODDS_API_BASE_URL = 'https://api.the-odds-api.com';

/** How often the feed's leader re-reads its settings. */
export const SETTINGS_RELOAD_MS = 60_000;

/** A provider chosen but switched off: nothing arrives, the desk sees it. */
export class DisabledFeed implements FeedAdapter {
  readonly provider = 'disabled';
  start(): void {}
  async stop(): Promise<void> {}
}

export type FeedSettingsInput = {
  provider: FeedProviderName;
  /** Absent: keep the stored key; null: forget it. */
  api_key?: string | null;
  regions: string[];
  sports: string[];
  monthly_budget: number;
  margin_bp: number;
  stale_ms: number;
};

export type FeedSettingsView = Omit<FeedSettings, 'api_key' | 'updated_at'> & {
  /** The key's last four characters only. */
  api_key_hint: string | null;
  updated_at: string | null;
  health: FeedHealth | { provider: string; state: 'ok' | 'disabled' | 'stopped' };
};

const hint = (key: string | null) => (key === null ? null : `••••${key.slice(-4)}`);

/**
 * Which feed runs (the simulator unless the operator chose another in the back office), built
 * from the stored settings when this instance takes the feed's lease and rebuilt when they
 * change. The simulator stays the module's `feed` (tests and dev routes drive it).
 */
export class FeedController {
  private active: FeedAdapter | null = null;
  private fake: FakeOddsApi | null = null;
  private sink: FeedSink | null = null;
  private current: FeedSettings = FEED_SETTINGS_DEFAULTS;
  private watch: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      repo: FeedSettingsRepository;
      audit: AuditService;
      simulator: FeedAdapter;
      env: string;
      marketKeys: (event_id: string) => Promise<string[]>;
      /** The simulator's matches live in its memory: switched away from, they are void. */
      retireSimulator: () => Promise<unknown>;
      log: (message: string, error?: unknown) => void;
    },
  ) {}

  /** Starts the chosen feed (this instance leads it). */
  async start(sink: FeedSink) {
    this.sink = sink;
    this.current = await this.deps.repo.get();
    await this.launch();
    // Settings saved through another instance reach the leader within a minute.
    this.watch ??= setInterval(() => {
      void this.reload().catch((error) => this.deps.log('sportsbook feed settings', error));
    }, SETTINGS_RELOAD_MS);
  }

  async stop() {
    this.sink = null;
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
    await this.halt();
  }

  /** Relaunches the feed when the stored settings differ from those it runs with. */
  async reload() {
    const s = await this.deps.repo.get();
    if (!this.sink || s.updated_at?.getTime() === this.current.updated_at?.getTime()) return;
    this.current = s;
    await this.switchOver();
  }

  /** Another provider takes over: what the old one offered must not stay open at old prices. */
  private async switchOver() {
    const old = this.active;
    if (old instanceof OddsApiFeed) await old.suspendAll();
    await this.halt();
    if (old === this.deps.simulator && this.current.provider !== 'simulator') {
      await this.deps.retireSimulator();
    }
    await this.launch();
  }

  private async halt() {
    const active = this.active;
    this.active = null;
    await active?.stop();
    await this.fake?.close();
    this.fake = null;
  }

  private async launch() {
    if (!this.sink) return;
    this.active = await this.build(this.current);
    this.active.start(this.sink);
  }

  /** The adapter for some settings (exported for tests through `adapterFor`). */
  async build(s: FeedSettings): Promise<FeedAdapter> {
    if (s.provider === 'simulator') return this.deps.simulator;
    if (s.provider === 'disabled') return new DisabledFeed();
    let base_url = ODDS_API_BASE_URL;
    let api_key = s.api_key ?? '';
    if (s.provider === 'odds_api_fake') {
      this.fake = new FakeOddsApi();
      demoSlate(this.fake);
      base_url = await this.fake.listen();
      api_key = this.fake.api_key;
    }
    return new OddsApiFeed({
      base_url,
      api_key,
      sports: s.provider === 'odds_api_fake' && s.sports.length === 0 ? ['soccer_epl'] : s.sports,
      regions: s.regions,
      monthly_budget: s.monthly_budget,
      margin_bp: s.margin_bp,
      stale_ms: s.stale_ms,
      marketKeys: this.deps.marketKeys,
      log: this.deps.log,
    });
  }

  async view(): Promise<FeedSettingsView> {
    const s = await this.deps.repo.get();
    const { api_key, updated_at, ...rest } = s;
    const active = this.active;
    const health =
      active instanceof OddsApiFeed
        ? active.health()
        : {
            provider: s.provider,
            state:
              active === null
                ? ('stopped' as const)
                : s.provider === 'disabled'
                  ? ('disabled' as const)
                  : ('ok' as const),
          };
    return {
      ...rest,
      api_key_hint: hint(api_key),
      updated_at: updated_at?.toISOString() ?? null,
      health,
    };
  }

  async update(actor: Parameters<AuditService['record']>[0]['actor'], input: FeedSettingsInput) {
    const before = await this.deps.repo.get();
    const api_key = input.api_key === undefined ? before.api_key : input.api_key;
    if (input.provider === 'odds_api' && api_key === null) {
      throw sportsbookError('FEED_SETTINGS_INVALID', 'The Odds API needs an API key');
    }
    if (input.provider === 'odds_api' && input.sports.length === 0) {
      throw sportsbookError('FEED_SETTINGS_INVALID', 'Choose at least one sport to poll');
    }
    if (input.provider === 'odds_api_fake' && this.deps.env === 'production') {
      throw sportsbookError('FEED_SETTINGS_INVALID', 'The local fake is not offered in production');
    }
    const after = await this.deps.repo.put({ ...input, api_key });
    const masked = (x: FeedSettings) => ({ ...x, api_key: hint(x.api_key), updated_at: undefined });
    await this.deps.audit.record({
      actor,
      action: 'sportsbook.feed.settings',
      target: { type: 'sb_feed_settings', id: '1' },
      before: masked(before),
      after: masked(after),
      metadata: { key_changed: api_key !== before.api_key },
    });
    this.current = after;
    // The leader switches at once; the others read the row when they take the lease.
    if (this.sink) await this.switchOver();
    return this.view();
  }
}
