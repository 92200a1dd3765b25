-- AML and risk monitoring (modules/compliance): rules as data, alerts with their evidence,
-- the case workflow with notes, source-of-funds requests; and the withdrawal freeze the
-- gate (modules/protection) applies.

-- One row per rule; thresholds per currency (minor units as text, keyed by currency code).
-- Staff edit these in the back office (audited): no code change to tune a rule.
create table aml_rules (
  code text primary key check (code in (
    'large_amount', 'structuring', 'deposit_withdraw_little_play',
    'shared_device', 'shared_instrument', 'payout_changes'
  )),
  enabled boolean not null default true,
  -- How far back the rule looks.
  window_minutes integer not null check (window_minutes between 1 and 525600),
  -- structuring: deposits in the band; shared_*: accounts; payout_changes: destinations.
  min_count integer not null default 1 check (min_count between 1 and 1000),
  -- structuring: the band just under the threshold (percent of it);
  -- deposit_withdraw_little_play: play below this percent of the deposits.
  percent integer not null default 0 check (percent between 0 and 100),
  thresholds jsonb not null default '{}'::jsonb check (jsonb_typeof(thresholds) = 'object'),
  updated_at timestamptz not null default now()
);

insert into aml_rules (code, window_minutes, min_count, percent, thresholds) values
  -- One deposit or withdrawal at or above the threshold (EU AMLD: EUR 2,000 for gambling).
  ('large_amount', 1440, 1, 0,
    '{"EUR":"200000","USD":"220000","INR":"20000000","BDT":"25000000","THB":"7500000","BRL":"1200000","MYR":"1000000"}'),
  -- Three or more deposits within 24 h each within 20 % under the threshold.
  ('structuring', 1440, 3, 20,
    '{"EUR":"200000","USD":"220000","INR":"20000000","BDT":"25000000","THB":"7500000","BRL":"1200000","MYR":"1000000"}'),
  -- A withdrawal within 48 h of deposits of at least the threshold with play under 10 % of them.
  ('deposit_withdraw_little_play', 2880, 1, 10,
    '{"EUR":"10000","USD":"11000","INR":"1000000","BDT":"1200000","THB":"380000","BRL":"60000","MYR":"50000"}'),
  -- Three or more accounts signed in from one public address within 30 days.
  ('shared_device', 43200, 3, 0, '{}'),
  -- Two or more accounts paying out to (or paying in from) one account, UPI id or address.
  ('shared_instrument', 525600, 2, 0, '{}'),
  -- Three or more different payout destinations within 7 days.
  ('payout_changes', 10080, 3, 0, '{}');

create table aml_alerts (
  id bigint generated always as identity primary key,
  rule_code text not null references aml_rules (code),
  player_id bigint not null references players (id),
  -- The same evidence never raises twice (a re-run of the rules, a redelivered event).
  fingerprint text not null unique check (length(fingerprint) between 1 and 300),
  summary text not null check (length(summary) between 1 and 300),
  evidence jsonb not null check (jsonb_typeof(evidence) = 'object' and length(evidence::text) <= 20000),
  status text not null default 'open'
    check (status in ('open', 'investigating', 'cleared', 'reported')),
  assigned_to bigint references staff (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by bigint references staff (id),
  check ((status in ('cleared', 'reported')) = (closed_at is not null))
);
create index aml_alerts_queue on aml_alerts (status, id desc);
create index aml_alerts_player on aml_alerts (player_id, id desc);
-- At most one open case per rule and player: more evidence joins it instead of a new alert.
create unique index aml_alerts_one_active on aml_alerts (rule_code, player_id)
  where status in ('open', 'investigating');

create table aml_alert_notes (
  id bigint generated always as identity primary key,
  alert_id bigint not null references aml_alerts (id),
  staff_id bigint references staff (id),
  body text not null check (length(body) between 1 and 2000),
  -- Set when the note came with a status change.
  status_from text,
  status_to text,
  created_at timestamptz not null default now()
);
create index aml_alert_notes_alert on aml_alert_notes (alert_id, id);

-- Source-of-funds requests: the player sees the message on their account page and answers.
create table source_of_funds_requests (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  message text not null check (length(message) between 1 and 1000),
  status text not null default 'requested' check (status in ('requested', 'answered', 'closed')),
  response text check (length(response) between 1 and 2000),
  requested_by bigint references staff (id),
  created_at timestamptz not null default now(),
  answered_at timestamptz,
  closed_at timestamptz
);
create index source_of_funds_player on source_of_funds_requests (player_id, id desc);
create unique index source_of_funds_one_open on source_of_funds_requests (player_id)
  where status <> 'closed';

-- The withdrawal freeze (compliance staff set it; the gate refuses withdrawals while it holds).
alter table player_protection
  add column withdrawals_frozen_at timestamptz,
  add column withdrawals_frozen_reason text check (length(withdrawals_frozen_reason) <= 500);

-- The sweep's work list: sessions by address.
create index if not exists player_sessions_ip on player_sessions (ip, created_at desc) where ip is not null;

-- Payout destinations, for "many accounts on one payment instrument".
create index payments_destination on payments
  ((coalesce(details ->> 'acc_number', details ->> 'account_number', details ->> 'upi_id')))
  where details ?| array['acc_number', 'account_number', 'upi_id'];
create index crypto_withdrawals_address on crypto_withdrawals (address);
