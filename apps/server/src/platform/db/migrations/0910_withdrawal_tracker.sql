-- The withdrawal tracker (modules/cashier): when each step of a withdrawal happened, and how long
-- the operator expects a payout to take per method.

-- Minutes from approval to the money arriving, set by the operator in the back office; null
-- means the method's built-in default (withdrawal-tracker.ts), so a new gateway is never blank.
alter table payment_gateways
  add column payout_expected_minutes integer
    check (payout_expected_minutes between 1 and 43200);

-- One row per step a withdrawal reached, written in the transaction that moved it, so the
-- timeline shows every step with its own time even after the row's status moved on.
create table payment_status_history (
  id bigint generated always as identity primary key,
  payment_id bigint not null references payments (id),
  player_id bigint not null references players (id),
  step text not null
    check (step = any ('{requested,first_approved,approved,sent,paid,rejected,cancelled}'::text[])),
  at timestamptz not null default now(),
  unique (payment_id, step)
);

-- Withdrawals made before this table: their steps from the row's own times.
insert into payment_status_history (payment_id, player_id, step, at)
select id, player_id, 'requested', created_at from payments where direction = 'withdrawal';
insert into payment_status_history (payment_id, player_id, step, at)
select id, player_id, 'first_approved', first_approved_at from payments
 where direction = 'withdrawal' and first_approved_at is not null;
insert into payment_status_history (payment_id, player_id, step, at)
select id, player_id, 'approved', approved_at from payments
 where direction = 'withdrawal' and approved_at is not null;
insert into payment_status_history (payment_id, player_id, step, at)
select id, player_id, s.step, coalesce(completed_at, updated_at) from payments
 cross join lateral (values ('sent'), ('paid')) as s (step)
 where direction = 'withdrawal' and status = 'paid';
insert into payment_status_history (payment_id, player_id, step, at)
select id, player_id, status, coalesce(completed_at, updated_at) from payments
 where direction = 'withdrawal' and status in ('rejected', 'cancelled');
