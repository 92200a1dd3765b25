-- Rows read on every bet are kept in memory on each instance (platform/cache.ts): a player's
-- row, their protection settings, the jurisdiction table, their running bonuses. Whatever
-- changes them — the application, a second instance, an operator with psql, a migration — each
-- instance must drop its copy: these triggers announce the change on commit (NOTIFY inside the
-- writing transaction). The tables change rarely, so the notification costs nothing measurable.
create function notify_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(tg_argv[0], (to_jsonb(coalesce(new, old)) ->> tg_argv[1]));
  return null;
end $$;

create trigger players_changed after update on players
  for each row execute function notify_changed('player_changed', 'id');
create trigger player_protection_changed after insert or update or delete on player_protection
  for each row execute function notify_changed('protection_player', 'player_id');
create trigger jurisdictions_changed after insert or update or delete on jurisdictions
  for each row execute function notify_changed('jurisdiction_changed', 'country');
-- A bonus that starts or ends changes the player's max bet (not every balance move).
create trigger bonuses_started after insert on bonuses
  for each row execute function notify_changed('bonus_player', 'player_id');
create trigger bonuses_changed after update of status, max_bet_minor on bonuses
  for each row when (old.status is distinct from new.status or old.max_bet_minor is distinct from new.max_bet_minor)
  execute function notify_changed('bonus_player', 'player_id');
