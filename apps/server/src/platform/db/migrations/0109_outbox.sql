-- The transactional outbox (platform/outbox): domain events written in the transaction of the
-- change that caused them, delivered after commit, at least once, to each subscriber.
--
-- Delivery follows `xid`, the writing transaction's id, not `id`: ids are drawn before commit,
-- so a row with a smaller id can become visible after a larger one was read. A reader takes
-- only rows whose transaction is older than every transaction still running (the snapshot's
-- xmin); a row committed later always has a larger xid than any the reader took, so a cursor
-- on (xid, id) never steps over an event.
create table outbox_events (
  id bigint generated always as identity primary key,
  xid xid8 not null default pg_current_xact_id(),
  -- Idempotent append: the same key again is ignored (a retried settlement, a re-driven sweep).
  key text not null,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  constraint outbox_events_key unique (key),
  constraint outbox_events_key_length check (length(key) between 1 and 200),
  constraint outbox_events_type_format check (type ~ '^[A-Z][A-Za-z]{1,63}$')
);
create index outbox_events_order on outbox_events (xid, id);
alter table outbox_events set (autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 200000);

-- Where each subscriber stands: everything at or before (last_xid, last_id) was handled.
create table outbox_cursors (
  subscriber text primary key,
  last_xid xid8 not null default '0',
  last_id bigint not null default 0,
  delivered bigint not null default 0,
  failures integer not null default 0,
  last_error text,
  updated_at timestamptz not null default now(),
  constraint outbox_cursors_subscriber_format check (subscriber ~ '^[a-z][a-z0-9_.-]{0,63}$')
);

-- One instance delivers at a time: a lease it renews while it works. `token` fences a holder
-- whose lease ran out (a paused process): its cursor writes name its token and find no row.
create table outbox_lease (
  name text primary key,
  holder text not null,
  token bigint not null,
  expires_at timestamptz not null
);

-- An event a subscriber failed on again and again (a bug, or data it cannot take): set aside so
-- the subscriber's later events still flow; the back office lists them and can deliver again.
create table outbox_dead_letters (
  subscriber text not null,
  event_id bigint not null,
  attempts integer not null,
  error text not null,
  created_at timestamptz not null default now(),
  redelivered_at timestamptz,
  primary key (subscriber, event_id)
);
