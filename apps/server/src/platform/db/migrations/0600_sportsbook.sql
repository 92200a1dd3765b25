-- Sportsbook: the catalogue a feed fills (sports → competitions → events → markets →
-- selections) and the bets placed on it. Odds are exact decimals kept as integers in
-- thousandths (1.850 → 1850): no float ever reaches money math (decision 0600).

create table sb_sports (
  id text primary key check (id ~ '^[a-z0-9_-]{1,40}$'),
  name text not null check (length(name) between 1 and 80),
  sort_order int not null default 0
);

create table sb_competitions (
  id text primary key check (length(id) between 1 and 80),
  sport_id text not null references sb_sports (id),
  name text not null check (length(name) between 1 and 120),
  country text not null default '' check (length(country) <= 80),
  sort_order int not null default 0
);

create table sb_events (
  -- The provider's id (e.g. 'sim:cricket:12'): the feed names events by it.
  id text primary key check (length(id) between 1 and 80),
  competition_id text not null references sb_competitions (id),
  sport_id text not null references sb_sports (id),
  home text not null check (length(home) between 1 and 80),
  away text not null check (length(away) between 1 and 80),
  starts_at timestamptz not null,
  status text not null default 'not_started'
    check (status in ('not_started', 'live', 'suspended', 'ended', 'cancelled')),
  -- Sport-specific live score ({home, away, detail}) and clock text; shown as the feed sends them.
  score jsonb not null default '{}'::jsonb,
  clock text not null default '' check (length(clock) <= 40),
  -- Traders suspend an event on top of whatever the feed says (their stop wins).
  trader_suspended boolean not null default false,
  -- Margin added over the feed's fair prices for this event, in basis points (trading desk).
  margin_bp int not null default 0 check (margin_bp between -2000 and 5000),
  updated_at timestamptz not null default now()
);
create index sb_events_status_start on sb_events (status, starts_at);

create table sb_markets (
  id bigint generated always as identity primary key,
  event_id text not null references sb_events (id),
  -- The feed's key for the market within the event, e.g. 'totals:2.5' (unique per event).
  key text not null check (length(key) between 1 and 80),
  type text not null check (type in (
    'match_winner', 'totals', 'handicap', 'btts',
    'top_batsman', 'innings_runs', 'next_over_runs')),
  -- The line in thousandths (2.5 goals → 2500, −0.25 → −250); null for markets without one.
  line_milli int,
  name text not null check (length(name) between 1 and 120),
  status text not null default 'open' check (status in ('open', 'suspended', 'settled', 'void')),
  trader_suspended boolean not null default false,
  -- Risk limits in the market's own terms: multiplies the currency limits (1000 = ×1).
  limit_factor_milli int not null default 1000 check (limit_factor_milli between 0 and 100000),
  sort_order int not null default 0,
  updated_at timestamptz not null default now(),
  unique (event_id, key)
);

create table sb_selections (
  id bigint generated always as identity primary key,
  market_id bigint not null references sb_markets (id),
  key text not null check (length(key) between 1 and 80),
  name text not null check (length(name) between 1 and 120),
  -- Decimal odds × 1000 as priced (feed + margin); null while no price is offered.
  odds_milli int check (odds_milli between 1001 and 1000000),
  -- A trader's fixed price overrides the feed until cleared.
  trader_odds_milli int check (trader_odds_milli between 1001 and 1000000),
  active boolean not null default true,
  result text not null default 'open'
    check (result in ('open', 'won', 'lost', 'void', 'half_won', 'half_lost')),
  -- Dead heat: the winning part of a stake is paid × num/den (1/1 without a dead heat).
  dead_heat_num int not null default 1 check (dead_heat_num >= 1),
  dead_heat_den int not null default 1 check (dead_heat_den >= dead_heat_num),
  -- Bumped by every result and rollback: bets settle against this version.
  result_version int not null default 0,
  sort_order int not null default 0,
  unique (market_id, key)
);

-- Per-currency risk limits; a player's stake factor and a market's limit factor scale them.
create table sb_limits (
  currency text primary key,
  min_stake_minor bigint not null check (min_stake_minor > 0),
  max_stake_minor bigint not null check (max_stake_minor >= min_stake_minor),
  max_payout_minor bigint not null check (max_payout_minor > 0)
);
insert into sb_limits (currency, min_stake_minor, max_stake_minor, max_payout_minor) values
  ('EUR', 10, 500000, 5000000),
  ('USD', 10, 500000, 5000000),
  ('GBP', 10, 500000, 5000000),
  ('BRL', 100, 2500000, 25000000),
  ('INR', 1000, 50000000, 500000000);

create table sb_player_limits (
  player_id bigint primary key references players (id),
  -- 1000 = ×1; 0 stops the player betting; set on the trading desk.
  stake_factor_milli int not null default 1000 check (stake_factor_milli between 0 and 100000),
  updated_at timestamptz not null default now()
);

create table sb_bets (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  idempotency_key text not null check (length(idempotency_key) between 1 and 100),
  -- The request's digest: the same key with another request is refused.
  request_hash text not null,
  currency text not null,
  kind text not null check (kind in ('single', 'multiple', 'system')),
  -- System bets: each combination of `system_size` legs is one line.
  system_size int,
  lines int not null check (lines >= 1),
  line_stake_minor bigint not null check (line_stake_minor > 0),
  stake_minor bigint not null check (stake_minor > 0),
  potential_return_minor bigint not null check (potential_return_minor >= 0),
  accept_odds text not null check (accept_odds in ('none', 'higher', 'any')),
  -- pending: waiting out the live delay; open; settled; cashed_out; rejected (the hold released).
  status text not null check (status in ('pending', 'open', 'settled', 'cashed_out', 'rejected')),
  reject_code text,
  reject_message text,
  accept_at timestamptz,
  stake_hold_id bigint,
  -- held → posted (lost/won part) or voided (whole bet void); restaked if a void is corrected.
  stake_state text not null default 'none' check (stake_state in ('none', 'held', 'posted', 'voided')),
  payout_minor bigint,
  -- The current (not reversed) payout transfer, so a correction reverses exactly it.
  payout_transfer_id bigint,
  settle_version int not null default 0,
  settled_at timestamptz,
  cashout_minor bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (player_id, idempotency_key)
);
create index sb_bets_player on sb_bets (player_id, id desc);
create index sb_bets_open on sb_bets (status) where status in ('pending', 'open');

create table sb_bet_legs (
  bet_id bigint not null references sb_bets (id),
  leg_no int not null,
  selection_id bigint not null references sb_selections (id),
  market_id bigint not null references sb_markets (id),
  event_id text not null references sb_events (id),
  odds_milli int not null check (odds_milli between 1001 and 1000000),
  primary key (bet_id, leg_no)
);
create index sb_bet_legs_selection on sb_bet_legs (selection_id);
create index sb_bet_legs_market on sb_bet_legs (market_id);

-- Every feed message processed, by its provider's id: a message seen twice is skipped.
create table sb_feed_log (
  provider text not null,
  message_id text not null,
  kind text not null,
  received_at timestamptz not null default now(),
  primary key (provider, message_id)
);
