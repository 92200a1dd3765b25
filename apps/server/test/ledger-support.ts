import { expect } from 'vitest';
import {
  type AccountRef,
  checkLedger,
  type LedgerActor,
  type LedgerService,
} from '../src/modules/ledger/index.ts';
import type { Db } from '../src/platform/db/database.ts';
import { type TestApp, uniqueEmail } from './harness.ts';

export const SYSTEM: LedgerActor = { type: 'system', id: 'test' };
export const CLEARING: AccountRef = { house: 'payment_clearing', purpose: 'sandbox' };
export const WAGERS: AccountRef = { house: 'wagers', purpose: 'test_provider' };

let sequence = 0;
/** A unique idempotency key per call. */
export function key(prefix = 'k'): string {
  sequence += 1;
  return `test:${prefix}:${process.pid}:${Date.now().toString(36)}:${sequence}`;
}

/** A player row without the cost of argon2 (the ledger needs only the id and currency). */
export async function newPlayer(t: TestApp, currency_id = 1): Promise<bigint> {
  const player = await t.modules.players.service.create({
    name: 'Ledger Test',
    email: uniqueEmail('ledger'),
    password_hash: 'not-a-real-hash',
    currency_id,
    referred_by_code: null,
    campaign_code: null,
  });
  return player.id;
}

/** Credits a player's cash wallet from the sandbox clearing account. */
export function deposit(
  ledger: LedgerService,
  player_id: bigint,
  amount_minor: bigint,
  currency = 'EUR',
) {
  return ledger.transfer({
    idempotency_key: key('deposit'),
    debit: CLEARING,
    credit: { player_id, wallet: 'cash' },
    amount_minor,
    currency,
    reason_code: 'deposit',
    object: { type: 'payment', id: key('payment') },
    actor: SYSTEM,
  });
}

export function bet(
  ledger: LedgerService,
  player_id: bigint,
  amount_minor: bigint,
  idempotency_key = key('bet'),
) {
  return ledger.transfer({
    idempotency_key,
    debit: { player_id, wallet: 'cash' },
    credit: WAGERS,
    amount_minor,
    currency: 'EUR',
    reason_code: 'bet',
    object: { type: 'bet', id: idempotency_key },
    actor: SYSTEM,
  });
}

/** The checker must pass after every scenario; its violations make the failure readable. */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const result = await checkLedger(db);
  expect(result.violations).toEqual([]);
  expect(result.ok).toBe(true);
}

/** Settles every promise and tallies outcomes by error code ('OK' for success). */
export async function outcomes<T>(promises: Promise<T>[]) {
  const settled = await Promise.allSettled(promises);
  const codes = settled.map((result) =>
    result.status === 'fulfilled' ? 'OK' : ((result.reason as { code?: string }).code ?? 'THROWN'),
  );
  return { settled, codes, count: (code: string) => codes.filter((c) => c === code).length };
}
