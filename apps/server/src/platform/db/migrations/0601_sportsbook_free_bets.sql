-- A bet staked with a free-bet token (the bonus module's `free_bets.id`; no foreign key across
-- modules): the operator's stake, winnings only on a win (decision 0803).
alter table sb_bets add column free_bet_id bigint;
create index sb_bets_free_bet on sb_bets (free_bet_id) where free_bet_id is not null;
