-- Player two-factor sign-in (decision 0140): an authenticator app (TOTP) with single-use
-- recovery codes, and the short-lived challenge a password sign-in answers with when it is on.

-- One row per player who started enrolling. `pending_secret` is the secret shown while
-- enrolling; `secret` is set once a code proves the app has it. `last_step` refuses a replayed
-- code (and any older one).
create table player_two_factor (
  player_id bigint primary key references players (id),
  secret text,
  pending_secret text,
  enabled_at timestamptz,
  last_step bigint,
  updated_at timestamptz not null default now(),
  check ((secret is null) = (enabled_at is null))
);

-- Stored only as SHA-256 digests; each one works once.
create table player_recovery_codes (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  code_hash bytea not null unique,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index player_recovery_codes_player_idx on player_recovery_codes (player_id);

-- The proof that the password was right, traded for a session with a second factor. Only the
-- digest of the token is kept; `failures` ends it after a few wrong codes.
create table player_login_challenges (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  failures int not null default 0 check (failures >= 0)
);
create index player_login_challenges_player_idx on player_login_challenges (player_id, created_at);
