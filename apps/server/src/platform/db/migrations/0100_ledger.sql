-- Money core: a double-entry ledger (accounts, append-only transfers, two-phase holds).
-- See apps/server/src/modules/ledger/README.md for the invariants this schema enforces.
--
-- Sign convention: an account's balance_minor is credits minus debits. A transfer of x
-- from D to C subtracts x from D and adds x to C, so per currency the balances of all
-- accounts always sum to zero. Player accounts hold the players' money (positive);
-- house accounts mirror it (payment clearing goes negative as money enters).

create table ledger_accounts (
  id bigint generated always as identity primary key,
  owner_type text not null check (owner_type in ('player', 'house')),
  -- Every player-owned row carries player_id (future sharding by player).
  player_id bigint references players (id),
  currency text not null references currencies (code),
  kind text not null check (kind in (
    'player_cash', 'player_bonus',
    'payment_clearing', 'wagers', 'sportsbook', 'bonus_cost', 'fees', 'adjustments'
  )),
  -- Which gateway or game provider a house account is for ('' when one per currency).
  purpose text not null default '' check (purpose ~ '^[a-z0-9_:-]{0,64}$'),
  -- Hot house accounts are split into shards so concurrent bets do not queue on one row.
  shard smallint not null default 0 check (shard between 0 and 255),
  balance_minor bigint not null default 0,
  -- Sum of the open holds that debit this account (two-phase transfers).
  reserved_minor bigint not null default 0 check (reserved_minor >= 0),
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check (
    (owner_type = 'player' and player_id is not null and kind in ('player_cash', 'player_bonus')
      and purpose = '' and shard = 0)
    or (owner_type = 'house' and player_id is null and kind not in ('player_cash', 'player_bonus'))
  ),
  -- The no-overdraft guarantee, in the database and not only in code.
  constraint ledger_accounts_player_not_negative check (
    owner_type <> 'player' or (balance_minor >= 0 and balance_minor - reserved_minor >= 0)
  )
) with (fillfactor = 70); -- room for HOT updates of the hot balance rows

create unique index ledger_accounts_player_key on ledger_accounts (player_id, currency, kind)
  where owner_type = 'player';
create unique index ledger_accounts_house_key on ledger_accounts (kind, purpose, currency, shard)
  where owner_type = 'house';

create table ledger_transfers (
  id bigint generated always as identity primary key,
  -- Chosen by the caller; a retry with the same key returns this row.
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  input_hash text not null,
  kind text not null check (kind in ('single', 'pending', 'post', 'void', 'reversal')),
  debit_account_id bigint not null references ledger_accounts (id),
  credit_account_id bigint not null references ledger_accounts (id),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  reason_code text not null check (reason_code ~ '^[a-z][a-z0-9_]{1,31}$'),
  object_type text not null check (object_type ~ '^[a-z][a-z0-9_]{1,31}$'),
  object_id text not null check (length(object_id) between 1 and 200),
  actor_type text not null check (actor_type in ('player', 'staff', 'system', 'provider')),
  actor_id text not null check (length(actor_id) between 1 and 200),
  -- Free text for people (an adjustment's reason and comment); never parsed.
  memo text check (length(memo) <= 500),
  -- The player whose account this transfer touches (null for house-to-house).
  player_id bigint,
  pending_id bigint references ledger_transfers (id),
  reverses_id bigint references ledger_transfers (id),
  expires_at timestamptz,
  -- Balances of both accounts after this transfer (for statements and audits).
  debit_balance_after bigint not null,
  credit_balance_after bigint not null,
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id),
  check ((kind in ('post', 'void')) = (pending_id is not null)),
  check ((kind = 'reversal') = (reverses_id is not null)),
  check (kind = 'pending' or expires_at is null)
);
create unique index ledger_transfers_idempotency_key on ledger_transfers (idempotency_key);
create unique index ledger_transfers_reverses_key on ledger_transfers (reverses_id)
  where reverses_id is not null;
create index ledger_transfers_player_idx on ledger_transfers (player_id, id)
  where player_id is not null;
create index ledger_transfers_created_brin on ledger_transfers using brin (created_at);

-- Append-only: corrections are reversing transfers, never edits.
create function ledger_transfers_are_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_transfers is append-only';
end $$;
create trigger ledger_transfers_no_update before update or delete on ledger_transfers
  for each row execute function ledger_transfers_are_append_only();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_transfers_are_append_only();

-- The mutable state of a two-phase transfer; the transfers themselves never change.
create table ledger_holds (
  pending_id bigint primary key references ledger_transfers (id),
  debit_account_id bigint not null references ledger_accounts (id),
  credit_account_id bigint not null references ledger_accounts (id),
  player_id bigint,
  amount_minor bigint not null check (amount_minor > 0),
  state text not null default 'open' check (state in ('open', 'posted', 'voided', 'expired')),
  expires_at timestamptz,
  resolved_by bigint references ledger_transfers (id),
  resolved_at timestamptz,
  check ((state = 'open') = (resolved_by is null))
);
create index ledger_holds_expiry_idx on ledger_holds (expires_at)
  where state = 'open' and expires_at is not null;
create index ledger_holds_open_idx on ledger_holds (debit_account_id) where state = 'open';

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
create function ledger_apply(commands jsonb)
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
  v_accounts bigint[];
  -- Limits mirrored from ledger.service.ts (TRANSFER_AMOUNT_MINOR_MAX).
  amount_max constant bigint := 1000000000000000;
begin
  select coalesce(array_agg(distinct (x ->> 'pending_id')::bigint), '{}')
    into v_holds
    from jsonb_array_elements(commands) x
    where x ->> 'pending_id' is not null;
  perform 1 from ledger_holds lh where lh.pending_id = any (v_holds)
    order by lh.pending_id for no key update;

  select coalesce(array_agg(distinct a order by a), '{}') into v_accounts from (
    select (x ->> 'debit')::bigint a from jsonb_array_elements(commands) x
      where x ->> 'debit' is not null
    union all
    select (x ->> 'credit')::bigint from jsonb_array_elements(commands) x
      where x ->> 'credit' is not null
    union all
    select unnest(array[lh.debit_account_id, lh.credit_account_id])
      from ledger_holds lh where lh.pending_id = any (v_holds)
    union all
    select unnest(array[lt.debit_account_id, lt.credit_account_id])
      from ledger_transfers lt
      where lt.id in (
        select (x ->> 'reverses_id')::bigint from jsonb_array_elements(commands) x
          where x ->> 'reverses_id' is not null)
  ) s where a is not null;
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
