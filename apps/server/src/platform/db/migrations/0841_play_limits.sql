-- Responsible gaming, the rest (modules/protection): loss and wager limits (rolling day, week,
-- month) checked by the gate on every bet like deposit limits; a session time limit; the
-- reality check interval; marketing opt-out.

alter table player_protection
  add column loss_limit_daily bigint check (loss_limit_daily > 0),
  add column loss_limit_weekly bigint check (loss_limit_weekly > 0),
  add column loss_limit_monthly bigint check (loss_limit_monthly > 0),
  add column wager_limit_daily bigint check (wager_limit_daily > 0),
  add column wager_limit_weekly bigint check (wager_limit_weekly > 0),
  add column wager_limit_monthly bigint check (wager_limit_monthly > 0),
  -- A sign-in session may be used for real-money play this long at most.
  add column session_limit_minutes integer check (session_limit_minutes between 5 and 1440),
  -- The site shows time played and the net result every this many minutes.
  add column reality_check_minutes integer check (reality_check_minutes between 5 and 240),
  add column marketing_opt_out boolean not null default false;

-- Stakes counted against wager and loss limits, by the bet's own reference (a retry counts
-- once; a refused bet gives its count back). Wins and refunds come from the ledger.
create table stake_limit_usage (
  reference text primary key check (length(reference) between 1 and 200),
  player_id bigint not null references players (id),
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  created_at timestamptz not null default now()
);
create index stake_limit_usage_player on stake_limit_usage (player_id, created_at desc);
