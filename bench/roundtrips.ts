/**
 * Counts the database round trips of one bet in the steady state: the whole app on an embedded
 * PostgreSQL, one signed-in player, warm caches; every query a pooled client sends is counted
 * (a ledger batch is one, whatever it holds) while `BENCH_BETS` bets are placed one at a time,
 * for a Dice bet and for a 5-leg pre-match multiple (`BENCH_WORKLOAD=dice|multiple` for one).
 * `npm run bench:bets` prints the same counts at its end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { benchEvents, countRoundTrips, RELAXED_LIMITS_FOR_BENCH } from './bets.support.ts';

const BETS = Number(process.env.BENCH_BETS ?? 50);
const WORKLOAD = process.env.BENCH_WORKLOAD;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-rt-'));
const embedded = await startEmbeddedPostgres(dataDir);
const { db, pool } = createDb(embedded.url, 20);
await migrate(pool);
const { app, modules } = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  db,
  pool,
  serveSites: false,
  limits: RELAXED_LIMITS_FOR_BENCH,
});
await seed(modules, { demo: false });
await app.ready();

const signup = await app.inject({
  method: 'POST',
  url: '/api/v1/customer/signup',
  payload: { name: 'RT', email: 'rt@example.com', password: 'bench-password-1', currency_id: 1 },
});
if (signup.statusCode !== 200) throw new Error(signup.body);
const login = (
  await app.inject({
    method: 'POST',
    url: '/api/v1/customer/login',
    payload: { email: 'rt@example.com', password: 'bench-password-1' },
  })
).json();
await modules.ledger.service.transfer({
  idempotency_key: 'rt-fund',
  debit: { house: 'payment_clearing', purpose: 'bench' },
  credit: { player_id: BigInt(login.customer.id), wallet: 'cash' },
  amount_minor: 10n ** 9n,
  currency: 'EUR',
  reason_code: 'deposit',
  object: { type: 'payment', id: 'rt-fund' },
  actor: { type: 'system', id: 'bench' },
});
const legs = await benchEvents(modules.sportsbook.service);
let n = 0;
const place = (url: string, payload: (key: string) => object) => async () => {
  n += 1;
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${login.data}` },
    payload: payload(`bench-rt-${n}`),
  });
  if (response.statusCode !== 200) throw new Error(response.body);
};
const workloads: [string, string, () => Promise<void>][] = [
  [
    'dice',
    'Dice bet',
    place('/customer/casino/originals/dice/bet', (idempotency_key) => ({
      amount: '1',
      target: '50',
      direction: 'over',
      idempotency_key,
    })),
  ],
  [
    'multiple',
    '5-leg multiple',
    place('/customer/sportsbook/bets', (idempotency_key) => ({
      kind: 'multiple',
      selections: legs,
      stake: '1',
      accept_odds: 'any',
      idempotency_key,
    })),
  ],
];
for (const [workload, label, bet] of workloads) {
  if (WORKLOAD !== undefined && WORKLOAD !== workload) continue;
  for (let i = 0; i < 20; i++) await bet();
  await modules.outbox.drain();
  const counted = await countRoundTrips(bet, BETS);
  console.log(
    `round trips per ${label} (steady state, ${BETS} bets): ${counted.per_bet.toFixed(2)}`,
  );
  for (const [text, perBet] of counted.statements) console.log(`  ${perBet.toFixed(2)}  ${text}`);
}
await app.close();
await db.destroy();
await embedded.stop();
await rm(dataDir, { recursive: true, force: true });
