-- Secrets at rest (decision 0135): TOTP secrets and the odds feed's API key are stored sealed
-- (AES-256-GCM under SECRETS_KEY, `sealed:v1:` + base64url); plain rows written before are
-- sealed by each instance at start-up (compare-and-set, so instances racing agree).

-- A known value sealed under the key of the first instance to start: a later start with another
-- key (a restore without its key, a misconfigured instance) refuses, naming SECRETS_KEY.
create table platform_secrets_check (
  id smallint primary key default 1 check (id = 1),
  sealed text not null,
  created_at timestamptz not null default now()
);

-- A sealed key is longer than the plain one (nonce, tag, base64): 200 characters seal to 314.
alter table sb_feed_settings drop constraint if exists sb_feed_settings_api_key_check;
alter table sb_feed_settings add constraint sb_feed_settings_api_key_check
  check (api_key is null or length(api_key) between 8 and 400);
