-- Crypto withdrawals (modules/crypto): the amount is taken from the player's wallet currency
-- and held by the ledger (a pending transfer) at once; staff approve or reject; the payout is
-- marked paid with its chain transaction (the hold is posted) or released (voided).

create table crypto_withdrawals (
  id bigint generated always as identity primary key,
  tracking_id text not null unique check (tracking_id ~ '^cw_[0-9a-f]{24}$'),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  amount_minor bigint not null check (amount_minor > 0),
  coin text not null references currencies (code),
  network text not null check (network ~ '^[A-Z0-9]{2,10}$'),
  pay_code text not null check (pay_code ~ '^[a-z0-9]{2,16}$'),
  -- The coin amount at the operator's rate when requested (base units of the network).
  pay_amount_base numeric(78, 0) not null check (pay_amount_base > 0),
  address text not null check (length(address) between 1 and 128),
  extra_id text check (length(extra_id) <= 64),
  status text not null default 'pending'
    check (status = any ('{pending,approved,paid,rejected,cancelled}'::text[])),
  hold_id bigint not null,
  tx_hash text check (length(tx_hash) <= 200),
  reason text check (length(reason) <= 500),
  decided_by bigint references staff (id),
  decided_at timestamptz,
  paid_by bigint references staff (id),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'paid') = (tx_hash is not null and paid_at is not null))
);
create index crypto_withdrawals_player on crypto_withdrawals (player_id, created_at desc);
create index crypto_withdrawals_open on crypto_withdrawals (created_at) where status in ('pending', 'approved');
