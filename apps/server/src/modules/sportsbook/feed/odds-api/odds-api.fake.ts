import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OddsApiEvent, OddsApiScore } from './odds-api.mapping.ts';

/**
 * A local stand-in for The Odds API v4 speaking its documented answers: `/v4/sports`,
 * `/v4/sports/{sport}/events`, `/odds`, `/scores`, the quota headers on each, 401 for a wrong
 * key, 422 for an unknown sport, and faults on demand (429 with Retry-After, a 500, a request
 * that never answers). Tests drive it; outside production the operator may select it.
 */

export type FakeFault = { kind: '429' | '500' | 'hang'; retry_after_s?: number };

export class FakeOddsApi {
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  /** Odds answers per sport (what /odds returns). */
  readonly odds = new Map<string, OddsApiEvent[]>();
  /** Score answers per sport (what /scores returns). */
  readonly scores = new Map<string, OddsApiScore[]>();
  readonly faults: FakeFault[] = [];
  used = 0;
  requests: string[] = [];

  constructor(
    readonly api_key = 'fake-odds-api-key',
    public quota = 500,
  ) {}

  async listen(port = 0): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close() {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    cost: number,
    extra: Record<string, string> = {},
  ) {
    this.used += cost;
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-requests-remaining': String(Math.max(0, this.quota - this.used)),
      'x-requests-used': String(this.used),
      'x-requests-last': String(cost),
      ...extra,
    });
    res.end(JSON.stringify(body));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(url.pathname);
    if (url.searchParams.get('apiKey') !== this.api_key) {
      return this.send(res, 401, { message: 'API key is not valid', error_code: 'INVALID_KEY' }, 0);
    }
    const fault = this.faults.shift();
    if (fault?.kind === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (fault?.kind === '429') {
      return this.send(
        res,
        429,
        { message: 'Requests are being sent too frequently.', error_code: 'EXCEEDED_FREQ_LIMIT' },
        0,
        fault.retry_after_s === undefined ? {} : { 'retry-after': String(fault.retry_after_s) },
      );
    }
    if (fault?.kind === '500') return this.send(res, 500, { message: 'Internal error' }, 0);
    if (this.used >= this.quota) {
      return this.send(
        res,
        401,
        { message: 'Usage quota has been reached', error_code: 'OUT_OF_USAGE_CREDITS' },
        0,
      );
    }
    if (url.pathname === '/v4/sports') {
      const list = [...new Set([...this.odds.keys(), ...this.scores.keys()])].map((key) => ({
        key,
        group: key.split('_')[0],
        title: key,
        description: key,
        active: true,
        has_outrights: false,
      }));
      return this.send(res, 200, list, 0);
    }
    const m = /^\/v4\/sports\/([a-z0-9_]+)\/(odds|events|scores)$/.exec(url.pathname);
    if (!m) return this.send(res, 404, { message: 'Not found' }, 0);
    const [, sport, what] = m as unknown as [string, string, string];
    if (!this.odds.has(sport) && !this.scores.has(sport)) {
      return this.send(res, 422, { message: 'Unknown sport', error_code: 'UNKNOWN_SPORT' }, 0);
    }
    const events = this.odds.get(sport) ?? [];
    if (what === 'events') {
      return this.send(
        res,
        200,
        events.map(({ bookmakers: _b, ...e }) => e),
        0,
      );
    }
    if (what === 'odds') {
      const regions = (url.searchParams.get('regions') ?? '').split(',').filter(Boolean);
      const markets = (url.searchParams.get('markets') ?? 'h2h').split(',').filter(Boolean);
      if (regions.length === 0) return this.send(res, 422, { message: 'Missing regions' }, 0);
      // Documented cost: markets × regions.
      return this.send(res, 200, events, markets.length * regions.length);
    }
    return this.send(
      res,
      200,
      this.scores.get(sport) ?? [],
      url.searchParams.has('daysFrom') ? 2 : 1,
    );
  }
}

/** A demo slate for the fake when it is selected outside tests: two EPL games with three bookmakers. */
export function demoSlate(fake: FakeOddsApi, now = new Date()) {
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  const book = (key: string, h: number, d: number, a: number) => ({
    key,
    title: key,
    last_update: now.toISOString(),
    markets: [
      {
        key: 'h2h',
        outcomes: [
          { name: 'Arsenal', price: h },
          { name: 'Chelsea', price: a },
          { name: 'Draw', price: d },
        ],
      },
      {
        key: 'totals',
        outcomes: [
          { name: 'Over', price: 1.9, point: 2.5 },
          { name: 'Under', price: 1.9, point: 2.5 },
        ],
      },
    ],
  });
  fake.odds.set('soccer_epl', [
    {
      id: 'demo-ars-che',
      sport_key: 'soccer_epl',
      sport_title: 'EPL',
      commence_time: at(2),
      home_team: 'Arsenal',
      away_team: 'Chelsea',
      bookmakers: [
        book('williamhill', 2.1, 3.4, 3.5),
        book('betfair', 2.05, 3.5, 3.6),
        book('unibet', 2.12, 3.3, 3.45),
      ],
    },
  ]);
  fake.scores.set('soccer_epl', []);
}
