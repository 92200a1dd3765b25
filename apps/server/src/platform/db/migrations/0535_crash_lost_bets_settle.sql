-- Crash bets settle through the bet path (modules/wagers) when they are over, won or lost:
-- `paid` now means "settled there" for lost bets too (their BetSettled is written then). Lost
-- bets of earlier rounds were told to the bonus engine when they were lost: they count as done.
update crash_bets set paid = true where status = 'lost' and bonus_id is null and not paid;
drop index crash_bets_unpaid;
drop index crash_bets_bonus_unclosed;
create index crash_bets_unpaid on crash_bets (id) where status in ('cashed', 'lost') and not paid;
