-- Cashback on net losses (issue 19): a promotion kind paid automatically after each period.
-- The player's real-money net loss of the period (cash stakes − cash wins and refunds) times
-- the promotion's percent, capped by max_bonus, at least min_loss per currency, is granted as
-- a bonus (with the promotion's wagering; 0 pays cash at once), once per (promotion, period,
-- player) by the bonuses' (promotion_id, source_ref) key.
alter table promotions add column cashback_period text check (cashback_period in ('daily', 'weekly'));
alter table promotions add column min_loss jsonb not null default '{}'::jsonb;

alter table promotions drop constraint promotions_kind_check;
alter table promotions add constraint promotions_kind_check
  check (kind = any ('{deposit_match,no_deposit,cashback}'::text[]));
alter table promotions add constraint promotions_cashback_check
  check (kind <> 'cashback' or (percent is not null and cashback_period is not null and wagering_base = 'bonus'));

-- The unnamed "coupon or automatic" check learns that cashback is automatic.
do $$
declare name text;
begin
  select conname into name from pg_constraint
   where conrelid = 'promotions'::regclass and contype = 'c'
     and pg_get_constraintdef(oid) like '%auto_first_deposit%';
  execute format('alter table promotions drop constraint %I', name);
end $$;
alter table promotions add constraint promotions_trigger_check
  check (code is not null or auto_first_deposit or kind in ('no_deposit', 'cashback'));
