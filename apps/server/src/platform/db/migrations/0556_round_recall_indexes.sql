-- Round recall (decision 0556): a player's last rounds of each game, found without reading
-- the player's whole history (GLI-19 game recall: the last 10 rounds per game at least).
create index casino_bets_player_game on casino_bets (player_id, game, id desc);
create index provider_rounds_player_game on provider_rounds (player_id, game_id, id desc);
