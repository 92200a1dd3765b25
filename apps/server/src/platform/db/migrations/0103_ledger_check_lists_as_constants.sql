-- Ledger: the closed-list CHECKs of ledger_transfers as one array constant each
-- (docs/performance.md, round 8).
--
-- PostgreSQL rebuilds a table's CHECK expressions from their stored node text for every
-- INSERT statement, so a batch pays for them once per call whatever its size. Written as
-- `x in ('a', 'b', …)`, a list is stored as an ARRAY[…] of one constant node per value,
-- printed byte by byte, then folded into an array again on every call: ~6 % of a
-- one-command ledger_apply call went to reading them back. `x = any ('{a,b,…}'::text[])`
-- is stored as a single constant. Same lists, same constraint names, same refusals.

alter table ledger_transfers
  drop constraint ledger_transfers_kind_check,
  drop constraint ledger_transfers_reason_code_check,
  drop constraint ledger_transfers_object_type_check,
  drop constraint ledger_transfers_actor_type_check,
  add constraint ledger_transfers_kind_check
    check (kind = any ('{single,pending,post,void,reversal}'::text[])),
  add constraint ledger_transfers_reason_code_check
    check (reason_code = any ('{deposit,withdrawal,bet,win,bet_refund,bonus_grant,bonus_convert,bonus_forfeit,fee,adjustment,reversal}'::text[])),
  add constraint ledger_transfers_object_type_check
    check (object_type = any ('{payment,bet,bonus,adjustment}'::text[])),
  add constraint ledger_transfers_actor_type_check
    check (actor_type = any ('{player,staff,system,provider}'::text[]));
