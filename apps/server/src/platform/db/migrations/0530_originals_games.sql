-- Casino originals (modules/casino): Limbo, Mines and Plinko join Dice in casino_bets, and the
-- operator's settings: the house edge per game and the stake / payout limits per currency.

alter table casino_bets drop constraint casino_bets_game_check;
alter table casino_bets add constraint casino_bets_game_check
  check (game in ('dice', 'limbo', 'mines', 'plinko'));
-- active: a Mines round whose stake is taken and whose tiles are still being revealed.
alter table casino_bets drop constraint casino_bets_status_check;
alter table casino_bets add constraint casino_bets_status_check
  check (status in ('placing', 'active', 'settled', 'refused'));
-- One Mines round open per player: the round's state lives here, so a reload resumes it.
create unique index casino_bets_one_open_mines on casino_bets (player_id)
  where game = 'mines' and status in ('placing', 'active');

create table originals_settings (
  game text primary key check (game in ('dice', 'limbo', 'mines', 'plinko', 'crash')),
  -- Basis points: 100 = 1 %. Every bet records the edge it was played at (the verifier needs it).
  edge_bp integer not null default 100 check (edge_bp between 0 and 1000),
  updated_at timestamptz not null default now(),
  updated_by text
);
insert into originals_settings (game) values ('dice'), ('limbo'), ('mines'), ('plinko'), ('crash');

create table originals_limits (
  currency text primary key references currencies (code),
  max_bet_minor bigint check (max_bet_minor > 0),
  max_payout_minor bigint not null check (max_payout_minor > 0),
  updated_at timestamptz not null default now(),
  updated_by text
);
