-- Casino originals (modules/casino): the card tables — Baccarat, Dragon Tiger, Teen Patti and
-- Andar Bahar — join casino_bets, and the operator's settings. Baccarat, Dragon Tiger and Andar
-- Bahar pay fixed tables; their rows carry the main bet's edge so the back office lists them
-- (decision 0545). The game lists name every original known when this was written, so the order
-- in which the migrations of parallel games run does not drop one.

alter table casino_bets drop constraint if exists casino_bets_game_check;
alter table casino_bets add constraint casino_bets_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette', 'hilo',
    'blackjack', 'baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'));

alter table originals_settings drop constraint if exists originals_settings_game_check;
alter table originals_settings add constraint originals_settings_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'crash', 'keno', 'wheel', 'roulette',
    'hilo', 'blackjack', 'baccarat', 'dragon-tiger', 'teen-patti', 'andar-bahar'));
insert into originals_settings (game) values ('teen-patti') on conflict do nothing;
insert into originals_settings (game, edge_bp) values
  ('baccarat', 106), ('dragon-tiger', 385), ('andar-bahar', 215)
  on conflict do nothing;
