import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { deposit, expectLedgerConsistent, newPlayer } from './ledger-support.ts';

const CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/ledger-crash-child.ts',
);
const KILLS = 6;
const PLAYERS = 8;
/** How long a child runs after its first acknowledgement before it is killed. */
const RUN_MS_MIN = 150;
const RUN_MS_MAX = 900;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs the child until SIGKILL; returns the acknowledgements it printed. */
function runAndKill(env: Record<string, string>): Promise<Array<{ key: string; id: bigint }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: Array<{ key: string; id: bigint }> = [];
    let buffered = '';
    let errors = '';
    let timer: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const match = /^ack (\S+) (\d+)$/.exec(line);
        if (match) acks.push({ key: match[1]!, id: BigInt(match[2]!) });
        if (match && timer === null) {
          timer = setTimeout(() => child.kill('SIGKILL'), randomInt(RUN_MS_MIN, RUN_MS_MAX));
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      // A partial last line was never acknowledged: it is ignored.
      if (signal === 'SIGKILL') resolve(acks);
      else reject(new Error(`child exited on its own (${signal}): ${errors}`));
    });
  });
}

describe('crash safety', () => {
  it('keeps every acknowledged transfer and every invariant across repeated SIGKILLs', async () => {
    const players: bigint[] = [];
    for (let index = 0; index < PLAYERS; index += 1) {
      const player = await newPlayer(t);
      await deposit(t.modules.ledger.service, player, 1_000_00n);
      players.push(player);
    }
    const acknowledged: Array<{ key: string; id: bigint }> = [];
    for (let round = 0; round < KILLS; round += 1) {
      acknowledged.push(
        ...(await runAndKill({
          CRASH_DATABASE_URL: t.url,
          CRASH_PLAYERS: players.join(','),
          CRASH_PREFIX: `crash:${round}`,
        })),
      );
      await expectLedgerConsistent(t.db);
    }
    expect(acknowledged.length).toBeGreaterThan(KILLS);
    for (const { key, id } of acknowledged) {
      const stored = await t.modules.ledger.service.transferByKey(key);
      expect(stored?.id, key).toBe(id);
    }
    // Each kill starts a child that imports the ledger afresh: slow when the cores are shared.
  }, 180_000);
});
