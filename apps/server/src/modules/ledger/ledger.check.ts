import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export type LedgerViolation = {
  check:
    | 'currency_sum'
    | 'cached_balance'
    | 'player_negative'
    | 'reserved_vs_holds'
    | 'hold_resolution'
    | 'transfer_reference'
    | 'transfer_currency';
  currency?: string;
  account_id?: bigint;
  transfer_id?: bigint;
  message: string;
};

export type LedgerCheckResult = { ok: boolean; violations: LedgerViolation[]; accounts: number };

/** Violations reported per check; beyond this the first ones are enough to act on. */
const VIOLATIONS_PER_CHECK_MAX = 100;

/**
 * Verifies the ledger's invariants from its own tables: per currency the balances sum
 * to zero; each cached balance equals the sum of its postings (credits minus debits of
 * completed transfers); no player balance or available balance is negative; each
 * account's reserved amount equals its open holds; each resolved hold has exactly one
 * post or void; every post, void and reversal names a transfer of the right kind; every
 * transfer's currency matches both accounts, which exist (there are no foreign keys to
 * accounts or between transfers; every hold's accounts exist too). Read-only; run it in
 * one REPEATABLE READ snapshot so a live system gives a consistent answer.
 */
export async function checkLedger(db: Db): Promise<LedgerCheckResult> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const violations: LedgerViolation[] = [];
      const limit = VIOLATIONS_PER_CHECK_MAX;

      const sums = await sql<{ currency: string; total: string }>`
        select currency, sum(balance_minor)::text as total from ledger_accounts
        group by currency having sum(balance_minor) <> 0 order by currency`.execute(trx);
      for (const row of sums.rows) {
        violations.push({
          check: 'currency_sum',
          currency: row.currency,
          message: `balances in ${row.currency} sum to ${row.total}, not 0`,
        });
      }

      const cached = await sql<{
        id: bigint;
        currency: string;
        balance_minor: bigint;
        posted: string;
      }>`
        with postings as (
          select credit_account_id as account_id, amount_minor as amount from ledger_transfers
            where kind in ('single', 'post', 'reversal')
          union all
          select debit_account_id, -amount_minor from ledger_transfers
            where kind in ('single', 'post', 'reversal')
        ), totals as (
          select account_id, sum(amount) as posted from postings group by account_id
        )
        select a.id, a.currency, a.balance_minor, coalesce(t.posted, 0)::text as posted
        from ledger_accounts a left join totals t on t.account_id = a.id
        where a.balance_minor <> coalesce(t.posted, 0)
        order by a.id limit ${limit}`.execute(trx);
      for (const row of cached.rows) {
        violations.push({
          check: 'cached_balance',
          account_id: row.id,
          currency: row.currency,
          message: `account ${row.id} caches ${row.balance_minor} but its postings sum to ${row.posted}`,
        });
      }

      const negative = await sql<{
        id: bigint;
        currency: string;
        balance_minor: bigint;
        reserved_minor: bigint;
      }>`
        select id, currency, balance_minor, reserved_minor from ledger_accounts
        where owner_type = 'player' and (balance_minor < 0 or balance_minor - reserved_minor < 0)
        order by id limit ${limit}`.execute(trx);
      for (const row of negative.rows) {
        violations.push({
          check: 'player_negative',
          account_id: row.id,
          currency: row.currency,
          message: `player account ${row.id} has balance ${row.balance_minor} with ${row.reserved_minor} reserved`,
        });
      }

      const reserved = await sql<{ id: bigint; reserved_minor: bigint; held: string }>`
        with open_holds as (
          select debit_account_id as account_id, sum(amount_minor) as held from ledger_holds
          where state = 'open' group by debit_account_id
        )
        select a.id, a.reserved_minor, coalesce(h.held, 0)::text as held
        from ledger_accounts a left join open_holds h on h.account_id = a.id
        where a.reserved_minor <> coalesce(h.held, 0)
        order by a.id limit ${limit}`.execute(trx);
      for (const row of reserved.rows) {
        violations.push({
          check: 'reserved_vs_holds',
          account_id: row.id,
          message: `account ${row.id} reserves ${row.reserved_minor} but its open holds total ${row.held}`,
        });
      }

      const holds = await sql<{ pending_id: bigint; problem: string }>`
        select p.id as pending_id, 'pending transfer without a hold' as problem
          from ledger_transfers p left join ledger_holds h on h.pending_id = p.id
          where p.kind = 'pending' and (h.pending_id is null or h.amount_minor <> p.amount_minor
            or h.debit_account_id <> p.debit_account_id)
        union all
        select h.pending_id, 'hold resolved by ' || count(r.id) || ' transfers, state ' || h.state
          from ledger_holds h left join ledger_transfers r on r.pending_id = h.pending_id
          group by h.pending_id, h.state
          having (h.state = 'open') <> (count(r.id) = 0) or count(r.id) > 1
        union all
        select r.pending_id, 'post of ' || r.amount_minor || ' exceeds hold of ' || h.amount_minor
          from ledger_transfers r join ledger_holds h on h.pending_id = r.pending_id
          where r.kind = 'post' and r.amount_minor > h.amount_minor
        limit ${limit}`.execute(trx);
      for (const row of holds.rows) {
        violations.push({
          check: 'hold_resolution',
          transfer_id: row.pending_id,
          message: `hold ${row.pending_id}: ${row.problem}`,
        });
      }

      // pending_id and reverses_id carry no foreign keys (migration 0102): checked here.
      const references = await sql<{ id: bigint; problem: string }>`
        select t.id, 'its pending_id ' || t.pending_id || ' is not a pending transfer' as problem
          from ledger_transfers t left join ledger_transfers p on p.id = t.pending_id
          where t.pending_id is not null and p.kind is distinct from 'pending'
        union all
        select t.id, 'its reverses_id ' || t.reverses_id || ' is not a single or post transfer'
          from ledger_transfers t left join ledger_transfers r on r.id = t.reverses_id
          where t.reverses_id is not null and (r.id is null or r.kind not in ('single', 'post'))
        order by 1 limit ${limit}`.execute(trx);
      for (const row of references.rows) {
        violations.push({
          check: 'transfer_reference',
          transfer_id: row.id,
          message: `transfer ${row.id}: ${row.problem}`,
        });
      }

      const currency = await sql<{ id: bigint; currency: string }>`
        select t.id, t.currency from ledger_transfers t
          left join ledger_accounts d on d.id = t.debit_account_id
          left join ledger_accounts c on c.id = t.credit_account_id
        where d.currency is distinct from t.currency or c.currency is distinct from t.currency
        union all
        select h.pending_id, d.currency from ledger_holds h
          left join ledger_accounts d on d.id = h.debit_account_id
          left join ledger_accounts c on c.id = h.credit_account_id
        where d.id is null or c.id is null
        order by 1 limit ${limit}`.execute(trx);
      for (const row of currency.rows) {
        violations.push({
          check: 'transfer_currency',
          transfer_id: row.id,
          currency: row.currency,
          message: `transfer ${row.id} in ${row.currency} touches a missing account or one of another currency`,
        });
      }

      const count = await sql<{ n: bigint }>`select count(*) as n from ledger_accounts`.execute(
        trx,
      );
      return {
        ok: violations.length === 0,
        violations,
        accounts: Number(count.rows[0]?.n ?? 0n),
      };
    });
}
