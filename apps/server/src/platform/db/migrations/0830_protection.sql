-- Player protection (modules/protection): jurisdiction policy as data, the player's declared
-- country, responsible-gaming limits, time-outs and self-exclusions, and the deposit amounts
-- counted against limits.

create table jurisdictions (
  country text primary key check (country ~ '^[A-Z]{2}$'),
  -- real_money: allowed; demo_only: play-money games only; blocked: the site is not for them.
  policy text not null check (policy in ('real_money', 'demo_only', 'blocked')),
  min_age smallint not null default 18 check (min_age between 18 and 25),
  -- Why, for players and auditors (the law, or the operator's licence conditions).
  note text not null default '' check (length(note) <= 500),
  updated_at timestamptz not null default now()
);

-- The shipped default: real money off where online money games are prohibited.
insert into jurisdictions (country, policy, note) values
  ('IN', 'demo_only', 'Online money games are prohibited by the Promotion and Regulation of Online Gaming Act, 2025.'),
  ('CN', 'demo_only', 'Online gambling is prohibited.'),
  ('KP', 'blocked', 'Sanctioned jurisdiction.'),
  ('IR', 'blocked', 'Sanctioned jurisdiction.'),
  ('SA', 'demo_only', 'Gambling is prohibited.'),
  ('AE', 'demo_only', 'Online gambling is prohibited without a federal licence.'),
  ('QA', 'demo_only', 'Gambling is prohibited.'),
  ('KW', 'demo_only', 'Gambling is prohibited.'),
  ('PK', 'demo_only', 'Gambling is prohibited.'),
  ('BD', 'demo_only', 'Gambling is prohibited.'),
  ('ID', 'demo_only', 'Gambling is prohibited.');

alter table players
  add column country text check (country ~ '^[A-Z]{2}$'),
  -- Operator test accounts may use sandbox money flows from any country outside production.
  add column test_account boolean not null default false;

create table player_protection (
  player_id bigint primary key references players (id),
  -- Deposit limits in the player's currency (minor units); null = none.
  deposit_limit_daily bigint check (deposit_limit_daily > 0),
  deposit_limit_weekly bigint check (deposit_limit_weekly > 0),
  deposit_limit_monthly bigint check (deposit_limit_monthly > 0),
  -- A raised or removed limit waits 24 h; these hold the requested values until then.
  pending_limits jsonb,
  pending_from timestamptz,
  timeout_until timestamptz,
  self_excluded_until timestamptz,
  self_excluded_permanent boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Deposits counted against the limits, by the deposit's own reference (a retry counts once).
create table deposit_limit_usage (
  reference text primary key check (length(reference) between 1 and 200),
  player_id bigint not null references players (id),
  amount_minor bigint not null check (amount_minor > 0),
  created_at timestamptz not null default now()
);
create index deposit_limit_usage_player on deposit_limit_usage (player_id, created_at desc);

-- Every change to a player's limits or exclusions, for the player and the back office.
create table protection_history (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  actor text not null check (actor in ('player', 'staff', 'system')),
  change text not null check (length(change) between 1 and 200),
  created_at timestamptz not null default now()
);
create index protection_history_player on protection_history (player_id, id desc);
