-- A currency's sportsbook limits and a player's stake factor are read on every sports bet: kept
-- in memory on each instance (platform/cache.ts) and dropped on every instance when they change,
-- whoever changes them (notify_changed: migration 0860).
create trigger sb_limits_changed after insert or update or delete on sb_limits
  for each row execute function notify_changed('sb_limits_changed', 'currency');
create trigger sb_player_limits_changed after insert or update or delete on sb_player_limits
  for each row execute function notify_changed('sb_player_limits_changed', 'player_id');
