-- Partial cash-out: a bet gives up part of its stake for part of the offer and the rest rides
-- on at the price taken. The bet row keeps the stake still on; what was cashed is summed on
-- the row (cashout_stake_minor, cashout_minor) and each cash-out is kept as a line of history.
alter table sb_bets add column cashout_stake_minor bigint not null default 0
  check (cashout_stake_minor >= 0);

create table sb_bet_cashouts (
  bet_id bigint not null references sb_bets (id),
  -- 1, 2, …: the n-th cash-out of the bet; its ledger key is derived from it.
  seq int not null check (seq >= 1),
  stake_minor bigint not null check (stake_minor > 0),
  amount_minor bigint not null check (amount_minor > 0),
  transfer_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (bet_id, seq)
);

-- A correction the ledger could not apply (the player no longer holds the money a wrong result
-- paid): the bet keeps its money as it was and waits for the trading desk (decision 0621).
alter table sb_bets add column review_code text
  check (review_code is null or review_code in ('INSUFFICIENT_FUNDS'));
create index sb_bets_review on sb_bets (id) where review_code is not null;
