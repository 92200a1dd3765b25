import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeNotifier, NOTIFY_INTERVAL_MS } from './ledger.notifier.ts';
import type { LedgerRepository } from './ledger.repository.ts';

/** A repository that records each NOTIFY statement's payloads. */
function recorder() {
  const statements: string[][] = [];
  const repository = {
    notifyPlayers: async (payloads: readonly string[]) => {
      statements.push([...payloads]);
    },
    accountOwners: async () => [],
  } as unknown as LedgerRepository;
  return { statements, repository };
}

describe('ChangeNotifier', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first change at once and gathers later ones until the interval has passed', async () => {
    const { statements, repository } = recorder();
    const notifier = new ChangeNotifier(repository, () => {});
    for (const id of [10n, 11n, 12n]) notifier.known(id, 1n);
    notifier.known(99n, null);

    notifier.changed([10n, 99n]);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toEqual([['1:10']]);

    notifier.changed([11n]);
    await vi.advanceTimersByTimeAsync(NOTIFY_INTERVAL_MS / 2);
    notifier.changed([12n, 11n]);
    await vi.advanceTimersByTimeAsync(NOTIFY_INTERVAL_MS / 2 - 1);
    expect(statements).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(statements).toEqual([['1:10'], ['1:11,1:12']]);
    await notifier.idle();
  });

  it('idle() waits for a publish still waiting for its interval', async () => {
    const { statements, repository } = recorder();
    const notifier = new ChangeNotifier(repository, () => {});
    notifier.known(10n, 1n);
    notifier.changed([10n]);
    await vi.advanceTimersByTimeAsync(0);
    notifier.changed([10n]);
    let idle = false;
    const waiting = notifier.idle().then(() => {
      idle = true;
    });
    await vi.advanceTimersByTimeAsync(NOTIFY_INTERVAL_MS - 1);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(statements).toEqual([['1:10'], ['1:10']]);
  });
});
