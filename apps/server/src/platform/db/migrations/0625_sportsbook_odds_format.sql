-- The odds format a player reads prices in, remembered across devices. Display only: prices are
-- stored and settled in decimal thousandths whatever the player sees.
create table sb_player_preferences (
  player_id bigint primary key references players (id) on delete cascade,
  odds_format text not null
    check (odds_format in ('decimal', 'fractional', 'american', 'hong_kong', 'malay', 'indonesian')),
  updated_at timestamptz not null default now()
);
