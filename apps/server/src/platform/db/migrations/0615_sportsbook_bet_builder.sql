-- Bet builder (same-game multi): one bet on several picks of one event, at a joint price the
-- book computes from its match model (decision 0615). Its legs are stored like a multiple's
-- (each at the price it showed then, for display); the bet pays at `builder_odds_milli`.
alter table sb_bets drop constraint if exists sb_bets_kind_check;
alter table sb_bets
  add constraint sb_bets_kind_check check (kind in ('single', 'multiple', 'system', 'builder'));
alter table sb_bets add column builder_odds_milli int
  check (builder_odds_milli is null or builder_odds_milli > 1000);
alter table sb_bets add constraint sb_bets_builder_odds
  check ((kind = 'builder') = (builder_odds_milli is not null)) not valid;
alter table sb_bets validate constraint sb_bets_builder_odds;

-- What an operator sets for the bet builder, per sport (a sport without a row: the defaults in
-- sportsbook.builder.ts).
create table sb_builder_settings (
  sport_id text primary key references sb_sports (id),
  enabled boolean not null,
  margin_bp int not null check (margin_bp between 200 and 3000),
  legs_max int not null check (legs_max between 2 and 12),
  odds_max_milli int not null check (odds_max_milli between 2000 and 1000000),
  updated_at timestamptz not null default now()
);
