-- Casino originals (modules/casino): Keno, Wheel and European Roulette join casino_bets, and
-- their rows in the operator's settings. Roulette's edge is the wheel's (1/37, shown as 270 bp)
-- and cannot be changed (decision 0540); its row is there so the back office lists it.

alter table casino_bets drop constraint if exists casino_bets_game_check;
alter table casino_bets add constraint casino_bets_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'keno', 'wheel', 'roulette'));

alter table originals_settings drop constraint if exists originals_settings_game_check;
alter table originals_settings add constraint originals_settings_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko', 'crash', 'keno', 'wheel', 'roulette'));
insert into originals_settings (game) values ('keno'), ('wheel') on conflict do nothing;
insert into originals_settings (game, edge_bp) values ('roulette', 270) on conflict do nothing;
