-- Referrals and affiliates (modules/affiliate). Attribution is what sign-up stored on the player
-- (`players.referred_by_code`: another player's referral code; `players.campaign_code`: a
-- campaign's code, the site's `?c=`); these tables hold campaigns, the programme's terms and
-- the monthly commissions.

create table affiliate_campaigns (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  code text not null check (code ~ '^[A-Za-z0-9_-]{3,32}$'),
  name text not null check (length(name) between 1 and 80),
  clicks bigint not null default 0 check (clicks >= 0),
  created_at timestamptz not null default now()
);
create unique index affiliate_campaigns_code_key on affiliate_campaigns (lower(code));
create index affiliate_campaigns_player on affiliate_campaigns (player_id, id);
create index players_referred_by on players (referred_by_code) where referred_by_code is not null;
create index players_campaign on players (lower(campaign_code)) where campaign_code is not null;

-- The programme's terms: one row, edited in the back office (audited).
create table affiliate_program (
  id smallint primary key default 1 check (id = 1),
  revenue_share_percent numeric(5, 2) not null default 25 check (revenue_share_percent between 0 and 100),
  -- Off: a month's negative NGR is forgotten. On: it is carried into the next months.
  negative_carryover boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into affiliate_program (id) values (1);

-- One commission per referrer, month and currency: the job run twice pays once.
create table affiliate_commissions (
  id bigint generated always as identity primary key,
  referrer_id bigint not null references players (id),
  period date not null check (extract(day from period) = 1),
  currency text not null references currencies (code),
  ngr_minor bigint not null,
  -- Negative NGR brought in from earlier months (carry-over on), and left for later ones.
  carried_in_minor bigint not null default 0 check (carried_in_minor <= 0),
  carried_out_minor bigint not null default 0 check (carried_out_minor <= 0),
  rate_percent numeric(5, 2) not null,
  commission_minor bigint not null check (commission_minor >= 0),
  transfer_id bigint,
  created_at timestamptz not null default now(),
  unique (referrer_id, period, currency)
);

-- The ledger learns a reason for commission payouts. NOT VALID then VALIDATE: the check of
-- existing rows does not hold a lock that stops ledger writes.
alter table ledger_transfers drop constraint ledger_transfers_reason_code_check;
alter table ledger_transfers add constraint ledger_transfers_reason_code_check
  check (reason_code = any ('{deposit,withdrawal,bet,win,bet_refund,bonus_grant,bonus_convert,bonus_forfeit,fee,adjustment,commission,reversal}'::text[])) not valid;
alter table ledger_transfers validate constraint ledger_transfers_reason_code_check;
