-- Linked commands: a command may name the key of another that must have been applied first
-- (`requires`). An instant bet sends its stake and its payout in one batch; the payout is
-- refused (REQUIRED_MISSING, nothing written) unless the stake is stored, committed earlier
-- or applied earlier in this batch. Commands run in key order ("C" collation), so the
-- required key must sort before the command that names it (`…-bet:` before `…-win:`); one
-- named later in the same batch counts as missing and the caller retries alone.
-- Same commands, results, checks, lock order and rows written otherwise (see 0104).

create or replace function ledger_apply(commands jsonb)
returns table (
  i integer,
  code text,
  transfer_id bigint,
  kind text,
  debit_account_id bigint,
  credit_account_id bigint,
  amount_minor bigint,
  currency text,
  debit_balance_after bigint,
  credit_balance_after bigint,
  created_at timestamptz,
  replayed boolean
)
language plpgsql
-- Plan once per connection, never per call (0101), and only with index access to tables
-- (see the header): generic plans are made without the batch's sizes, from whatever
-- statistics the tables have when a connection first calls the function.
set plan_cache_mode = force_generic_plan
set enable_seqscan = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
declare
  c record;
  v_debit bigint;
  v_credit bigint;
  v_dp integer;
  v_cp integer;
  v_amount bigint;
  v_currency text;
  v_reason text;
  v_object_type text;
  v_object_id text;
  v_player bigint;
  v_pending bigint;
  v_reverses bigint;
  v_expires timestamptz;
  v_id bigint;
  v_kind text;
  v_release bigint;
  v_d_balance bigint;
  v_c_balance bigint;
  v_code text;
  v_now timestamptz := now();
  v_holds bigint[];
  v_reversed bigint[];
  v_accounts bigint[];
  -- The locked accounts, by ascending id; v_pos maps an id (as text) to its index.
  a_id bigint[];
  a_owner text[];
  a_player bigint[];
  a_currency text[];
  a_status text[];
  a_balance bigint[];
  a_reserved bigint[];
  a_dirty boolean[];
  v_pos jsonb;
  -- What the batch writes, and answers.
  w_transfers ledger_transfers[] := '{}';
  w_holds ledger_holds[] := '{}';
  r_hold_id bigint[] := '{}';
  r_hold_state text[] := '{}';
  r_hold_by bigint[] := '{}';
  v_reversed_now bigint[] := '{}';
  v_results ledger_apply_result[] := '{}';
  v_result ledger_apply_result;
  -- The previous command's key, and its result index when it was stored (duplicates).
  v_last_key text;
  v_last_stored integer;
  v_last_hash text;
  -- Keys applied by this batch so far (for `requires`).
  v_applied text[] := '{}';
  -- Limits mirrored from ledger.service.ts (TRANSFER_AMOUNT_MINOR_MAX).
  amount_max constant bigint := 1000000000000000;
begin
  select coalesce(array_agg(distinct (x ->> 'pending_id')::bigint)
           filter (where x ->> 'pending_id' is not null), '{}'),
         coalesce(array_agg(distinct (x ->> 'reverses_id')::bigint)
           filter (where x ->> 'reverses_id' is not null), '{}'),
         coalesce(array_agg(distinct a.id) filter (where a.id is not null), '{}')
    into v_holds, v_reversed, v_accounts
    from jsonb_array_elements(commands) x
    left join lateral (values ((x ->> 'debit')::bigint), ((x ->> 'credit')::bigint)) a (id)
      on true;
  if cardinality(v_holds) > 0 then
    perform 1 from ledger_holds lh where lh.pending_id = any (v_holds)
      order by lh.pending_id for no key update;
    select array_agg(distinct s.a) into v_accounts from (
      select unnest(v_accounts) a
      union all
      select unnest(array[lh.debit_account_id, lh.credit_account_id])
        from ledger_holds lh where lh.pending_id = any (v_holds)
    ) s;
  end if;
  if cardinality(v_reversed) > 0 then
    select array_agg(distinct s.a) into v_accounts from (
      select unnest(v_accounts) a
      union all
      select unnest(array[lt.debit_account_id, lt.credit_account_id])
        from ledger_transfers lt where lt.id = any (v_reversed)
    ) s;
  end if;
  -- Locks in ascending id order (the sort is below the row locking), then read into arrays.
  select coalesce(array_agg(l.id order by l.id), '{}'), array_agg(l.owner_type order by l.id),
         array_agg(l.player_id order by l.id), array_agg(l.currency order by l.id),
         array_agg(l.status order by l.id), array_agg(l.balance_minor order by l.id),
         array_agg(l.reserved_minor order by l.id), array_agg(false),
         coalesce(jsonb_object_agg(l.id::text, l.n), '{}')
    into a_id, a_owner, a_player, a_currency, a_status, a_balance, a_reserved, a_dirty,
         v_pos
    from (
      select la.*, row_number() over (order by la.id) n from (
        select * from ledger_accounts la where la.id = any (v_accounts)
          order by la.id for no key update
      ) la
    ) l;

  for c in
    select x.*,
      e.id e_id, e.input_hash e_hash, e.kind e_kind, e.debit_account_id e_debit,
      e.credit_account_id e_credit, e.amount_minor e_amount, e.currency e_currency,
      e.debit_balance_after e_d_balance, e.credit_balance_after e_c_balance,
      e.created_at e_created,
      h.pending_id h_id, h.state h_state, h.expires_at h_expires, h.amount_minor h_amount,
      h.debit_account_id h_debit, h.credit_account_id h_credit,
      p.currency p_currency, p.reason_code p_reason, p.object_type p_object_type,
      p.object_id p_object_id,
      t.id t_id, t.kind t_kind, t.debit_account_id t_debit, t.credit_account_id t_credit,
      t.amount_minor t_amount, t.currency t_currency, t.object_type t_object_type,
      t.object_id t_object_id,
      r.id is not null t_reversed,
      q.id is not null q_found
    from jsonb_to_recordset(commands) as x(
      i integer, op text, key text, hash text, debit bigint, credit bigint, amount bigint,
      currency text, reason text, object_type text, object_id text, actor_type text,
      actor_id text, memo text, pending_id bigint, reverses_id bigint, expires_at timestamptz,
      requires text)
    -- Lateral probes with LIMIT stay index lookups: a plain join here got a cached hash
    -- join over the whole of ledger_transfers, planned while the table was small.
    left join lateral (select * from ledger_transfers e0
      where e0.idempotency_key = x.key limit 1) e on true
    left join lateral (select * from ledger_holds h0
      where h0.pending_id = x.pending_id limit 1) h on true
    left join lateral (select * from ledger_transfers p0
      where p0.id = h.pending_id limit 1) p on true
    left join lateral (select * from ledger_transfers t0
      where t0.id = x.reverses_id limit 1) t on true
    -- Whether t was already reversed: a probe like the others (as an EXISTS subplan it was
    -- planned as one scan of every transfer; see the header).
    left join lateral (select r0.id from ledger_transfers r0
      where r0.reverses_id = t.id limit 1) r on true
    -- The command this one requires, if already committed (null when none is named).
    left join lateral (select q0.id from ledger_transfers q0
      where q0.idempotency_key = x.requires limit 1) q on true
    order by x.key collate "C", x.i
  loop
    -- Idempotency first: a retry returns the first result even if it would now fail.
    if c.e_id is not null then
      v_results := array_append(v_results, row(c.i,
        case when c.e_hash = c.hash then 'OK' else 'IDEMPOTENCY_CONFLICT' end,
        c.e_id, c.e_kind, c.e_debit, c.e_credit, c.e_amount, c.e_currency, c.e_d_balance,
        c.e_c_balance, c.e_created, true)::ledger_apply_result);
      continue;
    end if;
    -- The same key earlier in this batch (keys are sorted, so it is the previous command).
    if c.key = v_last_key and v_last_stored is not null then
      v_result := v_results[v_last_stored];
      v_result.i := c.i;
      v_result.code := case when v_last_hash = c.hash then 'OK' else 'IDEMPOTENCY_CONFLICT' end;
      v_result.replayed := true;
      v_results := array_append(v_results, v_result);
      continue;
    end if;
    v_last_key := c.key;
    v_last_stored := null;

    v_kind := c.op;
    v_pending := null;
    v_reverses := null;
    v_expires := null;
    v_release := 0;
    v_reason := c.reason;
    v_object_type := c.object_type;
    v_object_id := c.object_id;
    v_code := null;

    if c.requires is not null and not c.q_found and not (c.requires = any (v_applied)) then
      v_code := 'REQUIRED_MISSING';
    elsif c.op in ('single', 'pending') then
      v_debit := c.debit;
      v_credit := c.credit;
      v_amount := c.amount;
      v_currency := c.currency;
      if c.op = 'pending' then v_expires := c.expires_at; end if;
    elsif c.op in ('post', 'void', 'expire') then
      -- An expiry is a void written by the sweeper; the hold is marked 'expired'.
      v_kind := case when c.op = 'expire' then 'void' else c.op end;
      v_amount := case when v_kind = 'void' then c.h_amount
                       else coalesce(c.amount, c.h_amount) end;
      if c.h_id is null then
        v_code := 'HOLD_NOT_FOUND';
      elsif c.h_state <> 'open' or c.h_id = any (r_hold_id) then
        v_code := 'HOLD_ALREADY_RESOLVED';
      elsif c.op = 'post' and c.h_expires is not null and c.h_expires <= v_now then
        v_code := 'HOLD_EXPIRED';
      elsif c.op = 'post' and v_amount > c.h_amount then
        v_code := 'POST_EXCEEDS_HOLD';
      elsif c.op = 'expire' and (c.h_expires is null or c.h_expires > v_now) then
        v_code := 'HOLD_NOT_EXPIRED';
      end if;
      v_debit := c.h_debit;
      v_credit := c.h_credit;
      v_currency := c.p_currency;
      v_reason := c.p_reason;
      v_object_type := c.p_object_type;
      v_object_id := c.p_object_id;
      v_pending := c.h_id;
      v_release := c.h_amount;
    elsif c.op = 'reversal' then
      if c.t_id is null then
        v_code := 'TRANSFER_NOT_FOUND';
      elsif c.t_kind not in ('single', 'post') then
        v_code := 'NOT_REVERSIBLE';
      elsif c.t_reversed or c.t_id = any (v_reversed_now) then
        v_code := 'ALREADY_REVERSED';
      end if;
      v_debit := c.t_credit;
      v_credit := c.t_debit;
      v_amount := c.t_amount;
      v_currency := c.t_currency;
      v_reason := 'reversal';
      v_object_type := c.t_object_type;
      v_object_id := c.t_object_id;
      v_reverses := c.t_id;
    else
      raise exception 'ledger_apply: unknown op %', c.op;
    end if;

    if v_code is null then
      v_dp := (v_pos ->> v_debit::text)::integer;
      v_cp := (v_pos ->> v_credit::text)::integer;
      if v_amount is null or v_amount <= 0 or v_amount > amount_max then
        v_code := 'INVALID_AMOUNT';
      elsif v_debit = v_credit then
        v_code := 'SAME_ACCOUNT';
      elsif v_dp is null or v_cp is null then
        v_code := 'ACCOUNT_NOT_FOUND';
      elsif a_currency[v_dp] <> v_currency or a_currency[v_cp] <> v_currency then
        v_code := 'CURRENCY_MISMATCH';
      elsif v_kind <> 'void' and (a_status[v_dp] <> 'open' or a_status[v_cp] <> 'open') then
        v_code := 'ACCOUNT_CLOSED';
      elsif a_player[v_dp] is not null and a_player[v_cp] is not null
            and a_player[v_dp] <> a_player[v_cp] then
        v_code := 'PLAYERS_DIFFER';
      -- Available = balance - reserved; a post spends its own hold, so it is not checked.
      elsif a_owner[v_dp] = 'player' and c.op in ('single', 'pending', 'reversal')
            and a_balance[v_dp] - a_reserved[v_dp] < v_amount then
        v_code := 'INSUFFICIENT_FUNDS';
      end if;
    end if;
    if v_code is not null then
      -- Refused: nothing is stored, so a retry of this key is evaluated afresh.
      v_results := array_append(v_results, row(c.i, v_code, null, null, null, null, null,
        null, null, null, null, false)::ledger_apply_result);
      continue;
    end if;

    if v_kind in ('pending', 'void') then
      v_d_balance := a_balance[v_dp];
      v_c_balance := a_balance[v_cp];
    else
      v_d_balance := a_balance[v_dp] - v_amount;
      v_c_balance := a_balance[v_cp] + v_amount;
    end if;
    v_player := coalesce(a_player[v_cp], a_player[v_dp]);
    v_id := nextval('ledger_transfers_id_seq');
    w_transfers := array_append(w_transfers, row(v_id, c.key, c.hash, v_kind, v_debit,
      v_credit, v_amount, v_currency, v_reason, v_object_type, v_object_id, c.actor_type,
      c.actor_id, c.memo, v_player, v_pending, v_reverses, v_expires, v_d_balance,
      v_c_balance, v_now)::ledger_transfers);

    a_dirty[v_dp] := true;
    if v_kind = 'pending' then
      a_reserved[v_dp] := a_reserved[v_dp] + v_amount;
      w_holds := array_append(w_holds, row(v_id, v_debit, v_credit, v_player, v_amount,
        'open', v_expires, null, null)::ledger_holds);
    elsif v_kind = 'void' then
      a_reserved[v_dp] := a_reserved[v_dp] - v_release;
      r_hold_id := array_append(r_hold_id, v_pending);
      r_hold_state := array_append(r_hold_state,
        case when c.op = 'expire' then 'expired' else 'voided' end);
      r_hold_by := array_append(r_hold_by, v_id);
    else
      a_balance[v_dp] := v_d_balance;
      a_reserved[v_dp] := a_reserved[v_dp] - v_release;
      a_balance[v_cp] := v_c_balance;
      a_dirty[v_cp] := true;
      if v_kind = 'post' then
        r_hold_id := array_append(r_hold_id, v_pending);
        r_hold_state := array_append(r_hold_state, 'posted');
        r_hold_by := array_append(r_hold_by, v_id);
      elsif v_kind = 'reversal' then
        v_reversed_now := array_append(v_reversed_now, v_reverses);
      end if;
    end if;

    v_results := array_append(v_results, row(c.i, 'OK', v_id, v_kind, v_debit, v_credit,
      v_amount, v_currency, v_d_balance, v_c_balance, v_now, false)::ledger_apply_result);
    v_last_stored := cardinality(v_results);
    v_last_hash := c.hash;
    v_applied := array_append(v_applied, c.key);
  end loop;

  if cardinality(w_transfers) > 0 then
    -- One statement writes the transfers and the changed accounts (each statement pays its
    -- own executor start-up and constraint set-up), in this transaction: no subtransaction,
    -- so the rows this transaction locked are updated by the same XID (see the header).
    with inserted as (
      insert into ledger_transfers overriding system value
        select * from unnest(w_transfers)
    )
    update ledger_accounts la set balance_minor = u.balance_minor,
        reserved_minor = u.reserved_minor
      from unnest(a_id, a_balance, a_reserved, a_dirty)
        u (id, balance_minor, reserved_minor, dirty)
      where u.dirty and la.id = u.id;
    if cardinality(w_holds) > 0 then
      insert into ledger_holds select * from unnest(w_holds);
    end if;
    if cardinality(r_hold_id) > 0 then
      update ledger_holds lh set state = u.state, resolved_by = u.resolved_by, resolved_at = v_now
        from unnest(r_hold_id, r_hold_state, r_hold_by) u (pending_id, state, resolved_by)
        where lh.pending_id = u.pending_id;
    end if;
  end if;

  return query select * from unnest(v_results);
end $$;
