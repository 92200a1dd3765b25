-- A payment gateway's display name in the player's language (decision 0981): English stays in
-- `name`, other languages here ({"bn": "…"}), a missing one falls back to English.
alter table payment_gateways
  add column name_translations jsonb not null default '{}'::jsonb
    check (jsonb_typeof(name_translations) = 'object');
