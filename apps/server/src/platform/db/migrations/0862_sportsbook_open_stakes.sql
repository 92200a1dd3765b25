-- A player's open stake and potential return per market (bets pending or open), which the
-- per-market limit reads on every bet. Summing sb_bet_legs ⋈ sb_bets instead scans the
-- player's bets (or the market's) on every placement, more with each bet; kept here by
-- triggers it is one row per leg, whoever writes the bets. A row whose bets are all closed is
-- deleted. (No check that the sums stay ≥ 0: an upsert checks the row it proposes, the signed
-- change, before it finds the row to add it to. The sportsbook's tests compare them with the
-- bets.)
create table sb_open_stakes (
  player_id bigint not null,
  market_id bigint not null,
  stake_minor bigint not null,
  potential_minor bigint not null,
  primary key (player_id, market_id)
);

-- Adds (sign 1) or takes away (sign -1) bets' stakes on their legs' markets, then deletes the
-- rows left at zero. Rows are touched in key order, so two transactions changing the same
-- player's markets cannot deadlock.
create function sb_open_stakes_add(legs jsonb, sign int) returns void language plpgsql as $$
declare
  zero_players bigint[];
  zero_markets bigint[];
begin
  with changes as (
    select x.player_id, x.market_id,
           sign * sum(x.stake_minor)::bigint as stake_minor,
           sign * sum(x.potential_minor)::bigint as potential_minor
      from jsonb_to_recordset(legs)
        as x(player_id bigint, market_id bigint, stake_minor bigint, potential_minor bigint)
     group by x.player_id, x.market_id
  ), upserted as (
    insert into sb_open_stakes as o (player_id, market_id, stake_minor, potential_minor)
    select player_id, market_id, stake_minor, potential_minor from changes
     order by player_id, market_id
    on conflict (player_id, market_id) do update
      set stake_minor = o.stake_minor + excluded.stake_minor,
          potential_minor = o.potential_minor + excluded.potential_minor
    returning o.player_id, o.market_id, o.stake_minor
  )
  select array_agg(player_id), array_agg(market_id) into zero_players, zero_markets
    from upserted where stake_minor = 0;
  -- (A statement cannot delete the rows its own upsert wrote: this one runs after it.)
  if zero_players is not null then
    delete from sb_open_stakes o
     using unnest(zero_players, zero_markets) as z(player_id, market_id)
     where o.player_id = z.player_id and o.market_id = z.market_id and o.stake_minor = 0;
  end if;
end $$;

-- Legs written or removed (a bet is pending from its insert; a bet refused before its stake was
-- taken is deleted, legs first): their bets' stakes, if pending or open. Every placement writes
-- legs, so their insert adds with one upsert of its own (only adds: no row can reach zero).
create function sb_bet_legs_open_stakes() returns trigger language plpgsql as $$
declare
  legs jsonb;
begin
  if tg_op = 'INSERT' then
    insert into sb_open_stakes as o (player_id, market_id, stake_minor, potential_minor)
    select b.player_id, l.market_id, sum(b.stake_minor), sum(b.potential_return_minor)
      from new_legs l join sb_bets b on b.id = l.bet_id
     where b.status in ('pending', 'open')
     group by b.player_id, l.market_id
     order by b.player_id, l.market_id
    on conflict (player_id, market_id) do update
      set stake_minor = o.stake_minor + excluded.stake_minor,
          potential_minor = o.potential_minor + excluded.potential_minor;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('player_id', b.player_id, 'market_id', l.market_id,
             'stake_minor', b.stake_minor, 'potential_minor', b.potential_return_minor))
      into legs
      from old_legs l join sb_bets b on b.id = l.bet_id
     where b.status in ('pending', 'open');
    if legs is not null then perform sb_open_stakes_add(legs, -1); end if;
  end if;
  return null;
end $$;

create trigger sb_bet_legs_inserted after insert on sb_bet_legs
  referencing new table as new_legs
  for each statement execute function sb_bet_legs_open_stakes();
create trigger sb_bet_legs_deleted after delete on sb_bet_legs
  referencing old table as old_legs
  for each statement execute function sb_bet_legs_open_stakes();

-- A leg moved to another market or bet (never by the application; an operator's correction).
create function sb_bet_leg_moved() returns trigger language plpgsql as $$
declare
  legs jsonb := '[]'::jsonb;
begin
  legs := legs || coalesce((
    select jsonb_agg(jsonb_build_object('player_id', b.player_id, 'market_id', old.market_id,
             'stake_minor', -b.stake_minor, 'potential_minor', -b.potential_return_minor))
      from sb_bets b where b.id = old.bet_id and b.status in ('pending', 'open')), '[]'::jsonb);
  legs := legs || coalesce((
    select jsonb_agg(jsonb_build_object('player_id', b.player_id, 'market_id', new.market_id,
             'stake_minor', b.stake_minor, 'potential_minor', b.potential_return_minor))
      from sb_bets b where b.id = new.bet_id and b.status in ('pending', 'open')), '[]'::jsonb);
  perform sb_open_stakes_add(legs, 1);
  return null;
end $$;

create trigger sb_bet_legs_moved after update of market_id, bet_id on sb_bet_legs
  for each row
  when (old.market_id is distinct from new.market_id or old.bet_id is distinct from new.bet_id)
  execute function sb_bet_leg_moved();

-- A bet that opens or closes (settled, cashed out, rejected; reopened by a rollback), or whose
-- amounts change while open. Pending → open changes nothing here, so placement does not fire it.
create function sb_bet_open_stakes() returns trigger language plpgsql as $$
declare
  legs jsonb := '[]'::jsonb;
begin
  if old.status in ('pending', 'open') then
    legs := legs || coalesce((
      select jsonb_agg(jsonb_build_object('player_id', old.player_id, 'market_id', l.market_id,
               'stake_minor', -old.stake_minor, 'potential_minor', -old.potential_return_minor))
        from sb_bet_legs l where l.bet_id = old.id), '[]'::jsonb);
  end if;
  if new.status in ('pending', 'open') then
    legs := legs || coalesce((
      select jsonb_agg(jsonb_build_object('player_id', new.player_id, 'market_id', l.market_id,
               'stake_minor', new.stake_minor, 'potential_minor', new.potential_return_minor))
        from sb_bet_legs l where l.bet_id = new.id), '[]'::jsonb);
  end if;
  perform sb_open_stakes_add(legs, 1);
  return null;
end $$;

create trigger sb_bets_open_stakes after update on sb_bets
  for each row when (
    (old.status in ('pending', 'open')) <> (new.status in ('pending', 'open'))
    or (new.status in ('pending', 'open')
        and (old.player_id, old.stake_minor, old.potential_return_minor)
            is distinct from (new.player_id, new.stake_minor, new.potential_return_minor)))
  execute function sb_bet_open_stakes();

-- Under these triggers' own lock (creating a trigger blocks writes to its table until commit),
-- the bets already open.
insert into sb_open_stakes (player_id, market_id, stake_minor, potential_minor)
select b.player_id, l.market_id, sum(b.stake_minor), sum(b.potential_return_minor)
  from sb_bet_legs l join sb_bets b on b.id = l.bet_id
 where b.status in ('pending', 'open')
 group by b.player_id, l.market_id;
