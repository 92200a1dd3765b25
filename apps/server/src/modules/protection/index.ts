import type { PlayerGate } from './protection.gate.ts';

export {
  type GateClient,
  type GateDecision,
  type GateRequest,
  gateClient,
  MONEY_ACTIONS,
  type MoneyAction,
  type PlayerGate,
} from './protection.gate.ts';

/**
 * Placeholder while the protection module is built (issue 15): allows every action.
 * The module's real gate replaces it; callers depend only on `PlayerGate`.
 */
export function createProtectionModule() {
  const gate: PlayerGate = {
    async check() {
      return { allowed: true };
    },
    async admit() {},
    async release() {},
  };
  return { gate };
}
