-- Which odds feed the sportsbook runs and how (decision 0640): the built-in simulator, The Odds
-- API v4 (with the operator's key, regions, sports and monthly request budget), its local fake
-- (outside production) or none. One row; no row means the simulator.
create table sb_feed_settings (
  id smallint primary key default 1 check (id = 1),
  provider text not null check (provider in ('simulator', 'odds_api', 'odds_api_fake', 'disabled')),
  -- The provider's key, as the payment and KYC vendors' are: never returned whole by the API.
  api_key text check (api_key is null or length(api_key) between 8 and 200),
  regions text[] not null default '{uk,eu}',
  sports text[] not null default '{}',
  monthly_budget int not null default 500 check (monthly_budget between 10 and 10000000),
  margin_bp int not null default 600 check (margin_bp between 0 and 3000),
  stale_ms int not null default 180000 check (stale_ms between 30000 and 3600000),
  updated_at timestamptz not null default now()
);
