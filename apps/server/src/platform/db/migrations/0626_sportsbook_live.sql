-- In-play betting per sport (decision 0626): the bet delay (null: the instance's default) and
-- the price change the delay's check absorbs, in basis points of the price the player saw.
create table sb_live_settings (
  sport_id text primary key references sb_sports (id),
  delay_ms int check (delay_ms between 0 and 30000),
  tolerance_bp int not null check (tolerance_bp between 0 and 500),
  updated_at timestamptz not null default now()
);
