-- Races (modules/races, decision 0710): time-boxed competitions over real-money bets, scored
-- from BetSettled events off the bet path, prizes paid once per (race, place) when they end.

create table races (
  id bigserial primary key,
  name text not null check (length(name) between 1 and 60),
  metric text not null check (metric in ('wagered', 'multiplier')),
  recurrence text not null check (recurrence in ('once', 'daily', 'weekly')),
  currency text not null check (currency ~ '^[A-Z0-9]{2,10}$'),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- all | sportsbook | crash | originals | originals:<game> | provider:<slug>
  games jsonb not null check (jsonb_typeof(games) = 'array' and jsonb_array_length(games) between 1 and 50),
  -- Multiplier races: the smallest stake (EUR minor units at the operator's rate) that counts.
  min_stake_eur_minor bigint not null default 0 check (min_stake_eur_minor between 0 and 1000000000000000),
  -- open: takes bets between its dates; ending: standings frozen, prizes being paid;
  -- ended: every prize paid; cancelled: by an operator before it ended, nothing paid.
  status text not null default 'open' check (status in ('open', 'ending', 'ended', 'cancelled')),
  -- The edition this one follows (a daily or weekly race): one next edition per race.
  previous_id bigint unique references races (id),
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  check (ends_at - starts_at <= interval '92 days')
);
create index races_open on races (ends_at) where status in ('open', 'ending');

-- The prize of each place, in the race's currency's minor units.
create table race_prizes (
  race_id bigint not null references races (id),
  place integer not null check (place between 1 and 100),
  amount_minor bigint not null check (amount_minor between 0 and 1000000000000000),
  primary key (race_id, place)
);

-- Each bet counted once per race (the consumer's idempotency).
create table race_bets (
  race_id bigint not null references races (id),
  bet_ref text not null check (length(bet_ref) between 1 and 120),
  player_id bigint not null,
  score bigint not null check (score >= 0),
  settled_at timestamptz not null,
  primary key (race_id, bet_ref)
);

-- A player's score in a race: EUR minor units wagered, or the best multiplier × 100. The tie
-- rule: the higher score first, then whoever reached it earlier (reached_at), then the lower id.
create table race_entries (
  race_id bigint not null references races (id),
  player_id bigint not null,
  score bigint not null default 0 check (score >= 0),
  reached_at timestamptz not null,
  -- The currency of the player's latest counted bet: a prize is paid in it.
  currency text not null,
  bets integer not null default 0 check (bets >= 0),
  primary key (race_id, player_id)
);
create index race_entries_rank on race_entries (race_id, score desc, reached_at, player_id);
create index race_entries_player on race_entries (player_id);

-- Final standings, frozen when the race ends; one prize per (race, place), paid by a ledger
-- transfer keyed by both, so a retry or a second instance pays nothing more.
create table race_payouts (
  race_id bigint not null references races (id),
  place integer not null check (place between 1 and 100),
  player_id bigint not null,
  score bigint not null,
  currency text not null,
  amount_minor bigint not null check (amount_minor >= 0),
  transfer_id bigint,
  paid_at timestamptz,
  primary key (race_id, place),
  unique (race_id, player_id)
);
create index race_payouts_unpaid on race_payouts (race_id) where paid_at is null;
create index race_payouts_player on race_payouts (player_id);

-- Players who hide from leaderboards (still ranked and paid, shown as "Hidden").
create table race_privacy (
  player_id bigint primary key,
  hidden boolean not null,
  updated_at timestamptz not null default now()
);
