-- Bonus-first spending (decision 0805): a casino bet records the bonus whose balance staked it
-- (null: the player's cash). Its return goes back to the same place. The bonus module owns the
-- money side (bonus_stakes); these columns only say which way a bet's settlement goes, so a
-- retry or the sweep after a crash takes the same way.
alter table casino_bets add column bonus_id bigint;
alter table crash_bets add column bonus_id bigint;
alter table provider_rounds add column bonus_id bigint;
-- A lost bonus-funded Crash bet still closes its stake (a return of 0); `paid` marks it done.
create index crash_bets_bonus_unclosed on crash_bets (id)
  where status = 'lost' and bonus_id is not null and not paid;
