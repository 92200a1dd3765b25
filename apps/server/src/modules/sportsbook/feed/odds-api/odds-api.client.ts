import type { OddsApiEvent, OddsApiScore } from './odds-api.mapping.ts';

/**
 * The Odds API v4 over HTTP: the two endpoints the poller uses, the quota headers every
 * answer carries, and its errors sorted into what the poller does about them.
 */

export type Quota = { remaining: number | null; used: number | null; last: number | null };

export type OddsApiErrorKind =
  | 'unauthorized' // 401: missing or wrong key, or quota exhausted on the plan
  | 'invalid' // 422: a parameter the provider refuses (sport, region, market)
  | 'rate_limited' // 429: too many requests; Retry-After when given
  | 'timeout' // no answer within the limit
  | 'unavailable' // 5xx or the connection failed
  | 'bad_response'; // an answer that is not the documented shape

export class OddsApiError extends Error {
  constructor(
    readonly kind: OddsApiErrorKind,
    message: string,
    readonly retry_after_ms: number | null = null,
  ) {
    super(message);
  }
}

/** The largest answer read (a busy sport's odds with many bookmakers is a few hundred kB). */
const BODY_MAX_BYTES = 8 * 1024 * 1024;

const header = (h: Headers, name: string) => {
  const v = h.get(name);
  const n = v === null ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

export function quotaOf(h: Headers): Quota {
  return {
    remaining: header(h, 'x-requests-remaining'),
    used: header(h, 'x-requests-used'),
    last: header(h, 'x-requests-last'),
  };
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  if (/^\d{1,6}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export type OddsApiClientOptions = {
  base_url: string;
  api_key: string;
  timeout_ms: number;
  fetch?: typeof fetch;
};

export class OddsApiClient {
  constructor(private readonly options: OddsApiClientOptions) {}

  odds(sport: string, regions: readonly string[], markets: readonly string[]) {
    return this.get<OddsApiEvent[]>(`/v4/sports/${encodeURIComponent(sport)}/odds`, {
      regions: regions.join(','),
      markets: markets.join(','),
      oddsFormat: 'decimal',
      dateFormat: 'iso',
    });
  }

  /** Live and upcoming games with scores, and games completed in the last `daysFrom` days. */
  scores(sport: string, daysFrom: number) {
    return this.get<OddsApiScore[]>(`/v4/sports/${encodeURIComponent(sport)}/scores`, {
      daysFrom: String(daysFrom),
      dateFormat: 'iso',
    });
  }

  private async get<T>(
    path: string,
    query: Record<string, string>,
  ): Promise<{ data: T; quota: Quota }> {
    const url = new URL(path, this.options.base_url);
    url.searchParams.set('apiKey', this.options.api_key);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    const signal = AbortSignal.timeout(this.options.timeout_ms);
    try {
      response = await doFetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      if (signal.aborted)
        throw new OddsApiError('timeout', `no answer within ${this.options.timeout_ms} ms`);
      throw new OddsApiError('unavailable', `connection failed: ${(error as Error).message}`);
    }
    const quota = quotaOf(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new OddsApiError(signal.aborted ? 'timeout' : 'unavailable', 'the answer was cut off');
    }
    if (text.length > BODY_MAX_BYTES) throw new OddsApiError('bad_response', 'answer too large');
    if (!response.ok) {
      const said = providerMessage(text);
      const s = response.status;
      if (s === 401) throw new OddsApiError('unauthorized', `401 ${said}`);
      if (s === 422) throw new OddsApiError('invalid', `422 ${said}`);
      if (s === 429) {
        throw new OddsApiError(
          'rate_limited',
          `429 ${said}`,
          retryAfterMs(response.headers.get('retry-after'), Date.now()),
        );
      }
      throw new OddsApiError('unavailable', `${s} ${said}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new OddsApiError('bad_response', 'answer is not JSON');
    }
    if (!Array.isArray(data)) throw new OddsApiError('bad_response', 'answer is not a list');
    return { data: data as T, quota };
  }
}

/** The provider's `message` (its error bodies are `{"message": …}`), cut short; never the key. */
function providerMessage(text: string): string {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    /* not JSON: say nothing of the body */
  }
  return '';
}
