-- Player passkeys (WebAuthn, decision 0143): credentials that sign a player in on their own, and
-- the server-side challenges of the registration and sign-in ceremonies.

-- One row per credential. `credential_id` is the authenticator's id (base64url, unique across
-- every player); `user_handle` is the random WebAuthn user id of the player, the same on each of
-- their passkeys, never their account id. `counter` only moves forward.
create table player_passkeys (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  credential_id text not null unique check (length(credential_id) between 1 and 1400),
  user_handle bytea not null,
  public_key bytea not null,
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  name text not null check (length(name) between 1 and 64),
  backed_up boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index player_passkeys_player_idx on player_passkeys (player_id, created_at);

-- A challenge handed to the browser: only its digest is kept, it lives a few minutes and is
-- claimed by the first answer that names it, right or wrong. A registration challenge belongs to
-- the signed-in player and carries the user handle the new credential is made for; a sign-in
-- challenge belongs to nobody until a passkey answers it.
create table player_passkey_challenges (
  id bigint generated always as identity primary key,
  purpose text not null check (purpose in ('register', 'sign_in')),
  player_id bigint references players (id),
  challenge_hash bytea not null unique,
  user_handle bytea,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((purpose = 'register') = (player_id is not null))
);
create index player_passkey_challenges_expiry_idx on player_passkey_challenges (expires_at);
