-- Risk signals (issues 15 and 19): the device a session was opened on, whether it came through
-- an anonymising network, the operator's location policy, and the AML rules that read them.

-- A first-party device id (an httpOnly cookie the server sets at sign-in) and whether the
-- address was on the anonymising-network list at the time. Staff sessions share the store.
alter table player_sessions
  add column device_id text check (device_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  add column anonymiser boolean not null default false;
alter table staff_sessions
  add column device_id text check (device_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  add column anonymiser boolean not null default false;
create index player_sessions_device on player_sessions (device_id, created_at desc)
  where device_id is not null;
create index player_sessions_anonymiser on player_sessions (player_id, created_at desc)
  where anonymiser;

-- One row: what the gate does when the declared and the address's countries differ, and
-- when a request comes through an anonymising network (VPN, Tor, open proxy).
create table location_policy (
  singleton boolean primary key default true check (singleton),
  country_mismatch text not null default 'stricter'
    check (country_mismatch in ('stricter', 'declared', 'address', 'demo_only')),
  anonymisers text not null default 'flag' check (anonymisers in ('allow', 'flag', 'demo_only')),
  updated_at timestamptz not null default now()
);
insert into location_policy default values;

-- `shared_device` now means one device (the cookie); the address rule keeps its own code.
alter table aml_rules drop constraint aml_rules_code_check;
alter table aml_rules add constraint aml_rules_code_check check (code in (
  'large_amount', 'structuring', 'deposit_withdraw_little_play',
  'shared_device', 'shared_address', 'shared_instrument', 'payout_changes', 'anonymiser'
));
insert into aml_rules (code, window_minutes, min_count, percent, thresholds) values
  -- Three or more accounts signed in from one public address within 30 days.
  ('shared_address', 43200, 3, 0, '{}'),
  -- Sign-ins through an anonymising network (when the policy flags them) within 7 days.
  ('anonymiser', 10080, 1, 0, '{}');
-- Two or more accounts on one device within 90 days (households share addresses, rarely a browser).
update aml_rules set window_minutes = 129600, min_count = 2 where code = 'shared_device';
