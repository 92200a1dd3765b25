-- Leader leases (platform/leader.ts): one row per singleton (the Crash engine, the odds feed,
-- the scheduled jobs). The instance named in `holder` runs it until `expires_at`, renewing as it
-- goes; when it dies another takes the row over once it has run out. `token` grows at every
-- change of holder: a write that checks it (under `for share`, so no takeover commits between
-- the check and the write) cannot come from a holder that was replaced.
create table leader_leases (
  name text primary key,
  holder text not null,
  token bigint not null,
  acquired_at timestamptz not null,
  expires_at timestamptz not null
);
