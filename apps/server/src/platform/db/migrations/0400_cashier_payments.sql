-- Fiat and INR payments (modules/cashier): one row per deposit or withdrawal through a
-- payment gateway. The row is the payment's own record (what the player asked, what the
-- provider said); money moves only in the ledger, named by this row's ids:
--   deposit credit     payment-deposit:<id>      payment_clearing:<gateway> -> player cash (net)
--   deposit fee        payment-deposit-fee:<id>  payment_clearing:<gateway> -> fees
--   withdrawal hold    payment-withdrawal:<id>   player cash -> payment_clearing:<gateway> (pending)
--   withdrawal paid    post / void of that hold, and payment-withdrawal-fee:<id> clearing -> fees

create table payments (
  id bigint generated always as identity primary key,
  -- What the player and the provider see; random, so ids are not guessable.
  public_id text not null unique check (public_id ~ '^(dp|wd)_[0-9a-f]{24}$'),
  direction text not null check (direction = any ('{deposit,withdrawal}'::text[])),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  gateway_id integer not null references payment_gateways (id),
  -- INR flow only.
  payment_mode text check (payment_mode = any ('{upi,netbanking}'::text[])),
  amount_minor bigint not null check (amount_minor > 0),
  fee_percent numeric(9, 6) not null check (fee_percent >= 0 and fee_percent < 100),
  fee_minor bigint not null check (fee_minor >= 0 and fee_minor < amount_minor),
  coupon text check (coupon ~ '^[A-Za-z0-9_-]{1,32}$'),
  -- The form's extra fields (bank name, account, IFSC, UPI id, network), already validated.
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object' and length(details::text) <= 2000),
  -- crediting: a deposit's credit is decided and its ledger transfers are (being) sent.
  -- A withdrawal above the four-eyes threshold stays pending until its second approval.
  status text not null check (status = any ('{pending,crediting,credited,declined,abandoned,expired,approved,paid,rejected,cancelled}'::text[])),
  provider text not null check (provider ~ '^[a-z_]{2,32}$'),
  provider_reference text check (length(provider_reference) between 1 and 128),
  -- The bank's reference of the money movement (UPI / IMPS UTR), from the provider or staff.
  utr text check (utr ~ '^[A-Za-z0-9-]{4,64}$'),
  hold_id bigint,
  transfer_id bigint,
  reason text check (length(reason) between 1 and 500),
  first_approved_by bigint references staff (id),
  first_approved_at timestamptz,
  approved_by bigint references staff (id),
  approved_at timestamptz,
  decided_by bigint references staff (id),
  paid_by bigint references staff (id),
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (provider, provider_reference),
  check (
    (direction = 'deposit' and status = any ('{pending,crediting,credited,declined,abandoned,expired}'::text[]))
    or (direction = 'withdrawal' and status = any ('{pending,approved,paid,rejected,cancelled}'::text[]))
  ),
  check ((direction = 'withdrawal') = (hold_id is not null)),
  check ((status = 'credited') = (transfer_id is not null)),
  check (direction = 'deposit' or coupon is null),
  -- Four eyes: the second approver is never the first.
  check (approved_by is null or first_approved_by is null or approved_by <> first_approved_by)
);

create index payments_player on payments (player_id, direction, created_at desc);
create index payments_queue on payments (direction, status, created_at desc);
-- The recovery sweep's work lists.
create index payments_crediting on payments (id) where status = 'crediting';
create index payments_open_deposits on payments (expires_at) where status = 'pending' and direction = 'deposit';

-- Every authenticated webhook delivery, once per provider event: the evidence behind each
-- status change, and the idempotency of redeliveries.
create table payment_webhooks (
  id bigint generated always as identity primary key,
  provider text not null check (provider ~ '^[a-z_]{2,32}$'),
  event_id text not null check (length(event_id) between 1 and 128),
  provider_reference text not null check (length(provider_reference) between 1 and 128),
  event text not null check (length(event) between 1 and 64),
  body_digest text not null check (body_digest ~ '^[0-9a-f]{64}$'),
  outcome text not null check (length(outcome) between 1 and 32),
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);
create index payment_webhooks_reference on payment_webhooks (provider, provider_reference);
