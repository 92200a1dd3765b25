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
-- the ledger follows with a transfer per stake and per return (bonus_stakes).
alter table bonuses
  add column balance_minor bigint check (balance_minor >= 0),
  -- Bonus-funded bets taken and not yet settled: a bonus does not end (convert, expire, lose)
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

-- One row per bonus-funded bet (the product's bet reference): the stake taken from the bonus
-- and its return, each a ledger transfer keyed by the reference. The row commits before its
-- transfer; the sweep sends what a crash left unsent.
create table bonus_stakes (
  bet_ref text primary key check (length(bet_ref) between 1 and 200),
  bonus_id bigint not null references bonuses (id),
  player_id bigint not null references players (id),
  currency text not null references currencies (code),
  -- The house account's purpose the stake goes to (wagers:<purpose>).
  house_purpose text not null check (house_purpose ~ '^[a-z0-9_:-]{1,64}$'),
  stake_minor bigint not null check (stake_minor > 0),
  stake_transfer_id bigint,
  -- taken: the stake is out, the bet runs; settled: its return (0 for a loss) is recorded;
  -- refused: the ledger refused the stake (the bonus got it back, the bet was refused).
  status text not null default 'taken' check (status in ('taken', 'settled', 'refused')),
  payout_minor bigint check (payout_minor >= 0),
  payout_transfer_id bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status = 'settled') = (payout_minor is not null))
);
create index bonus_stakes_bonus on bonus_stakes (bonus_id);
create index bonus_stakes_unsent on bonus_stakes (created_at)
  where (status <> 'refused' and stake_transfer_id is null)
    or (status = 'settled' and payout_minor > 0 and payout_transfer_id is null);
