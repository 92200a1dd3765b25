-- The match tracker's last state (cricket's score, this over and run rates; football's
-- timeline; tennis points), as the feed's odds_change carries it (decision 0627). Pushed with
-- the event over the socket; null before a match starts and for a feed that sends none.
alter table sb_events add column tracker jsonb
  check (tracker is null or jsonb_typeof(tracker) = 'object');
