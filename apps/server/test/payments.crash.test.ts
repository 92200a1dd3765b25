import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/cashier/index.ts';
import { signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import {
  cash,
  deliver,
  eventBody,
  paymentRow,
  paymentTransfers,
  pendingDeposit,
  SANDBOX_SECRET,
} from './payments-support.ts';

const CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/payments-crash-child.ts',
);

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs the child until it prints `marker`, then SIGKILLs it; resolves with its output. */
function runUntil(env: Record<string, string>, marker: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (marker.test(output)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(output);
      else reject(new Error(`child exited on its own: ${output} ${errors}`));
    });
  });
}

describe('a server killed between webhook receipt and credit', () => {
  for (const at of ['before', 'after'] as const) {
    it(`credits once after restart (killed ${at} the ledger transfer)`, async () => {
      const player = await signedInPlayer(t);
      const deposit = await pendingDeposit(t, player.token, '250.00');
      const body = eventBody(deposit.provider_reference, 'approved', deposit.amount);
      const headers = {
        'content-type': 'application/json',
        'x-cashier-signature': signWebhook(SANDBOX_SECRET, body),
      };
      const output = await runUntil(
        {
          CRASH_DATABASE_URL: t.url,
          CRASH_AT: at,
          CRASH_BODY: body,
          CRASH_HEADERS: JSON.stringify(headers),
        },
        at === 'before' ? /at-ledger/ : /transferred \d+/,
      );
      expect(output).not.toContain('answered');
      // The decision survived the crash; the money, if any, is the credit alone.
      expect((await paymentRow(t, deposit.id))?.status).toBe('crediting');
      expect((await paymentTransfers(t, deposit.id)).map((x) => x.reason_code)).toEqual(
        at === 'before' ? [] : ['deposit'],
      );
      await expectLedgerConsistent(t.db);

      // Restart: every instance's sweeper books decided credits at start-up.
      const swept = await t.modules.payments.service.sweep();
      expect(swept.booked).toBeGreaterThanOrEqual(1);
      expect((await paymentRow(t, deposit.id))?.status).toBe('credited');
      // The provider, having had no answer, redelivers: nothing more is credited.
      const again = await deliver(t, body);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('duplicate');
      await t.modules.payments.service.sweep();
      expect((await paymentTransfers(t, deposit.id)).map((x) => x.reason_code)).toEqual([
        'deposit',
        'fee',
      ]);
      expect((await cash(t, player.id)).balance_minor).toBe(247_50n);
      await expectLedgerConsistent(t.db);
    }, 120_000);
  }
});
