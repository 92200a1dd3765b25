-- Promotions and bonuses (modules/bonus). A promotion is the operator's offer; a bonus is one
-- player's grant of it, with its wagering requirement. Bonus money lives in the player's
-- ledger bonus account; these tables hold the rules and the progress.

create table promotions (
  id bigint generated always as identity primary key,
  -- The coupon players type; null for automatic offers. Stored upper case.
  code text unique check (code ~ '^[A-Z0-9_-]{3,32}$'),
  -- Free bets, free spins and cashback come with the sportsbook and casino hooks (module README).
  kind text not null check (kind = any ('{deposit_match,no_deposit}'::text[])),
  -- Per language: {"en": "…", "pt": "…"}; English is required.
  title jsonb not null check (title ? 'en'),
  terms jsonb not null default '{}'::jsonb,
  -- deposit_match: percent of the deposit.
  percent numeric(7, 3) check (percent is null or (percent > 0 and percent <= 1000)),
  -- Amounts per currency in minor units: {"EUR": 10000, "INR": 1000000}.
  max_bonus jsonb not null default '{}'::jsonb,
  min_deposit jsonb not null default '{}'::jsonb,
  fixed_amount jsonb not null default '{}'::jsonb,
  max_bet jsonb not null default '{}'::jsonb,
  -- How many times the wagering base must be wagered; the base is the bonus, or bonus + deposit.
  wagering_multiplier integer not null default 0 check (wagering_multiplier between 0 and 200),
  wagering_base text not null default 'bonus' check (wagering_base in ('bonus', 'bonus_plus_deposit')),
  -- Percent of a stake that counts, by category: {"slots": 100, "table": 10, "sports": 100}.
  contributions jsonb not null default '{"slots": 100, "originals": 100, "table": 10, "live": 10, "sports": 100}'::jsonb,
  -- At most this multiple of the bonus converts to cash (null: no cap).
  max_conversion_multiplier numeric(7, 2) check (max_conversion_multiplier is null or max_conversion_multiplier > 0),
  expiry_days integer not null default 30 check (expiry_days between 1 and 365),
  per_player_limit integer not null default 1 check (per_player_limit between 1 and 1000),
  total_limit integer check (total_limit is null or total_limit > 0),
  countries text[],
  currencies text[],
  -- Granted without a code on a player's first deposit (welcome offers).
  auto_first_deposit boolean not null default false,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at),
  check (kind <> 'deposit_match' or percent is not null),
  check (code is not null or auto_first_deposit or kind = 'no_deposit')
);

create table bonuses (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  promotion_id bigint not null references promotions (id),
  currency text not null references currencies (code),
  amount_minor bigint not null check (amount_minor > 0),
  -- The cash deposit this bonus locks while it is wagered (wagering base bonus + deposit).
  locked_deposit_minor bigint not null default 0 check (locked_deposit_minor >= 0),
  wagering_required_minor bigint not null check (wagering_required_minor >= 0),
  wagered_minor bigint not null default 0 check (wagered_minor >= 0),
  max_bet_minor bigint,
  status text not null default 'active' check (status = any ('{active,completed,expired,forfeited}'::text[])),
  -- The ledger transfers that put the bonus in and took it out (converted or returned). A
  -- status change is committed first, the transfer follows with a key derived from the id;
  -- the sweep sends any transfer a crash left unsent.
  grant_transfer_id bigint,
  end_transfer_id bigint,
  -- What triggered it, unique per promotion: a deposit credited twice grants once.
  source_ref text not null check (length(source_ref) between 1 and 200),
  converted_minor bigint,
  granted_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz,
  unique (promotion_id, source_ref)
);
create index bonuses_player on bonuses (player_id, granted_at desc);
create index bonuses_active on bonuses (player_id) where status = 'active';
create index bonuses_expiry on bonuses (expires_at) where status = 'active';
create index bonuses_unsent on bonuses (id) where grant_transfer_id is null or (status <> 'active' and end_transfer_id is null);

-- Each settled bet counts once towards a bonus's wagering.
create table bonus_wagers (
  bonus_id bigint not null references bonuses (id),
  bet_ref text not null check (length(bet_ref) between 1 and 200),
  product text not null,
  category text not null,
  stake_minor bigint not null check (stake_minor > 0),
  counted_minor bigint not null check (counted_minor >= 0),
  created_at timestamptz not null default now(),
  primary key (bonus_id, bet_ref)
);
