-- Cash-out per sport (decision 0642): offered or not, the share of the fair value the book
-- keeps, and the least share of the stake a partial cash-out takes and leaves. A sport without
-- a row has the defaults in code (on, 5 %, 10 %).
create table sb_cashout_settings (
  sport_id text primary key references sb_sports (id),
  enabled boolean not null,
  margin_bp int not null check (margin_bp between 0 and 5000),
  partial_min_bp int not null check (partial_min_bp between 100 and 5000),
  updated_at timestamptz not null default now()
);
