-- The operator's stake and payout limits of one original in one currency. Each column left null
-- falls back to the currency's row in originals_limits (and then to the built-in default), so a
-- game row only has to name what differs.
create table originals_game_limits (
  game text not null,
  currency text not null references currencies (code),
  min_bet_minor bigint check (min_bet_minor > 0),
  max_bet_minor bigint check (max_bet_minor > 0),
  max_payout_minor bigint check (max_payout_minor > 0),
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (game, currency),
  check (min_bet_minor is null or max_bet_minor is null or min_bet_minor <= max_bet_minor)
);
