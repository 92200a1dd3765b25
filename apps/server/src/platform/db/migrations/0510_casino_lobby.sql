-- Casino lobby (modules/casino): the game catalogue, third-party game sessions and the
-- seamless-wallet provider API's rounds and transactions (docs/provider-api.md).

create table casino_games (
  id integer generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,63}$'),
  name text not null check (length(name) between 1 and 80),
  provider_id integer not null references game_providers (id),
  category text not null
    check (category in ('slots', 'live', 'game_shows', 'table', 'roulette', 'arcade', 'virtual_sport')),
  -- A path on this site (generated art under /games/thumbs/ or an uploaded image URL).
  thumbnail text not null check (length(thumbnail) between 1 and 300),
  -- Return to player in basis points (96.50 % = 9650), as the studio states it.
  rtp_bp integer not null check (rtp_bp between 5000 and 9999),
  volatility text not null check (volatility in ('low', 'medium', 'high')),
  -- Bet range in EUR minor units; other currencies convert at the currency's rate_to_eur.
  min_bet_eur_minor bigint not null check (min_bet_eur_minor > 0),
  max_bet_eur_minor bigint not null check (max_bet_eur_minor >= min_bet_eur_minor),
  demo_allowed boolean not null default true,
  enabled boolean not null default true,
  featured boolean not null default false,
  sort_order integer not null default 0,
  tags text[] not null default '{}' check (cardinality(tags) <= 10),
  is_original boolean not null default false,
  -- For third-party games: the studio's own code for the game (sent on launch and in callbacks).
  provider_game_code text check (length(provider_game_code) between 1 and 64),
  released_on date not null default current_date,
  created_at timestamptz not null default now(),
  unique (provider_id, provider_game_code)
);
create index casino_games_lobby on casino_games (enabled, category, sort_order);

-- A studio we integrate with through the seamless wallet: its callback secret and launch URL.
create table casino_provider_integrations (
  provider_id integer primary key references game_providers (id),
  code text not null unique check (code ~ '^[a-z0-9_]{2,32}$'),
  secret text not null check (length(secret) >= 16),
  launch_url text not null,
  enabled boolean not null default true,
  updated_at timestamptz not null default now()
);

-- A player's launch of a third-party game with real money (demo launches store nothing).
-- The token is given to the studio in the launch URL; only its SHA-256 is kept. The client's
-- address and country are the player's, kept so the gate judges the player, not the studio.
create table casino_game_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  player_id bigint not null references players (id),
  game_id integer not null references casino_games (id),
  provider_id integer not null references game_providers (id),
  currency text not null references currencies (code),
  client_ip text not null,
  debug_country text,
  language text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index casino_game_sessions_player on casino_game_sessions (player_id, id desc);

create table provider_rounds (
  id bigint generated always as identity primary key,
  provider_id integer not null references game_providers (id),
  round_ref text not null check (length(round_ref) between 1 and 100),
  player_id bigint not null references players (id),
  game_id integer not null references casino_games (id),
  session_id bigint references casino_game_sessions (id),
  currency text not null references currencies (code),
  -- Money that actually moved: applied bets minus rolled-back ones, applied wins.
  stake_minor bigint not null default 0 check (stake_minor >= 0),
  payout_minor bigint not null default 0 check (payout_minor >= 0),
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (provider_id, round_ref)
);
create index provider_rounds_player on provider_rounds (player_id, id desc);
create index provider_rounds_time on provider_rounds (created_at);

-- One row per provider transaction id (idempotency): bets, wins, rollbacks. A rollback of a
-- bet that never arrived leaves a 'bet' row in status 'rolled_back' with no amount (a
-- tombstone), so the late bet finds its id taken and is refused.
create table provider_transactions (
  id bigint generated always as identity primary key,
  provider_id integer not null references game_providers (id),
  txn_ref text not null check (length(txn_ref) between 1 and 100),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  round_id bigint references provider_rounds (id),
  round_ref text not null,
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  amount_minor bigint check (amount_minor >= 0),
  -- rollback: the transaction it undoes.
  reference_txn_ref text,
  -- pending: recorded, money not yet (known to be) moved; applied: moved; refused: nothing
  -- moved and never will be under this id; rolled_back: a bet undone (or a tombstone).
  status text not null check (status in ('pending', 'applied', 'refused', 'rolled_back')),
  refusal_code text,
  created_at timestamptz not null default now(),
  unique (provider_id, txn_ref)
);
create index provider_transactions_round on provider_transactions (round_id);
