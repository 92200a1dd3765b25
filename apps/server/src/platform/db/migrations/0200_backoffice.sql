-- Back office: staff accounts with roles and TOTP, their sessions and recovery codes,
-- player notes, manual balance adjustment requests (four eyes) and their thresholds.

create table staff (
  id bigint generated always as identity primary key,
  email text not null,
  name text not null check (length(name) between 1 and 100),
  role text not null
    check (role in ('owner', 'admin', 'finance', 'compliance', 'risk', 'support', 'trader', 'marketing')),
  password_hash text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  -- Base32 TOTP secret once enrolment is confirmed; until then the offered one is pending.
  totp_secret text,
  totp_pending_secret text,
  totp_enrolled_at timestamptz,
  -- The RFC 6238 time step of the last accepted code: a code is never accepted twice.
  totp_last_step bigint,
  -- Seeded demonstration account: refused in production unless demo seeding is on.
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_login_at timestamptz
);
create unique index staff_email_key on staff (lower(email));

create table staff_sessions (
  id bigint generated always as identity primary key,
  staff_id bigint not null references staff (id),
  token_hash bytea not null unique,
  ip inet,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index staff_sessions_staff_idx on staff_sessions (staff_id, created_at desc);

create table staff_recovery_codes (
  id bigint generated always as identity primary key,
  staff_id bigint not null references staff (id),
  code_hash bytea not null unique,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index staff_recovery_codes_staff_idx on staff_recovery_codes (staff_id);

create table player_notes (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  staff_id bigint not null references staff (id),
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index player_notes_player_idx on player_notes (player_id, id desc);

create table balance_adjustments (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  currency_id integer not null references currencies (id),
  amount_minor bigint not null check (amount_minor <> 0),
  reason_code text not null
    check (reason_code in ('correction', 'goodwill', 'compensation', 'chargeback', 'promotion', 'test', 'other')),
  comment text not null check (length(comment) between 3 and 500),
  needs_approval boolean not null,
  status text not null
    check (status in ('pending', 'approved', 'rejected', 'executed', 'failed')),
  requested_by bigint not null references staff (id),
  requested_at timestamptz not null default now(),
  decided_by bigint references staff (id),
  decided_at timestamptz,
  decision_comment text,
  executed_at timestamptz,
  transfer_id bigint,
  balance_after_minor bigint,
  failure_code text,
  -- Four eyes, enforced by the database as well as the service.
  check (decided_by is null or decided_by <> requested_by),
  check (status <> 'pending' or decided_by is null),
  check (not needs_approval or status = 'pending' or decided_by is not null)
);
create index balance_adjustments_status_idx on balance_adjustments (status, id desc);
create index balance_adjustments_player_idx on balance_adjustments (player_id, id desc);

-- Above this absolute amount (minor units of the currency) an adjustment needs a second
-- staff member's approval. Currencies without a row use 1,000.00 major units.
create table adjustment_thresholds (
  currency_id integer primary key references currencies (id),
  approval_threshold_minor bigint not null check (approval_threshold_minor >= 0),
  updated_at timestamptz not null default now()
);
