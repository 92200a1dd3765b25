import type { FastifyRequest } from 'fastify';

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

/** Where the request came from, as the gate needs it (see `gateClient`). */
export type GateClient = {
  /** The client's address (Fastify's `request.ip`, which honours TRUST_PROXY_HOPS). */
  ip: string;
  /** Outside production only: a country forced by the `X-Debug-Country` header (tests, demos). */
  debug_country?: string;
  /** Outside production only: `X-Debug-Anonymiser: 1` makes the address count as an anonymiser. */
  debug_anonymiser?: boolean;
  /** The player's language for the refusal message (from Accept-Language); English by default. */
  language?: string;
  /** The route that asked (for the audit trail and the money-route test). */
  route?: string;
  /** When the player's sign-in session began (the session time limit counts from it). */
  session_started_at?: Date;
};

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

export type GateDecision =
  | { allowed: true }
  | { allowed: false; code: string; message: string; status: number };

/**
 * The one gate in front of every real-money action: jurisdiction, self-exclusion,
 * time-out, responsible-gaming limits, account restrictions.
 */
export interface PlayerGate {
  /** The decision, without recording anything (for showing why play is off). */
  check(request: GateRequest): Promise<GateDecision>;
  /**
   * Decides and, when allowed, records the amount against the player's limits in one
   * step that holds under concurrency. Throws an AppError (403, a reason code and a
   * message in the player's language) on refusal; the refusal is audited.
   */
  admit(request: GateRequest): Promise<void>;
  /** Gives back the limit usage recorded under `reference` (a declined deposit). */
  release(reference: string): Promise<void>;
}

const DEBUG_COUNTRY = /^[A-Z]{2}$/;

/** The client part of a gate request, read from the HTTP request. */
export function gateClient(request: FastifyRequest, env: string): GateClient {
  const header = request.headers['x-debug-country'];
  const debug =
    env !== 'production' && typeof header === 'string' && DEBUG_COUNTRY.test(header)
      ? header
      : undefined;
  const language = languageOf(request.headers['accept-language']);
  // The signed-in player's session (set by the auth hook), read structurally: the gate does
  // not depend on the auth module.
  const started = (request as { player?: { session?: { created_at?: unknown } } }).player?.session
    ?.created_at;
  return {
    ip: request.ip,
    ...(debug ? { debug_country: debug } : {}),
    ...(env !== 'production' && request.headers['x-debug-anonymiser'] === '1'
      ? { debug_anonymiser: true }
      : {}),
    ...(language ? { language } : {}),
    route: request.routeOptions.url,
    ...(started instanceof Date ? { session_started_at: started } : {}),
  };
}

const LANGUAGES = ['en', 'pt', 'bn', 'zh-TW', 'th', 'ms', 'fr', 'es'];

/** The first of the product's languages that Accept-Language names. */
export function languageOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (LANGUAGES.includes(tag)) return tag;
    const base = tag.split('-')[0]!;
    if (LANGUAGES.includes(base)) return base;
  }
  return undefined;
}
