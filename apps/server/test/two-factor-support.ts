import { sql } from 'kysely';
import { generate } from 'otplib';
import { bearer, type TestApp } from './harness.ts';

/** A code for the current time step (the server accepts one step either side). */
export const currentCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/**
 * A code the server will take now: the player's last accepted step is forgotten first, since a
 * test uses several codes within one 30-second step and the server refuses a step used before.
 */
export async function freshCode(t: TestApp, player_id: bigint, secret: string) {
  await sql`update player_two_factor set last_step = null where player_id = ${player_id}`.execute(
    t.db,
  );
  return currentCode(secret);
}

/** Turns two-factor on for a signed-in player through the API. */
export async function enableTwoFactor(t: TestApp, token: string) {
  const enrol = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/me/two-factor/enrol',
    headers: bearer(token),
  });
  if (enrol.statusCode !== 200) throw new Error(`enrol failed: ${enrol.body}`);
  const secret = enrol.json().data.secret as string;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/me/two-factor/confirm',
    headers: bearer(token),
    payload: { code: await currentCode(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recovery_codes: confirm.json().data.recovery_codes as string[] };
}
