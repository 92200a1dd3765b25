-- Free spins (issue 19): a promotion kind that gives the player a number of spins at a fixed
-- bet on given studio games. The spins are the operator's (nothing is staked from the player);
-- the studio plays them in a free-rounds mode and reports each spin's win against the grant.
-- When the last spin is played (or the grant expires with spins left), the total win becomes a
-- bonus with the promotion's wagering (bonus_cost → the player's bonus account), exactly once.
alter table promotions drop constraint promotions_kind_check;
alter table promotions add constraint promotions_kind_check
  check (kind = any ('{deposit_match,no_deposit,cashback,free_bet,free_spins}'::text[]));
alter table promotions drop constraint promotions_trigger_check;
alter table promotions add constraint promotions_trigger_check
  check (code is not null or auto_first_deposit
    or kind in ('no_deposit', 'cashback', 'free_bet', 'free_spins'));
-- free_spins: how many spins, on which games (catalogue slugs); the bet per spin is
-- `fixed_amount` per currency.
alter table promotions
  add column free_spins integer check (free_spins between 1 and 500),
  add column free_spin_games text[] check (cardinality(free_spin_games) between 1 and 20),
  add constraint promotions_free_spins_shape
    check (kind <> 'free_spins' or (free_spins is not null and free_spin_games is not null));

create table free_spin_grants (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  promotion_id bigint not null references promotions (id),
  currency text not null references currencies (code),
  games text[] not null check (cardinality(games) between 1 and 20),
  bet_minor bigint not null check (bet_minor > 0),
  spins_total integer not null check (spins_total between 1 and 500),
  spins_used integer not null default 0 check (spins_used >= 0 and spins_used <= spins_total),
  win_minor bigint not null default 0 check (win_minor >= 0),
  -- active → completed (every spin played) or expired (time ran out); the winnings then become
  -- a bonus (bonus_id; `bonuses.source_ref` = 'free-spins:<id>' makes that exactly once).
  status text not null default 'active' check (status in ('active', 'completed', 'expired')),
  bonus_id bigint references bonuses (id),
  source_ref text not null check (length(source_ref) between 1 and 200),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  unique (promotion_id, source_ref),
  check ((status = 'active') = (ended_at is null))
);
create index free_spin_grants_player on free_spin_grants (player_id, status);
create index free_spin_grants_expiry on free_spin_grants (expires_at) where status = 'active';
-- Ended grants whose winnings have not reached the bonus yet (the sweep finishes them).
create index free_spin_grants_unpaid on free_spin_grants (id)
  where status <> 'active' and bonus_id is null and win_minor > 0;

-- Each spin the studio reports, once per (studio, transaction id): a retry replays it.
create table free_spin_rounds (
  grant_id bigint not null references free_spin_grants (id),
  provider text not null check (length(provider) between 1 and 32),
  transaction_id text not null check (length(transaction_id) between 1 and 100),
  round_id text not null check (length(round_id) between 1 and 100),
  game text not null,
  win_minor bigint not null check (win_minor >= 0),
  created_at timestamptz not null default now(),
  primary key (provider, transaction_id)
);
create index free_spin_rounds_grant on free_spin_rounds (grant_id);
