-- Provably fair originals: the next server seed is committed before the player picks a client
-- seed (decision 0531). A pair moves next (hash shown, no client seed yet) → active (the client
-- seed the player sent when rotating; bets use it) → retired (seed revealed). Rotating promotes
-- the committed next seed and commits a fresh one, so the server never draws a seed after seeing
-- the client seed it will be paired with.

alter table fair_seeds drop constraint fair_seeds_status_check;
alter table fair_seeds add constraint fair_seeds_status_check
  check (status in ('next', 'active', 'retired'));

-- A next seed has no client seed and no bets yet; every other seed has a client seed.
alter table fair_seeds alter column client_seed drop not null;
alter table fair_seeds add constraint fair_seeds_client_seed_set
  check ((status = 'next') = (client_seed is null));
alter table fair_seeds add constraint fair_seeds_next_unused
  check (status <> 'next' or nonce = 0);

create unique index fair_seeds_next on fair_seeds (player_id) where status = 'next';

-- Every existing pair gets its committed next seed now, so the first rotation already promotes a
-- seed whose hash the player could see. 64 hex characters from the SHA-256 of two v4 UUIDs (244
-- bits from PostgreSQL's strong random source; no extension needed), hashed as its hex text,
-- like the seeds the server draws.
insert into fair_seeds (player_id, server_seed, server_seed_hash, client_seed, status)
select player_id, seed, encode(sha256(convert_to(seed, 'UTF8')), 'hex'), null, 'next'
from (
  select player_id,
         encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex') as seed
  from fair_seeds as active
  where status = 'active'
    and not exists (
      select 1 from fair_seeds as next where next.player_id = active.player_id and next.status = 'next'
    )
) as drawn;
