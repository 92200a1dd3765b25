-- Order of spending (issue 19, decision 0805): the operator chooses whether stakes come from
-- cash first (the locked model of decision 0800: bonus money waits until wagered) or from bonus
-- money first (a bonus's balance is staked before the player's cash, its winnings stay bonus
-- money until the wagering is met, and a bonus whose balance is spent ends as 'lost').
create table bonus_settings (
  id smallint primary key default 1 check (id = 1),
  spending_order text not null default 'cash_first'
    check (spending_order in ('cash_first', 'bonus_first')),
  updated_at timestamptz not null default now()
);
insert into bonus_settings (id) values (1);

-- What is left of each bonus. Cash first, nothing stakes it: it stays the amount granted.
-- Bonus first, stakes take from it and their returns add to it, under the bonus's row lock;
-- the ledger follows with a transfer per stake and per return (bonus_moves).
alter table bonuses
  add column balance_minor bigint check (balance_minor >= 0),
  -- Bonus-funded bets still open (bonus_bets): a bonus does not end (convert, expire, lose)
  -- while one is open, so a return always finds its bonus still running.
  add column open_stakes integer not null default 0 check (open_stakes >= 0);
update bonuses set balance_minor = amount_minor;
alter table bonuses alter column balance_minor set not null;

alter table bonuses drop constraint bonuses_status_check;
alter table bonuses add constraint bonuses_status_check
  check (status = any ('{active,completed,expired,forfeited,lost}'::text[]));

-- Nothing to send when a bonus ended with nothing left (lost): the unsent index follows.
drop index bonuses_unsent;
create index bonuses_unsent on bonuses (id)
  where grant_transfer_id is null
    or (status <> 'active' and end_transfer_id is null and balance_minor > 0);

-- A bonus-funded bet (an original's bet, a studio round): what it staked from the bonus and what
-- came back to it. While it is open its bonus does not end. Its money moves are below.
create table bonus_bets (
  bet_ref text primary key check (length(bet_ref) between 1 and 200),
  bonus_id bigint not null references bonuses (id),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  -- The house account's purpose its stakes go to (wagers:<purpose>).
  house_purpose text not null check (house_purpose ~ '^[a-z0-9_:-]{1,64}$'),
  status text not null default 'open' check (status in ('open', 'closed')),
  staked_minor bigint not null default 0 check (staked_minor >= 0),
  returned_minor bigint not null default 0 check (returned_minor >= 0),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  check ((status = 'closed') = (closed_at is not null))
);
create index bonus_bets_bonus on bonus_bets (bonus_id);

-- Each stake (bonus → wagers) and return (wagers → bonus) of such a bet, keyed by the product's
-- own reference (a round has several). The row commits before its ledger transfer (keyed by
-- move_ref); the sweep books what a crash left pending. A stake the ledger refuses is 'refused'
-- and its amount is back in the bonus.
create table bonus_moves (
  move_ref text primary key check (length(move_ref) between 1 and 200),
  bet_ref text not null references bonus_bets (bet_ref),
  kind text not null check (kind in ('stake', 'return')),
  amount_minor bigint not null check (amount_minor > 0),
  status text not null default 'pending' check (status in ('pending', 'booked', 'refused')),
  transfer_id bigint,
  created_at timestamptz not null default now()
);
create index bonus_moves_bet on bonus_moves (bet_ref);
create index bonus_moves_pending on bonus_moves (created_at) where status = 'pending';
