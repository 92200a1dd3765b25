import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { recompute } from '@casino/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { fundedPlayer, post, withKey } from './originals-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Fairness = {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  next_server_seed_hash: string;
};
async function fairness(token: string): Promise<Fairness> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/customer/casino/fairness',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const rotate = (token: string, body: Record<string, unknown>) =>
  post(t, token, '/fairness/rotate', body);

describe('the next server seed is committed before the client seed is chosen', () => {
  it('the seed used after a rotation is the one whose hash was shown before the client seed was sent', async () => {
    const player = await fundedPlayer(t, 100_00n);
    // 1. Read the seeds; note the commitment for the next pair.
    const before = await fairness(player.token);
    expect(before.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.next_server_seed_hash).not.toBe(before.server_seed_hash);
    const noted = before.next_server_seed_hash;

    // 2. Choose a client seed only now, and rotate with it.
    const rotated = await rotate(player.token, {
      client_seed: 'chosen-after-seeing-the-hash',
      next_server_seed_hash: noted,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { previous, active } = rotated.json().data;
    expect(sha256(previous.server_seed)).toBe(before.server_seed_hash);
    expect(active).toMatchObject({
      server_seed_hash: noted,
      client_seed: 'chosen-after-seeing-the-hash',
      nonce: 0,
    });
    // A fresh commitment for the rotation after this one.
    expect(active.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(active.next_server_seed_hash).not.toBe(noted);
    expect(await fairness(player.token)).toEqual({
      server_seed_hash: noted,
      client_seed: 'chosen-after-seeing-the-hash',
      nonce: 0,
      next_server_seed_hash: active.next_server_seed_hash,
    });

    // 3. Bet with the new pair.
    const placed = [];
    for (const [game, body] of [
      ['dice', { amount: '1', target: '50.00', direction: 'over' }],
      ['limbo', { amount: '1', target: '2.00' }],
      ['plinko', { amount: '1', rows: 12, risk: 'high' }],
    ] as const) {
      const response = await post(t, player.token, `/originals/${game}/bet`, withKey(body));
      expect(response.statusCode, response.body).toBe(200);
      placed.push(response.json().data);
    }
    for (const bet of placed)
      expect(bet).toMatchObject({ server_seed_hash: noted, server_seed: null });

    // 4. Rotate again: the seed is revealed; it is the one committed in step 1.
    const revealed = await rotate(player.token, {});
    expect(revealed.statusCode, revealed.body).toBe(200);
    const seed = revealed.json().data.previous;
    expect(seed).toMatchObject({
      server_seed_hash: noted,
      client_seed: 'chosen-after-seeing-the-hash',
      nonces_used: 3,
    });
    expect(sha256(seed.server_seed)).toBe(noted);

    // 5. Every bet recomputes from the revealed seed, the client seed and its nonce.
    const [dice, limbo, plinko] = placed;
    const pair = (nonce: number) => ({
      serverSeed: seed.server_seed,
      clientSeed: 'chosen-after-seeing-the-hash',
      nonce,
    });
    expect(await recompute(pair(dice.nonce), { game: 'dice' })).toEqual({
      game: 'dice',
      roll: Math.round(Number(dice.roll) * 100),
    });
    expect(await recompute(pair(limbo.nonce), { game: 'limbo', edge_bp: limbo.edge_bp })).toEqual({
      game: 'limbo',
      result: Math.round(Number(limbo.details.result) * 100),
    });
    expect(await recompute(pair(plinko.nonce), { game: 'plinko', rows: 12, risk: 'high' })).toEqual(
      { game: 'plinko', path: plinko.details.path, bucket: plinko.details.bucket },
    );
    // The history shows the revealed seed with each bet.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/bets',
      headers: bearer(player.token),
    });
    for (const bet of history.json().data.slice(0, 3))
      expect(bet).toMatchObject({ server_seed_hash: noted, server_seed: seed.server_seed });
  });

  it('a commitment the player did not see is refused: rotated elsewhere since (409), and nothing changes', async () => {
    const player = await signedInPlayer(t);
    const seen = await fairness(player.token);
    // Another tab rotates first.
    expect((await rotate(player.token, {})).statusCode).toBe(200);
    const now = await fairness(player.token);
    const stale = await rotate(player.token, {
      client_seed: 'mine',
      next_server_seed_hash: seen.next_server_seed_hash,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SEEDS_CHANGED' });
    expect(stale.json().message).toContain('read them again');
    expect(await fairness(player.token)).toEqual(now);
  });

  it('a player never shown a next seed cannot pair one with a client seed (409); reading the seeds fixes it', async () => {
    const player = await signedInPlayer(t);
    const first = await rotate(player.token, { client_seed: 'too-early' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: 'SEED_NOT_SHOWN' });
    const seen = await fairness(player.token);
    expect(seen.client_seed).not.toBe('too-early');
    const second = await rotate(player.token, {
      client_seed: 'now-it-is-shown',
      next_server_seed_hash: seen.next_server_seed_hash,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.active.server_seed_hash).toBe(seen.next_server_seed_hash);
  });

  it('refuses a malformed commitment or client seed with a clear message', async () => {
    const player = await signedInPlayer(t);
    await fairness(player.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ next_server_seed_hash: 'abc' }, 422, 'next_server_seed_hash'],
      [{ next_server_seed_hash: 'A'.repeat(64) }, 422, 'next_server_seed_hash'],
      [{ next_server_seed_hash: 'a'.repeat(65) }, 422, 'next_server_seed_hash'],
      [{ client_seed: 'has space' }, 422, 'client_seed'],
      [{ client_seed: 7 }, 422, 'client_seed'],
    ];
    for (const [body, status, word] of cases) {
      const response = await rotate(player.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toContain(word);
    }
  });

  it('two rotations at once for the same commitment: one wins, the other is told the seeds changed', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await signedInPlayer(t);
      const seen = await fairness(player.token);
      const body = { next_server_seed_hash: seen.next_server_seed_hash };
      const answers = await Promise.all([rotate(player.token, body), rotate(player.token, body)]);
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const lost = answers.find((a) => a.statusCode === 409)!;
      expect(lost.json().code).toBe('SEEDS_CHANGED');
      const won = answers.find((a) => a.statusCode === 200)!.json().data;
      expect(won.active.server_seed_hash).toBe(seen.next_server_seed_hash);
      const rows = await sql<{ status: string; n: number }>`
        select status, count(*)::int as n from fair_seeds where player_id = ${player.id}
        group by status order by status`.execute(t.db);
      expect(rows.rows).toEqual([
        { status: 'active', n: 1 },
        { status: 'next', n: 1 },
        { status: 'retired', n: 1 },
      ]);
    }
  });

  it('two rotations at once without a commitment: each answer is a rotation or a 409, never a 500', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await signedInPlayer(t);
      await fairness(player.token);
      const answers = await Promise.all([rotate(player.token, {}), rotate(player.token, {})]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    }
  });

  it('a bet racing a rotation uses one pair or the other, and says which (never a 500)', async () => {
    for (let round = 0; round < 10; round++) {
      const player = await fundedPlayer(t, 10_00n);
      const seen = await fairness(player.token);
      const [placed, rotated] = await Promise.all([
        post(
          t,
          player.token,
          '/originals/dice/bet',
          withKey({ amount: '1', target: '50', direction: 'over' }),
        ),
        rotate(player.token, { next_server_seed_hash: seen.next_server_seed_hash }),
      ]);
      expect(placed.statusCode, placed.body).toBe(200);
      expect(rotated.statusCode, rotated.body).toBe(200);
      const bet = placed.json().data;
      const { previous } = rotated.json().data;
      // Before the rotation: the old pair, revealed by it; after: the committed next pair.
      expect([seen.server_seed_hash, seen.next_server_seed_hash]).toContain(bet.server_seed_hash);
      expect(previous.nonces_used).toBe(bet.server_seed_hash === seen.server_seed_hash ? 1 : 0);
    }
  });

  it("a Mines round started between the rotation's first check and its transaction is not revealed (409)", async () => {
    const player = await fundedPlayer(t, 10_00n);
    const seen = await fairness(player.token);
    // Hold the rotation right after its first "no open round" check until the round has started.
    const repository = (
      t.modules.originals.service as unknown as {
        repository: { anyOpenRound: (player_id: bigint) => Promise<unknown> };
      }
    ).repository;
    const anyOpenRound = repository.anyOpenRound.bind(repository);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    repository.anyOpenRound = async (player_id) => {
      const open = await anyOpenRound(player_id);
      calls += 1;
      if (calls === 1) await held;
      return open;
    };
    try {
      const rotating = rotate(player.token, { next_server_seed_hash: seen.next_server_seed_hash });
      await expect.poll(() => calls).toBe(1);
      const started = await post(
        t,
        player.token,
        '/originals/mines/start',
        withKey({ amount: '1', mines: 3 }),
      );
      expect(started.statusCode, started.body).toBe(200);
      release();
      const rotated = await rotating;
      expect(rotated.statusCode, rotated.body).toBe(409);
      expect(rotated.json().code).toBe('ROUND_IN_PROGRESS');
    } finally {
      repository.anyOpenRound = anyOpenRound;
    }
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/originals/mines/active',
      headers: bearer(player.token),
    });
    expect(active.json().data).toMatchObject({
      state: 'active',
      server_seed_hash: seen.server_seed_hash,
      server_seed: null,
      details: { mine_positions: null },
    });
  });

  it('migration 0533 gives every pair made before it a committed next seed (SHA-256 of its hex text)', async () => {
    const players = [await signedInPlayer(t), await signedInPlayer(t)];
    for (const p of players) await fairness(p.token);
    // The state before the migration: active pairs, no next seeds.
    const ids = players.map((p) => p.id);
    await sql`delete from fair_seeds where status = 'next' and player_id in (${sql.join(ids)})`.execute(
      t.db,
    );
    const file = await readFile(path.join(MIGRATIONS_DIR, '0533_fair_seeds_next.sql'), 'utf8');
    const backfill = file.slice(file.indexOf('insert into fair_seeds'));
    expect(backfill).toMatch(/^insert into fair_seeds/);
    await sql.raw(backfill).execute(t.db);
    const rows = await sql<{ server_seed: string; server_seed_hash: string; nonce: number }>`
      select server_seed, server_seed_hash, nonce from fair_seeds
      where status = 'next' and player_id in (${sql.join(ids)})`.execute(t.db);
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      expect(row.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(row.server_seed_hash).toBe(sha256(row.server_seed));
      expect(row.nonce).toBe(0);
    }
    expect(rows.rows[0]!.server_seed).not.toBe(rows.rows[1]!.server_seed);
    // The first rotation promotes exactly that seed.
    const seen = await fairness(players[0]!.token);
    const rotated = await rotate(players[0]!.token, {
      client_seed: 'after-the-migration',
      next_server_seed_hash: seen.next_server_seed_hash,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
  });

  it('the database refuses a next seed with a client seed or a used nonce', async () => {
    const player = await signedInPlayer(t);
    await fairness(player.token);
    await expect(
      sql`update fair_seeds set client_seed = 'x' where player_id = ${player.id} and status = 'next'`.execute(
        t.db,
      ),
    ).rejects.toThrow(/fair_seeds_client_seed_set/);
    await expect(
      sql`update fair_seeds set nonce = 1 where player_id = ${player.id} and status = 'next'`.execute(
        t.db,
      ),
    ).rejects.toThrow(/fair_seeds_next_unused/);
  });
});
