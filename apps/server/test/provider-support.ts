import { createHmac, randomUUID } from 'node:crypto';
import { bearer, signedInPlayer, type TestApp } from './harness.ts';

export const STUDIO_SECRET = 'lantern-studio-demo-secret';

export function sign(raw: string, timestamp = String(Date.now()), secret = STUDIO_SECRET) {
  return {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex'),
  };
}

/** A signed provider-API call as the demo studio would send it. */
export async function call(
  t: TestApp,
  action: string,
  body: Record<string, unknown>,
  options: { timestamp?: string; secret?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/provider/v1/lantern/${action}`,
    headers: sign(raw, options.timestamp, options.secret),
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A funded EUR player with a real-money session on the demo studio's slot. */
export async function launched(t: TestApp, amount_minor = 100_00n) {
  const player = await signedInPlayer(t);
  if (amount_minor > 0n) {
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
  }
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/casino/games-init',
    headers: bearer(player.token),
    payload: { game: 'lantern-fortune' },
  });
  if (init.statusCode !== 200) throw new Error(`games-init: ${init.body}`);
  const token = init.json().data.token as string;
  const base = {
    session_token: token,
    player_id: String(player.id),
    currency: 'EUR',
    game_code: 'lantern-fortune',
  };
  return {
    player,
    token,
    base,
    cash: async () =>
      (await t.modules.ledger.service.playerBalances(player.id, 'EUR')).cash.balance_minor,
    bet: (amount: string, ids: { round?: string; txn?: string } = {}) =>
      call(t, 'bet', {
        ...base,
        round_id: ids.round ?? `r-${randomUUID()}`,
        transaction_id: ids.txn ?? `t-${randomUUID()}`,
        amount,
      }),
  };
}
