-- Early payout (decision 0641): a sport's rule pays a pre-match leg as won as soon as its side
-- leads by `lead` (football's match result at two goals by default, in code). A sport without
-- a row follows the default.
create table sb_early_payout_settings (
  sport_id text primary key references sb_sports (id),
  enabled boolean not null,
  market_types text[] not null check (market_types <@ array['match_winner']::text[]),
  lead int not null check (lead between 1 and 50),
  updated_at timestamptz not null default now()
);

-- A leg placed before its event went live (only those qualify), and when the rule paid it: a
-- paid leg counts as won whatever the result says later.
alter table sb_bet_legs
  add column pre_match boolean not null default false,
  add column early_paid_at timestamptz;

create function sb_bet_legs_pre_match() returns trigger language plpgsql as $$
begin
  new.pre_match := coalesce(
    (select status = 'not_started' from sb_events where id = new.event_id), false);
  return new;
end $$;

create trigger sb_bet_legs_pre_match before insert on sb_bet_legs
  for each row execute function sb_bet_legs_pre_match();

update sb_bet_legs l set pre_match = true
  from sb_bets b, sb_events e
 where b.id = l.bet_id and e.id = l.event_id
   and b.status in ('pending', 'open') and b.created_at < e.starts_at;

create index sb_bet_legs_early_open on sb_bet_legs (event_id)
  where pre_match and early_paid_at is null;
