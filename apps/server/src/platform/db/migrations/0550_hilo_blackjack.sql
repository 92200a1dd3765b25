-- HiLo and Blackjack (modules/casino/originals/card-rounds.ts) join the originals in
-- casino_bets: rounds that stay open across requests, like Mines. Their state (the round's 52
-- cards, secret until it ends, and every decision made) lives in the row, so a reload or a
-- restart resumes a round exactly.

alter table casino_bets drop constraint if exists casino_bets_game_check;
alter table casino_bets add constraint casino_bets_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'hilo',
    'blackjack', 'baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'));
-- One open round per player and game.
create unique index casino_bets_one_open_hilo on casino_bets (player_id)
  where game = 'hilo' and status in ('placing', 'active');
create unique index casino_bets_one_open_blackjack on casino_bets (player_id)
  where game = 'blackjack' and status in ('placing', 'active');
-- The sweep's look-up of extra stakes (a double, a split, insurance) a crash left half done.
create index casino_bets_blackjack_pending on casino_bets (id)
  where game = 'blackjack' and status = 'active' and jsonb_typeof(outcome -> 'pending') = 'object';

-- HiLo's house edge is the operator's; Blackjack's is its rules' under optimal play, 0.69 %
-- (decision 0550): listed, not editable (FIXED_EDGES).
alter table originals_settings drop constraint if exists originals_settings_game_check;
alter table originals_settings add constraint originals_settings_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'crash', 'keno', 'wheel', 'roulette',
    'hilo', 'blackjack', 'baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'));
insert into originals_settings (game) values ('hilo') on conflict do nothing;
insert into originals_settings (game, edge_bp) values ('blackjack', 69) on conflict do nothing;
