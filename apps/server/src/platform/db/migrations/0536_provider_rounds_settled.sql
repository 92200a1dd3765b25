-- A closed studio round settles through the bet path (modules/wagers): its BetSettled is written
-- and a bonus-funded round's bonus learns it is over. `settled` marks that done (it was
-- `bonus_closed`, for bonus rounds only); the sweep settles closed rounds a crash left unmarked.
-- Closed cash rounds of before were told to the bonus engine when they closed.
alter table provider_rounds rename column bonus_closed to settled;
update provider_rounds set settled = true where status = 'closed' and bonus_id is null;
drop index provider_rounds_bonus_unclosed;
create index provider_rounds_unsettled on provider_rounds (id) where status = 'closed' and not settled;
