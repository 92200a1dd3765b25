-- Ledger: autovacuum of ledger_transfers in bounded, one-pass steps (docs/performance.md,
-- round 14). No change to rows, constraints or queries.
--
-- The table only grows: autovacuum visits it for its inserts, to set the visibility map and
-- freeze. By default it waits for inserts worth 20 % of the table: the bigger the ledger, the
-- bigger each visit (on a year-old ledger of 500 million transfers, 100 million rows at once),
-- and every page it dirties that was last written before the latest checkpoint costs a
-- full-page image in the WAL (data_checksums is on), which every commit's flush then carries.
--
-- 1. A visit every 200,000 new transfers, whatever the table's size: each visit's work is
--    bounded, and at a steady load it falls on pages written recently.
-- 2. Freeze in that same visit (freeze_min_age 0): vacuum dirties each new page once anyway to
--    mark it all-visible, so freezing it then costs a small WAL record and no extra page
--    write, and the anti-wraparound vacuums later find those pages all-frozen and skip them.
--    Rows here are never updated or deleted (a trigger refuses it), so nothing is lost by
--    freezing early.
-- 3. No truncation: vacuum would take an ACCESS EXCLUSIVE lock on the table, blocking every
--    ledger write, to give back empty pages at its end that the next inserts fill anyway.
alter table ledger_transfers set (
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 200000,
  autovacuum_freeze_min_age = 0,
  vacuum_truncate = false
);
