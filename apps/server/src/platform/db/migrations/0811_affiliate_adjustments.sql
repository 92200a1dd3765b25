-- Manual commission adjustments by staff (a missed sale, a chargeback clawed back): each one a
-- ledger transfer between the affiliate programme's house account and the affiliate's cash,
-- recorded here with its reason and author. `request_id` makes a double-submitted form one
-- adjustment.
create table affiliate_adjustments (
  id bigint generated always as identity primary key,
  request_id uuid not null unique,
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  amount_minor bigint not null check (amount_minor <> 0),
  reason text not null check (length(reason) between 3 and 200),
  staff_id bigint not null,
  transfer_id bigint,
  created_at timestamptz not null default now()
);
create index affiliate_adjustments_player on affiliate_adjustments (player_id, id);
