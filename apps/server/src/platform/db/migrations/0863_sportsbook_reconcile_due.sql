-- A settlement that finds a bet still pending (its placement between storing it and opening it)
-- cannot settle it: it marks it, under the bet's row lock, and the placement's statement that
-- opens the bet reads the mark (SportsbookService.place, SportsbookRepository.openBet).
alter table sb_bets add column reconcile_due boolean not null default false;
