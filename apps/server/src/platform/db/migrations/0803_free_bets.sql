-- Free bets (issue 19): a promotion kind that gives the player a token of a fixed value to
-- stake on a sports bet. A token is not money: nothing moves when it is granted. The bet it
-- places is staked by the operator (bonus_cost:free_bet → sportsbook), and a win pays the
-- winnings only, stake not returned (SNR) — the industry's usual free-bet terms.
alter table promotions drop constraint promotions_kind_check;
alter table promotions add constraint promotions_kind_check
  check (kind = any ('{deposit_match,no_deposit,cashback,free_bet}'::text[]));
alter table promotions drop constraint promotions_trigger_check;
alter table promotions add constraint promotions_trigger_check
  check (code is not null or auto_first_deposit or kind in ('no_deposit', 'cashback', 'free_bet'));

create table free_bets (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  promotion_id bigint not null references promotions (id),
  currency text not null references currencies (code),
  amount_minor bigint not null check (amount_minor > 0),
  -- available → locked (a bet is being placed with it) → used; locked → available when the
  -- bet is refused or voided; available → expired.
  status text not null default 'available' check (status in ('available', 'locked', 'used', 'expired')),
  bet_ref text check (length(bet_ref) <= 200),
  source_ref text not null check (length(source_ref) between 1 and 200),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (promotion_id, source_ref),
  check ((status in ('locked', 'used')) = (bet_ref is not null))
);
create index free_bets_player on free_bets (player_id, status);
create unique index free_bets_bet on free_bets (bet_ref) where bet_ref is not null;
create index free_bets_expiry on free_bets (expires_at) where status = 'available';

