import type { FastifyRequest } from 'fastify';

/**
 * Where a request came from, as the protection gate needs it: the address, outside production
 * a forced country or anonymiser (tests, demos), the language for messages, the route, and when
 * the sign-in session began.
 */
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
