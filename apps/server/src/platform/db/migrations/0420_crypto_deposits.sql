-- Crypto deposits (modules/crypto). A deposit is priced in the player's wallet currency and
-- paid in a coin on a network; on-chain amounts are integers of the network's base unit
-- (wei has 18 decimals), so they are numeric(78,0) here and never booked by the ledger,
-- which credits the wallet currency (decision 0401).

create table crypto_deposits (
  id bigint generated always as identity primary key,
  -- What the player's wallet polls and shows; random, so ids are not guessable.
  tracking_id text not null unique check (tracking_id ~ '^cd_[0-9a-f]{24}$'),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  price_amount_minor bigint not null check (price_amount_minor > 0),
  coin text not null references currencies (code),
  network text not null check (network ~ '^[A-Z0-9]{2,10}$'),
  pay_code text not null check (pay_code ~ '^[a-z0-9]{2,16}$'),
  -- Our quote at the operator's rate, and what the provider asked for (may differ).
  quote_amount_base numeric(78, 0) not null check (quote_amount_base > 0),
  pay_amount_base numeric(78, 0) not null check (pay_amount_base > 0),
  pay_address text not null check (length(pay_address) between 1 and 128),
  pay_extra_id text check (length(pay_extra_id) <= 64),
  provider text not null check (provider ~ '^[a-z_]{2,32}$'),
  provider_payment_id text not null check (length(provider_payment_id) between 1 and 128),
  provider_status text not null default 'waiting',
  -- crediting: the credit amount is decided and the ledger transfer is (being) sent.
  status text not null default 'waiting' check (status = any ('{waiting,confirming,partially_paid,crediting,deposited,expired,failed}'::text[])),
  actually_paid_base numeric(78, 0) not null default 0 check (actually_paid_base >= 0),
  credit_minor bigint check (credit_minor > 0),
  ledger_transfer_id bigint,
  tx_hash text check (length(tx_hash) <= 200),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  credited_at timestamptz,
  unique (provider, provider_payment_id),
  check ((status in ('crediting', 'deposited')) = (credit_minor is not null)),
  check ((status = 'deposited') = (ledger_transfer_id is not null))
);

create index crypto_deposits_player on crypto_deposits (player_id, created_at desc);
-- The recovery sweep's work list: decided credits not yet confirmed by the ledger.
create index crypto_deposits_crediting on crypto_deposits (id) where status = 'crediting';
create index crypto_deposits_open on crypto_deposits (expires_at) where status = 'waiting';
create index crypto_deposits_address on crypto_deposits (pay_address, pay_code);

-- Every authenticated provider callback, once (a redelivery has the same digest): the
-- evidence behind each status change.
create table crypto_callbacks (
  id bigint generated always as identity primary key,
  provider text not null,
  provider_payment_id text not null,
  provider_status text not null,
  actually_paid_base numeric(78, 0) not null,
  body_digest text not null,
  outcome text not null,
  received_at timestamptz not null default now(),
  unique (provider, body_digest)
);
create index crypto_callbacks_payment on crypto_callbacks (provider, provider_payment_id);
