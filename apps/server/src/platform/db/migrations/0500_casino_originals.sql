-- Casino originals (modules/casino): provably fair seed pairs and the bets played with them.
-- A bet's outcome follows from (server seed, client seed, nonce); the server seed's SHA-256 is
-- shown before play and the seed itself after the pair is rotated.

create table fair_seeds (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  nonce integer not null default 0 check (nonce >= 0),
  status text not null default 'active' check (status in ('active', 'retired')),
  created_at timestamptz not null default now(),
  retired_at timestamptz
);
create unique index fair_seeds_active on fair_seeds (player_id) where status = 'active';

create table casino_bets (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  game text not null check (game in ('dice')),
  currency text not null references currencies (code),
  stake_minor bigint not null check (stake_minor > 0),
  payout_minor bigint not null check (payout_minor >= 0),
  multiplier text not null,
  params jsonb not null,
  outcome jsonb not null,
  seed_id bigint not null references fair_seeds (id),
  nonce integer not null,
  -- placing: outcome fixed, money not yet moved; settled: stake and win booked; refused: no money moved.
  status text not null default 'placing' check (status in ('placing', 'settled', 'refused')),
  idempotency_key text not null check (length(idempotency_key) between 8 and 100),
  created_at timestamptz not null default now(),
  unique (player_id, idempotency_key),
  unique (seed_id, nonce)
);
create index casino_bets_player on casino_bets (player_id, id desc);
create index casino_bets_placing on casino_bets (id) where status = 'placing';
