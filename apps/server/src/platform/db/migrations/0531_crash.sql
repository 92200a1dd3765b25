-- Crash (modules/casino crash.*): one multiplayer round at a time. Round seeds come from a hash
-- chain: chain[0] is a secret, chain[i + 1] = SHA256(chain[i]); rounds take it from the end, so
-- the published terminating hash commits to every round before it is played.

create table crash_chains (
  id bigint generated always as identity primary key,
  -- Secret until the chain is used up; the rounds reveal it hash by hash from the end.
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  length integer not null check (length between 1 and 100000000),
  terminating_hash text not null check (terminating_hash ~ '^[0-9a-f]{64}$'),
  -- Fixed and published with the terminating hash, before round 1 (see docs/provably-fair.md).
  salt text not null check (length(salt) between 1 and 128),
  created_at timestamptz not null default now()
);

create table crash_rounds (
  id bigint generated always as identity primary key,
  chain_id bigint not null references crash_chains (id),
  -- 1 for the first round of the chain; its hash is chain[length - 1].
  chain_round integer not null check (chain_round >= 1),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  crash_point_x100 integer not null check (crash_point_x100 >= 100),
  edge_bp integer not null,
  -- betting → running → crashed; a round a restart finds in betting is cancelled (stakes back).
  status text not null default 'betting' check (status in ('betting', 'running', 'crashed', 'cancelled')),
  betting_ends_at timestamptz not null,
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  unique (chain_id, chain_round)
);
create index crash_rounds_recent on crash_rounds (id desc) where status in ('crashed', 'cancelled');

create table crash_bets (
  id bigint generated always as identity primary key,
  round_id bigint not null references crash_rounds (id),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  stake_minor bigint not null check (stake_minor > 0),
  -- The player's auto cash-out (null: none).
  auto_cashout_x100 integer check (auto_cashout_x100 >= 101),
  -- Where the engine cashes out at the latest: the auto cash-out or the max payout, lower first.
  limit_x100 integer not null check (limit_x100 >= 101),
  cashout_x100 integer,
  payout_minor bigint not null default 0 check (payout_minor >= 0),
  -- placing: stake not yet moved; active: riding; cashed: win fixed (paid once `paid`);
  -- lost; refunded (round interrupted); refused (balance).
  status text not null default 'placing'
    check (status in ('placing', 'active', 'cashed', 'lost', 'refunded', 'refused')),
  paid boolean not null default false,
  idempotency_key text not null check (length(idempotency_key) between 8 and 100),
  created_at timestamptz not null default now(),
  unique (player_id, idempotency_key),
  unique (round_id, player_id)
);
create index crash_bets_round on crash_bets (round_id);
create index crash_bets_player on crash_bets (player_id, id desc);
create index crash_bets_unpaid on crash_bets (id) where status = 'cashed' and not paid;
