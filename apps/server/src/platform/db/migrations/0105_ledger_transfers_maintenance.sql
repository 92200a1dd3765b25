-- Ledger: lighter maintenance of ledger_transfers beside the traffic (docs/performance.md,
-- round 12). No change to rows, constraints or queries.
--
-- ledger_transfers only grows. Autovacuum visits it for its inserts (every ~20 % of growth:
-- visibility map, hint bits, freezing) and analyses it (every ~10 %). Under load an open loop
-- of the benchmark that met such a run had its p99 go from ~50 to 70–120 ms, on a machine whose
-- two cores the traffic already kept ~80 % busy.
--
-- 1. No statistics for columns that no query filters, joins, groups or sorts on. ANALYZE
--    sorted a 30,000-row sample of each of them (text under the database's collation), CPU
--    that the cost-based delay does not spread out: on 3 million transfers, ANALYZE took
--    ~570 ms with every column and ~310 ms without these. idempotency_key is only ever
--    looked up by equality through its unique index, whose uniqueness the planner uses
--    without statistics.
alter table ledger_transfers
  alter column idempotency_key set statistics 0,
  alter column input_hash set statistics 0,
  alter column actor_id set statistics 0,
  alter column memo set statistics 0,
  alter column amount_minor set statistics 0,
  alter column expires_at set statistics 0,
  alter column debit_balance_after set statistics 0,
  alter column credit_balance_after set statistics 0;

-- 2. Autovacuum of this table sleeps 5 ms instead of 2 ms per cost unit budget: the same work
--    spread over ~2.5 times as long, so it takes that much less of the CPU at any moment. At the
--    default budget (200) a page that vacuum dirties costs 21, so it still clears ~1,900 pages,
--    ~50,000 transfers, per second, about twice the benchmark's maximum rate of inserts: it
--    keeps up. The other ledger tables keep the defaults; ledger_accounts' balance rows need
--    their dead versions cleared promptly.
alter table ledger_transfers set (autovacuum_vacuum_cost_delay = 5);
