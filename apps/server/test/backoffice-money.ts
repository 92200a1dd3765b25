import type { BackofficeWallet } from '../src/modules/backoffice/index.ts';
import type { TestApp } from './harness.ts';

/**
 * Until the wallet module is wired in app.ts, the back-office tests run against this
 * in-memory stand-in with the same contract (idempotent on the key, no overdraft).
 */
export function moneyFor(t: TestApp): void {
  const balances = new Map<bigint, bigint>();
  const done = new Map<string, { transfer_id: bigint; balance_minor: bigint }>();
  let next = 1n;
  const wallet: BackofficeWallet = {
    async adjust(input) {
      const replay = done.get(input.idempotency_key);
      if (replay) return replay;
      const balance = (balances.get(input.player_id) ?? 0n) + input.amount_minor;
      if (balance < 0n) {
        throw Object.assign(new Error('insufficient funds'), { code: 'INSUFFICIENT_FUNDS' });
      }
      balances.set(input.player_id, balance);
      const result = { transfer_id: next++, balance_minor: balance };
      done.set(input.idempotency_key, result);
      return result;
    },
    async summary(player_id) {
      const cash_minor = balances.get(player_id) ?? 0n;
      return { cash_minor, bonus_minor: 0n, withdrawable_minor: cash_minor };
    },
    async movements() {
      return { items: [], total: 0 };
    },
  };
  t.modules.backoffice.service.useMoney({ wallet });
}
