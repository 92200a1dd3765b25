import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Subscriber } from '../outbox/outbox.ts';

/**
 * Production metrics in Prometheus' text format (issue 20; docs/ops/README.md). One registry per
 * app (not prom-client's global one), so two apps in one process (tests) never share series.
 *
 * Labels are bounded on purpose: a route is its pattern (`/api/v1/casino/bets/:id`), never the
 * raw URL; statuses are classes (`2xx`) on the latency histogram; currencies and products come
 * from fixed lists in the database, not from requests.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds. Fastify answers most API calls in 1–50 ms; the tail matters up to seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The ledger's batch cap is 200 commands (BATCHER_LIMITS_DEFAULT). */
const BATCH_SIZE_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 200];
const BATCH_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(options: { pool?: pg.Pool } = {}) {
  const registry = new Registry();
  const registers = [registry];
  // Process CPU, memory, GC, handles, and the event loop's lag (nodejs_eventloop_lag_*:
  // how late callbacks ran; monitorEventLoopDelay percentiles at 10 ms resolution).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const httpErrors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP answers with a status of 400 or more, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });

  const pool = options.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and clients waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The pool size limit.',
    registers,
    collect() {
      const max = (pool?.options as { max?: number } | undefined)?.max;
      if (max !== undefined) this.set(max);
    },
  });

  const ledgerBatchSize = new Histogram({
    name: 'ledger_batch_size',
    help: 'Commands per ledger group-commit batch (one database transaction).',
    buckets: BATCH_SIZE_BUCKETS,
    registers,
  });
  const ledgerBatchSeconds = new Histogram({
    name: 'ledger_batch_duration_seconds',
    help: 'Time from a ledger batch leaving the queue to its last answer (commit included).',
    buckets: BATCH_SECONDS_BUCKETS,
    registers,
  });
  let ledgerQueue: () => number = () => 0;
  new Gauge({
    name: 'ledger_queue_length',
    help: 'Ledger commands waiting for a batch.',
    registers,
    collect() {
      this.set(ledgerQueue());
    },
  });

  const websockets = new Gauge({
    name: 'websocket_connections',
    help: 'Open WebSocket connections, by path.',
    labelNames: ['path'] as const,
    registers,
  });
  const websocketsOpened = new Counter({
    name: 'websocket_connections_opened_total',
    help: 'WebSocket connections accepted, by path.',
    labelNames: ['path'] as const,
    registers,
  });

  const bets = new Counter({
    name: 'business_bets_total',
    help: 'Real-money bets accepted (stake debited or reserved in the ledger), by product.',
    labelNames: ['product', 'currency'] as const,
    registers,
  });
  const betStakes = new Counter({
    name: 'business_bet_stakes_minor_total',
    help: 'Stakes of accepted real-money bets, in minor units of the currency, by product.',
    labelNames: ['product', 'currency'] as const,
    registers,
  });
  const deposits = new Counter({
    name: 'business_deposits_total',
    help: 'Deposits credited to a player (fiat and crypto), by currency.',
    labelNames: ['currency'] as const,
    registers,
  });
  const depositAmounts = new Counter({
    name: 'business_deposits_minor_total',
    help: 'Amounts credited by deposits, in minor units, by currency.',
    labelNames: ['currency'] as const,
    registers,
  });
  const withdrawals = new Counter({
    name: 'business_withdrawals_total',
    help: 'Withdrawals requested (funds reserved in the ledger), by currency.',
    labelNames: ['currency'] as const,
    registers,
  });
  const withdrawalAmounts = new Counter({
    name: 'business_withdrawals_minor_total',
    help: 'Amounts of requested withdrawals, in minor units, by currency.',
    labelNames: ['currency'] as const,
    registers,
  });

  const settled = new Counter({
    name: 'business_bets_settled_total',
    help: 'Real-money bets settled (BetSettled events; a re-settled sports bet once per version), by product.',
    labelNames: ['product', 'currency'] as const,
    registers,
  });
  const settledStakes = new Counter({
    name: 'business_settled_stakes_minor_total',
    help: 'Stakes of settled real-money bets, in minor units, by product (GGR = stakes − payouts).',
    labelNames: ['product', 'currency'] as const,
    registers,
  });
  const settledPayouts = new Counter({
    name: 'business_settled_payouts_minor_total',
    help: 'Payouts of settled real-money bets, in minor units, by product.',
    labelNames: ['product', 'currency'] as const,
    registers,
  });

  const vitals = {
    LCP: new Histogram({
      name: 'web_vitals_lcp_seconds',
      help: "Real users' Largest Contentful Paint, by route pattern and device (sampled).",
      labelNames: ['route', 'device'] as const,
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20],
      registers,
    }),
    CLS: new Histogram({
      name: 'web_vitals_cls',
      help: "Real users' Cumulative Layout Shift, by route pattern and device (sampled).",
      labelNames: ['route', 'device'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers,
    }),
    INP: new Histogram({
      name: 'web_vitals_inp_seconds',
      help: "Real users' Interaction to Next Paint, by route pattern and device (sampled).",
      labelNames: ['route', 'device'] as const,
      buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
      registers,
    }),
  };

  return {
    registry,
    /** One real user's sample (LCP and INP in ms, as the browser reports them). */
    webVital(sample: {
      route: string;
      device: string;
      name: 'LCP' | 'CLS' | 'INP';
      value: number;
    }) {
      const value = sample.name === 'CLS' ? sample.value : sample.value / 1000;
      vitals[sample.name].observe({ route: sample.route, device: sample.device }, value);
    },
    /** Latency per route pattern and error counts, from Fastify's onResponse hook. */
    instrumentHttp(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = routeLabel(request, reply.statusCode);
        const status = reply.statusCode;
        httpDuration.observe(
          { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
          reply.elapsedTime / 1000,
        );
        if (status >= 400) {
          httpErrors.inc({ method: request.method, route, status: String(status) });
        }
      });
    },
    /** Open WebSockets, counted on @fastify/websocket's server (no module is touched). */
    instrumentWebSockets(server: {
      on(
        event: 'connection',
        listener: (socket: SocketLike, request: { url?: string }) => void,
      ): unknown;
    }) {
      server.on('connection', (socket, request) => {
        const path = (request.url ?? '').split('?')[0] || 'unknown';
        websockets.inc({ path });
        websocketsOpened.inc({ path });
        socket.once('close', () => websockets.dec({ path }));
      });
    },
    /**
     * Settled bets, their stakes and payouts per product (GGR), from the domain events: an
     * outbox subscriber, so counted on the instance that delivers them, once per settlement
     * (at least once: a crash in mid-delivery may count a batch twice; counters are not money).
     */
    subscriber: {
      name: 'metrics.bets',
      types: ['BetSettled'],
      async handle(events) {
        for (const { payload: bet } of events) {
          if (bet.status !== 'settled' || bet.funding === 'free_round') continue;
          const labels = { product: bet.product, currency: bet.currency };
          settled.inc(labels);
          settledStakes.inc(labels, Number(bet.stake_minor));
          settledPayouts.inc(labels, Number(bet.payout_minor));
        }
      },
    } satisfies Subscriber<'BetSettled'>,
    /**
     * Batch sizes and times, the queue, and the business counters from the one place all money
     * moves (a committed bet stake, deposit or withdrawal hold; replays are not told).
     */
    instrumentLedger(ledger: {
      observeBatches(listener: (size: number, ms: number) => void): void;
      queueLength(): number;
      observeMovements(
        listener: (movement: {
          reason_code: string;
          house: string | null;
          currency: string;
          amount_minor: bigint;
        }) => void,
      ): void;
    }) {
      ledger.observeBatches((size, ms) => {
        ledgerBatchSize.observe(size);
        ledgerBatchSeconds.observe(ms / 1000);
      });
      ledgerQueue = () => ledger.queueLength();
      ledger.observeMovements((movement) => {
        if (movement.reason_code === 'bet') {
          const product = movement.house === 'sportsbook' ? 'sportsbook' : 'casino';
          bets.inc({ product, currency: movement.currency });
          betStakes.inc({ product, currency: movement.currency }, Number(movement.amount_minor));
        } else if (movement.reason_code === 'deposit') {
          deposits.inc({ currency: movement.currency });
          depositAmounts.inc({ currency: movement.currency }, Number(movement.amount_minor));
        } else if (movement.reason_code === 'withdrawal') {
          withdrawals.inc({ currency: movement.currency });
          withdrawalAmounts.inc({ currency: movement.currency }, Number(movement.amount_minor));
        }
      });
    },
  };
}

type SocketLike = { once(event: 'close', listener: () => void): unknown };

/**
 * The route's pattern as registered (`/api/v1/customer/sportsbook/:id`); a request no route
 * matched is `spa` when the player site's page was sent for it, else `unmatched`, so a scan of
 * random URLs cannot create a series per URL.
 */
function routeLabel(request: FastifyRequest, status: number): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return status === 200 ? 'spa' : 'unmatched';
}
