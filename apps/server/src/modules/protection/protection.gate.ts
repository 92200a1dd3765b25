import type { GateClient } from '../../platform/http/request-client.ts';
import type { GateRefusal } from './protection.errors.ts';

export { type GateClient, gateClient, languageOf } from '../../platform/http/request-client.ts';

/**
 * Every real-money action a player can take. Each route that moves player money names
 * its action in its route config (`config: { moneyAction: 'deposit' }`) and calls the
 * gate before anything is written; a test enumerates those routes and proves it.
 */
export const MONEY_ACTIONS = [
  'deposit',
  'withdrawal',
  'casino_bet',
  'provider_debit',
  'sports_bet',
  'bonus_claim',
] as const;
export type MoneyAction = (typeof MONEY_ACTIONS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route that moves player money; the gate must be called by it. */
    moneyAction?: MoneyAction;
  }
}

export type GateRequest = GateClient & {
  player_id: bigint;
  action: MoneyAction;
  /** In the player's currency, minor units; required for actions that count against limits. */
  amount_minor?: bigint;
  currency?: string;
  /**
   * The money operation's own unique key (deposit id, bet's idempotency key): usage
   * recorded against the player's limits is keyed by it, so a retry counts once and
   * `release` can give it back.
   */
  reference?: string;
};

/** A refusal's status is its code's, in `protection.errors.ts`; `gateRefusal` makes the error. */
export type GateDecision = { allowed: true } | ({ allowed: false } & GateRefusal);

/**
 * The one gate in front of every real-money action: jurisdiction, self-exclusion,
 * time-out, responsible-gaming limits, account restrictions.
 */
export interface PlayerGate {
  /** The decision, without recording anything (for showing why play is off). */
  check(request: GateRequest): Promise<GateDecision>;
  /**
   * Decides and, when allowed, records the amount against the player's limits in one
   * step that holds under concurrency. On refusal throws `gateRefusal(decision)` (a reason
   * code, 403, and a message in the player's language); the refusal is audited.
   */
  admit(request: GateRequest): Promise<void>;
  /** Gives back the limit usage recorded under `reference` (a declined deposit). */
  release(reference: string): Promise<void>;
}
