-- ledger_apply, same contract as in 0100_ledger.sql, with the account gathering rewritten:
-- 0100's `where lt.id in (select … from jsonb_array_elements(…))` was planned as a scan of
-- ledger_transfers on every call (1.5 ms per call at a few thousand transfers, growing).
-- Now every lookup is a primary-key probe with an array parameter, skipped when empty.

-- Applies a batch of commands in one database transaction (the caller's statement).
-- One round trip per batch; accounts are locked in ascending id order before any write
-- (holds first, then accounts), so concurrent batches never deadlock. Expected failures
-- are result codes, not exceptions: a refused command writes nothing and the rest of the
-- batch goes on. Commands run in idempotency-key order so that two batches carrying the
-- same keys wait on each other in one order only.
--
-- Command fields (JSON; bigints as strings): i, op (single|pending|post|void|expire|reversal),
-- key, hash, debit, credit, amount, currency, reason, object_type, object_id,
-- actor_type, actor_id, memo, pending_id, reverses_id, expires_at.
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
language plpgsql as $$
declare
  c record;
  t record;
  h record;
  d record;
  k record;
  v_debit bigint;
  v_credit bigint;
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
  v_created timestamptz;
  v_kind text;
  v_release bigint;
  v_d_balance bigint;
  v_c_balance bigint;
  v_d_reserved bigint;
  v_holds bigint[];
  v_reversed bigint[];
  v_accounts bigint[];
  -- Limits mirrored from ledger.service.ts (TRANSFER_AMOUNT_MINOR_MAX).
  amount_max constant bigint := 1000000000000000;
begin
  -- Every lookup below goes through a primary key with an array parameter; an
  -- IN (subquery) here let the planner scan ledger_transfers on every call.
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
    select array_agg(distinct a) into v_accounts from (
      select unnest(v_accounts) a
      union all
      select unnest(array[lh.debit_account_id, lh.credit_account_id])
        from ledger_holds lh where lh.pending_id = any (v_holds)
    ) s;
  end if;
  if cardinality(v_reversed) > 0 then
    select array_agg(distinct a) into v_accounts from (
      select unnest(v_accounts) a
      union all
      select unnest(array[lt.debit_account_id, lt.credit_account_id])
        from ledger_transfers lt where lt.id = any (v_reversed)
    ) s;
  end if;
  perform 1 from ledger_accounts la where la.id = any (v_accounts)
    order by la.id for no key update;

  for c in
    select * from jsonb_to_recordset(commands) as x(
      i integer, op text, key text, hash text, debit bigint, credit bigint, amount bigint,
      currency text, reason text, object_type text, object_id text, actor_type text,
      actor_id text, memo text, pending_id bigint, reverses_id bigint, expires_at timestamptz)
    order by x.key collate "C", x.i
  loop
    -- Idempotency first: a retry returns the first result even if it would now fail.
    select * into t from ledger_transfers lt where lt.idempotency_key = c.key;
    if found then
      return query select c.i,
        case when t.input_hash = c.hash then 'OK' else 'IDEMPOTENCY_CONFLICT' end,
        t.id, t.kind, t.debit_account_id, t.credit_account_id, t.amount_minor, t.currency,
        t.debit_balance_after, t.credit_balance_after, t.created_at, true;
      continue;
    end if;

    v_kind := c.op;
    v_pending := null;
    v_reverses := null;
    v_expires := null;
    v_release := 0;
    v_reason := c.reason;
    v_object_type := c.object_type;
    v_object_id := c.object_id;

    if c.op in ('single', 'pending') then
      v_debit := c.debit;
      v_credit := c.credit;
      v_amount := c.amount;
      v_currency := c.currency;
      if c.op = 'pending' then v_expires := c.expires_at; end if;
    elsif c.op in ('post', 'void', 'expire') then
      -- An expiry is a void written by the sweeper; the hold is marked 'expired'.
      v_kind := case when c.op = 'expire' then 'void' else c.op end;
      select * into h from ledger_holds lh where lh.pending_id = c.pending_id;
      if not found then
        return query select c.i, 'HOLD_NOT_FOUND', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      if h.state <> 'open' then
        return query select c.i, 'HOLD_ALREADY_RESOLVED', null::bigint, null::text,
          null::bigint, null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      if c.op = 'post' and h.expires_at is not null and h.expires_at <= now() then
        return query select c.i, 'HOLD_EXPIRED', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      select lt.currency, lt.reason_code, lt.object_type, lt.object_id into k
        from ledger_transfers lt where lt.id = h.pending_id;
      v_debit := h.debit_account_id;
      v_credit := h.credit_account_id;
      v_currency := k.currency;
      v_reason := k.reason_code;
      v_object_type := k.object_type;
      v_object_id := k.object_id;
      v_pending := h.pending_id;
      v_release := h.amount_minor;
      v_amount := case when v_kind = 'void' then h.amount_minor
                       else coalesce(c.amount, h.amount_minor) end;
      if c.op = 'post' and v_amount > h.amount_minor then
        return query select c.i, 'POST_EXCEEDS_HOLD', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      if c.op = 'expire' and (h.expires_at is null or h.expires_at > now()) then
        return query select c.i, 'HOLD_NOT_EXPIRED', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
    elsif c.op = 'reversal' then
      select * into t from ledger_transfers lt where lt.id = c.reverses_id;
      if not found then
        return query select c.i, 'TRANSFER_NOT_FOUND', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      if t.kind not in ('single', 'post') then
        return query select c.i, 'NOT_REVERSIBLE', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      if exists (select 1 from ledger_transfers lt where lt.reverses_id = t.id) then
        return query select c.i, 'ALREADY_REVERSED', null::bigint, null::text, null::bigint,
          null::bigint, null::bigint, null::text, null::bigint, null::bigint,
          null::timestamptz, false;
        continue;
      end if;
      v_debit := t.credit_account_id;
      v_credit := t.debit_account_id;
      v_amount := t.amount_minor;
      v_currency := t.currency;
      v_reason := 'reversal';
      v_object_type := t.object_type;
      v_object_id := t.object_id;
      v_reverses := t.id;
    else
      raise exception 'ledger_apply: unknown op %', c.op;
    end if;

    if v_amount is null or v_amount <= 0 or v_amount > amount_max then
      return query select c.i, 'INVALID_AMOUNT', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;
    if v_debit = v_credit then
      return query select c.i, 'SAME_ACCOUNT', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;

    select * into d from ledger_accounts la where la.id = v_debit;
    select * into k from ledger_accounts la where la.id = v_credit;
    if d.id is null or k.id is null then
      return query select c.i, 'ACCOUNT_NOT_FOUND', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;
    if d.currency <> v_currency or k.currency <> v_currency then
      return query select c.i, 'CURRENCY_MISMATCH', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;
    if v_kind <> 'void' and (d.status <> 'open' or k.status <> 'open') then
      return query select c.i, 'ACCOUNT_CLOSED', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;
    if d.player_id is not null and k.player_id is not null and d.player_id <> k.player_id then
      return query select c.i, 'PLAYERS_DIFFER', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;
    -- Available = balance - reserved; a post spends its own hold, so it adds the hold back.
    if d.owner_type = 'player' and c.op in ('single', 'pending', 'reversal')
       and d.balance_minor - d.reserved_minor < v_amount then
      return query select c.i, 'INSUFFICIENT_FUNDS', null::bigint, null::text, null::bigint,
        null::bigint, null::bigint, null::text, null::bigint, null::bigint,
        null::timestamptz, false;
      continue;
    end if;

    if v_kind in ('pending', 'void') then
      v_d_balance := d.balance_minor;
      v_c_balance := k.balance_minor;
    else
      v_d_balance := d.balance_minor - v_amount;
      v_c_balance := k.balance_minor + v_amount;
    end if;
    v_player := coalesce(k.player_id, d.player_id);

    insert into ledger_transfers as lt (
      idempotency_key, input_hash, kind, debit_account_id, credit_account_id, amount_minor,
      currency, reason_code, object_type, object_id, actor_type, actor_id, memo, player_id,
      pending_id, reverses_id, expires_at, debit_balance_after, credit_balance_after)
    values (
      c.key, c.hash, v_kind, v_debit, v_credit, v_amount, v_currency, v_reason,
      v_object_type, v_object_id, c.actor_type, c.actor_id, c.memo, v_player, v_pending, v_reverses,
      v_expires, v_d_balance, v_c_balance)
    on conflict (idempotency_key) do nothing
    returning lt.id, lt.created_at into v_id, v_created;
    if v_id is null then
      -- A concurrent transfer with this key committed while we waited on the index.
      select * into t from ledger_transfers lt where lt.idempotency_key = c.key;
      return query select c.i,
        case when t.input_hash = c.hash then 'OK' else 'IDEMPOTENCY_CONFLICT' end,
        t.id, t.kind, t.debit_account_id, t.credit_account_id, t.amount_minor, t.currency,
        t.debit_balance_after, t.credit_balance_after, t.created_at, true;
      continue;
    end if;

    if v_kind = 'pending' then
      update ledger_accounts la set reserved_minor = la.reserved_minor + v_amount
        where la.id = v_debit;
      insert into ledger_holds (pending_id, debit_account_id, credit_account_id, player_id,
        amount_minor, expires_at)
        values (v_id, v_debit, v_credit, v_player, v_amount, v_expires);
    elsif v_kind = 'void' then
      update ledger_accounts la set reserved_minor = la.reserved_minor - v_release
        where la.id = v_debit;
      update ledger_holds lh
        set state = case when c.op = 'expire' then 'expired' else 'voided' end,
            resolved_by = v_id, resolved_at = now()
        where lh.pending_id = v_pending;
    else
      update ledger_accounts la
        set balance_minor = v_d_balance, reserved_minor = la.reserved_minor - v_release
        where la.id = v_debit;
      update ledger_accounts la set balance_minor = v_c_balance where la.id = v_credit;
      if v_kind = 'post' then
        update ledger_holds lh set state = 'posted', resolved_by = v_id, resolved_at = now()
          where lh.pending_id = v_pending;
      end if;
    end if;

    -- Delivered to listeners only if and when this transaction commits.
    if d.player_id is not null then
      perform pg_notify('ledger_player', d.player_id || ':' || d.id);
    end if;
    if k.player_id is not null and v_kind not in ('pending', 'void') then
      perform pg_notify('ledger_player', k.player_id || ':' || k.id);
    end if;

    return query select c.i, 'OK', v_id, v_kind, v_debit, v_credit, v_amount, v_currency,
      v_d_balance, v_c_balance, v_created, false;
  end loop;
end $$;
