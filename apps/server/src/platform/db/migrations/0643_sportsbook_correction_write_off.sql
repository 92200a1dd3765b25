-- A held correction written off by the desk (decision 0643): the house's transfer that makes up
-- what the player could not repay, and its amount. Cleared when a later result changes the bet
-- (the write-off is then reversed and the correction runs again).
alter table sb_bets add column writeoff_transfer_id bigint;
alter table sb_bets add column written_off_minor bigint check (written_off_minor > 0);
alter table sb_bets add constraint sb_bets_writeoff_whole
  check ((writeoff_transfer_id is null) = (written_off_minor is null));
