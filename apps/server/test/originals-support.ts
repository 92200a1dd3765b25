import { sql } from 'kysely';
import { bearer, signedInPlayer, type TestApp } from './harness.ts';
import { key } from './ledger-support.ts';

/** A signed-in EUR player with `amount_minor` of cash, through the ledger. */
export async function fundedPlayer(t: TestApp, amount_minor: bigint) {
  const player = await signedInPlayer(t);
  await t.modules.ledger.service.transfer({
    idempotency_key: `fund:${player.id}`,
    debit: { house: 'payment_clearing', purpose: 'sandbox' },
    credit: { player_id: player.id, wallet: 'cash' },
    amount_minor,
    currency: 'EUR',
    reason_code: 'deposit',
    object: { type: 'payment', id: `fund:${player.id}` },
    actor: { type: 'system', id: 'test' },
  });
  return player;
}

export const cashOf = async (t: TestApp, id: bigint) =>
  (await t.modules.ledger.service.playerBalances(id, 'EUR')).cash.balance_minor;

export const post = (t: TestApp, token: string, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/casino${url}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

export const withKey = <T extends object>(body: T) => ({ idempotency_key: key('orig'), ...body });

/** The active server seed of a player (the test peeks: a player only sees its hash). */
export async function activeSeed(t: TestApp, player_id: bigint) {
  await t.modules.originals.service.fairness(player_id);
  const rows = await sql<{
    server_seed: string;
    client_seed: string;
    nonce: number;
  }>`select server_seed, client_seed, nonce from fair_seeds where player_id = ${player_id} and status = 'active'`.execute(
    t.db,
  );
  return rows.rows[0]!;
}
