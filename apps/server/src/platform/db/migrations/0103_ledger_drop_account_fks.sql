-- Per-row cost on the hot path: the foreign keys from ledger_transfers and ledger_holds to
-- ledger_accounts. Each inserted transfer ran two RI triggers (a `select … for key share`
-- on each account through SPI), each new hold two more. They protect nothing the writer
-- does not already guarantee:
--   * the only writer of these tables is ledger_apply (and its fallback ledger_apply_each,
--     0102). Both lock every account of the batch (`for no key update`, ascending id) and
--     answer ACCOUNT_NOT_FOUND, writing nothing, for a command whose debit or credit
--     account is not among the locked rows; the row lock is held to commit, so an account
--     a transfer names exists when the transfer commits;
--   * accounts are never deleted: nothing in the code deletes them, and the trigger below
--     now refuses DELETE and TRUNCATE outright (the foreign keys used to refuse deleting
--     an account that had transfers; this is stricter). `id` is GENERATED ALWAYS, so it
--     cannot be updated to another value either;
--   * the checker (`checkLedger`, transfer_currency) reports a transfer or hold whose
--     account is missing.
-- The foreign keys between ledger rows (pending_id, reverses_id, resolved_by, the hold's
-- pending_id) and to players/currencies stay: they are off the bet path or cheap.
alter table ledger_transfers drop constraint ledger_transfers_debit_account_id_fkey;
alter table ledger_transfers drop constraint ledger_transfers_credit_account_id_fkey;
alter table ledger_holds drop constraint ledger_holds_debit_account_id_fkey;
alter table ledger_holds drop constraint ledger_holds_credit_account_id_fkey;

create function ledger_accounts_are_permanent() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_accounts rows are permanent (close an account instead)';
end $$;

create trigger ledger_accounts_no_delete before delete on ledger_accounts
  for each statement execute function ledger_accounts_are_permanent();
create trigger ledger_accounts_no_truncate before truncate on ledger_accounts
  for each statement execute function ledger_accounts_are_permanent();
