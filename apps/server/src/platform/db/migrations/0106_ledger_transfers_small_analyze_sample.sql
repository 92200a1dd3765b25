-- Ledger: ANALYZE of ledger_transfers samples 6,000 rows instead of 30,000 (docs/performance.md,
-- round 13). No change to rows, constraints or queries.
--
-- ANALYZE reads a sample of 300 × the largest statistics target of the table's columns
-- (default target 100: 30,000 rows) and sorts it per column, at full speed: the cost-based
-- delay spreads page reads, not that CPU. Under load autoanalyze of this table (every ~10 %
-- of growth) took a core for ~180–300 ms at once, and an unthrottled ANALYZE run in the middle
-- of an open loop put a 63–100-ms spike in its latency. With a target of 20 the sample is
-- 6,000 rows: on a million transfers ANALYZE took ~40 ms instead of ~180 (10 gave ~20).
--
-- Every query of this table reaches it by a key (ledger_apply runs with forced generic plans
-- and without scans, migration 0104; the player's and the back office's lists go through
-- (player_id, id) and the created_at BRIN index). The planner needs only rough figures here:
-- twenty most common values and a twenty-bucket histogram per column. Columns given no
-- statistics by 0105 keep none.
alter table ledger_transfers
  alter column id set statistics 20,
  alter column kind set statistics 20,
  alter column debit_account_id set statistics 20,
  alter column credit_account_id set statistics 20,
  alter column currency set statistics 20,
  alter column reason_code set statistics 20,
  alter column object_type set statistics 20,
  alter column object_id set statistics 20,
  alter column actor_type set statistics 20,
  alter column player_id set statistics 20,
  alter column pending_id set statistics 20,
  alter column reverses_id set statistics 20,
  alter column created_at set statistics 20;
