import type pg from 'pg';
import { createLedgerModule } from '../apps/server/src/modules/ledger/index.ts';
import type { Db } from '../apps/server/src/platform/db/database.ts';

/**
 * For the one-connection diagnostics (ledger.phases.ts, ledger.profile.ts): EUR, `players`
 * players each funded through the ledger, and the account ids a hand-made `ledger_apply`
 * batch needs (as text, the way commands carry bigints): every player's cash account and
 * one house account.
 */
export async function fundedPlayers(
  db: Db,
  pool: pg.Pool,
  players: number,
): Promise<{ cash: string[]; house: string }> {
  await pool.query(
    `insert into currencies (id, code, name, prefix, scale) values (1, 'EUR', 'Euro', '€', 2)`,
  );
  await pool.query(`insert into players (name, username, email, password_hash, referral_code, currency_id)
    select 'P ' || n, 'p' || n, 'p' || n || '@example.com', 'x', 'P' || n, 1
    from generate_series(1, ${players}) n`);
  const ids = (await pool.query<{ id: bigint }>(`select id from players order by id`)).rows;
  const ledger = createLedgerModule(db, { house_shards: 1 }).service;
  await Promise.all(
    ids.map((p) =>
      ledger.transfer({
        idempotency_key: `fund:${p.id}`,
        debit: { house: 'payment_clearing', purpose: 'x' },
        credit: { player_id: p.id, wallet: 'cash' },
        amount_minor: 10n ** 12n,
        currency: 'EUR',
        reason_code: 'deposit',
        object: { type: 'payment', id: `f${p.id}` },
        actor: { type: 'system', id: 'profile' },
      }),
    ),
  );
  await ledger.drain();
  const cash = (
    await pool.query<{ id: string }>(
      `select id::text from ledger_accounts where owner_type = 'player' order by id`,
    )
  ).rows.map((r) => r.id);
  const house = (
    await pool.query<{ id: string }>(
      `select id::text from ledger_accounts where kind = 'payment_clearing' order by id limit 1`,
    )
  ).rows[0]!.id;
  return { cash, house };
}
