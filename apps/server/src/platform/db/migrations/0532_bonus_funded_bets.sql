-- Bonus-first spending (decision 0805): a casino bet records the bonus whose balance stakes it
-- (null: the player's cash); its returns go back to the same place. The bonus module owns the
-- money side (bonus_bets, bonus_moves); these columns only say which way a bet's settlement
-- goes, so a retry or a sweep after a crash takes the same way.
alter table casino_bets add column bonus_id bigint;
alter table crash_bets add column bonus_id bigint;
-- A studio round: its first bet decides for the whole round. `bonus_closed`: the bonus module
-- was told the round is over (the sweep tells it what a crash left untold).
alter table provider_rounds
  add column bonus_id bigint,
  add column bonus_closed boolean not null default false;
create index provider_rounds_bonus_unclosed on provider_rounds (id)
  where status = 'closed' and bonus_id is not null and not bonus_closed;
-- A lost bonus-funded Crash bet still closes its stake (a return of 0); `paid` marks it done.
create index crash_bets_bonus_unclosed on crash_bets (id)
  where status = 'lost' and bonus_id is not null and not paid;
