-- Bonus abuse controls (issue 19): what the bonus engine flags to the risk team, and the
-- selections of bets that counted towards a bonus (to see a player covering both sides).
create table bonus_risk_flags (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  bonus_id bigint references bonuses (id),
  promotion_id bigint references promotions (id),
  -- duplicate_person: another account sharing a payment instrument already had this welcome
  --   offer (the grant was refused); shared_address: one sharing a public address had it
  --   (granted, for review); both_sides: bets on two outcomes of one market while wagering.
  kind text not null check (kind in ('duplicate_person', 'shared_address', 'both_sides')),
  evidence jsonb not null check (jsonb_typeof(evidence) = 'object' and length(evidence::text) <= 4000),
  -- One flag per thing flagged: a redelivered event or a second check does not repeat it.
  dedupe_key text not null unique check (length(dedupe_key) <= 200),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint,
  review_note text check (review_note is null or length(review_note) <= 500)
);
create index bonus_risk_flags_open on bonus_risk_flags (created_at desc) where reviewed_at is null;

create table bonus_bet_selections (
  bonus_id bigint not null references bonuses (id),
  bet_ref text not null check (length(bet_ref) between 1 and 200),
  market_id text not null check (length(market_id) <= 64),
  selection_id text not null check (length(selection_id) <= 64),
  primary key (bonus_id, bet_ref, market_id)
);
create index bonus_bet_selections_market on bonus_bet_selections (bonus_id, market_id);

-- The abuse signals read these: sessions by address, payments by instrument.
create index if not exists player_sessions_ip on player_sessions (ip, created_at desc) where ip is not null;
