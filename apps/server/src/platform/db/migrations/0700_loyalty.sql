-- Loyalty (modules/loyalty): VIP levels by real-money wagered volume and rakeback, both fed by
-- BetSettled events off the bet path (decision 0700).

-- The operator's ladder. Volume and thresholds are counted in EUR minor units (each bet converted
-- at the operator's rate when it is counted); a level's rakeback is a share of the house edge.
create table loyalty_levels (
  rank integer primary key check (rank between 1 and 20),
  name text not null check (length(name) between 1 and 40),
  threshold_eur_minor bigint not null check (threshold_eur_minor between 0 and 1000000000000000),
  -- Basis points of the house edge given back (1000 = 10 % of the edge).
  rakeback_bp integer not null check (rakeback_bp between 0 and 5000),
  reward_kind text not null default 'none' check (reward_kind in ('none', 'cash', 'bonus')),
  -- Cash reward in EUR minor units, converted to the player's currency when paid.
  reward_eur_minor bigint not null default 0 check (reward_eur_minor between 0 and 100000000000),
  -- Bonus reward: a promotion of the bonus module, granted once per player and level.
  reward_promotion_id bigint,
  benefits jsonb not null default '[]' check (jsonb_typeof(benefits) = 'array'),
  updated_at timestamptz not null default now(),
  check (reward_kind <> 'cash' or reward_eur_minor > 0),
  check (reward_kind <> 'bonus' or reward_promotion_id is not null)
);

create table loyalty_settings (
  id smallint primary key default 1 check (id = 1),
  -- The sportsbook's edge for rakeback: the operator's figure (decision 0700).
  sports_edge_bp integer not null default 500 check (sports_edge_bp between 0 and 3000),
  updated_at timestamptz not null default now()
);
insert into loyalty_settings (id) values (1);

-- The shipped ladder: an operator edits it in the back office.
insert into loyalty_levels (rank, name, threshold_eur_minor, rakeback_bp, reward_kind, reward_eur_minor, benefits) values
  (1, 'Bronze', 0, 500, 'none', 0, '[]'),
  (2, 'Silver', 100000, 1000, 'cash', 500, '[]'),
  (3, 'Gold', 1000000, 1500, 'cash', 2500, '["Priority support"]'),
  (4, 'Platinum', 5000000, 2000, 'cash', 10000, '["A personal VIP host", "Priority withdrawals"]'),
  (5, 'Diamond', 25000000, 2500, 'cash', 50000, '["A personal VIP host", "Priority withdrawals", "Invitations to VIP events"]');

-- One row per player who has wagered: the volume, the highest level reached (never lowered)
-- and the highest level whose message the player has seen.
create table loyalty_players (
  player_id bigint primary key,
  wagered_eur_minor bigint not null default 0 check (wagered_eur_minor >= 0),
  rank integer not null default 0 check (rank >= 0),
  seen_rank integer not null default 0 check (seen_rank >= 0),
  last_bet_at timestamptz,
  updated_at timestamptz not null default now()
);
create index loyalty_players_rank on loyalty_players (rank, wagered_eur_minor desc);

-- Rakeback per player and currency, in millionths of a minor unit so a small bet's share is
-- never rounded away; what may be claimed is floor(accrued / 10^6) − claimed.
create table loyalty_rakeback (
  player_id bigint not null,
  currency text not null,
  accrued_micro bigint not null default 0 check (accrued_micro >= 0),
  claimed_minor bigint not null default 0 check (claimed_minor >= 0),
  primary key (player_id, currency),
  check (claimed_minor <= accrued_micro / 1000000)
);

-- Each bet counted once (the event's bet reference): the consumer's idempotency.
create table loyalty_bets (
  bet_ref text primary key check (length(bet_ref) between 1 and 120),
  player_id bigint not null,
  currency text not null,
  stake_minor bigint not null check (stake_minor > 0),
  wagered_eur_minor bigint not null check (wagered_eur_minor >= 0),
  edge_bp integer not null check (edge_bp between 0 and 10000),
  rakeback_bp integer not null check (rakeback_bp between 0 and 10000),
  rakeback_micro bigint not null check (rakeback_micro >= 0),
  counted_at timestamptz not null default now()
);
create index loyalty_bets_player on loyalty_bets (player_id, counted_at);

-- Level-up rewards: once per player and level (the primary key), paid after the level is
-- reached; 'pending' until the ledger or the bonus engine has it (the sweep re-drives).
create table loyalty_rewards (
  player_id bigint not null,
  rank integer not null,
  kind text not null check (kind in ('cash', 'bonus')),
  currency text not null,
  amount_minor bigint not null default 0 check (amount_minor >= 0),
  promotion_id bigint,
  status text not null default 'pending' check (status in ('pending', 'paid', 'refused')),
  transfer_id bigint,
  bonus_id bigint,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  primary key (player_id, rank)
);
create index loyalty_rewards_pending on loyalty_rewards (created_at) where status = 'pending';

-- Rakeback claims: the row is written with the claimed amount under the rakeback row's lock,
-- the ledger transfer keyed by its id follows (the sweep re-sends one a crash left unsent).
create table loyalty_claims (
  id bigint generated always as identity primary key,
  player_id bigint not null,
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  transfer_id bigint,
  created_at timestamptz not null default now()
);
create index loyalty_claims_player on loyalty_claims (player_id, id desc);
create index loyalty_claims_unsent on loyalty_claims (created_at) where transfer_id is null;
