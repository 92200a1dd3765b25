import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { AppError, errorBody } from '../http/errors.ts';

export type MetricsAccess = {
  /** `Authorization: Bearer <token>` opens `/metrics` on the public port. */
  token?: string;
  /** A second listener serving only `/metrics`, meant for a private network (no token asked). */
  port?: number;
  host: string;
};

/**
 * Where Prometheus scrapes (issue 20; an operator setting, docs/ops/README.md):
 * - `METRICS_TOKEN` set: `GET /metrics` on the main port, with that bearer token; 401 without.
 * - `METRICS_PORT` set: a separate listener on `METRICS_HOST` (127.0.0.1 by default) that
 *   answers only `/metrics`, for a scraper inside the private network.
 * - Neither: no metrics are served at all (`/metrics` is a 404 like any unknown path), so a
 *   deployment never exposes them by accident.
 */
export async function registerMetricsEndpoint(
  app: FastifyInstance,
  registry: Registry,
  access: MetricsAccess,
): Promise<void> {
  if (access.token) {
    const expected = digest(`Bearer ${access.token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = digest(request.headers.authorization ?? '');
      // Digests of equal length, compared in constant time: the token does not leak by timing.
      if (!timingSafeEqual(given, expected)) {
        const refusal = new AppError('UNAUTHORIZED');
        return reply
          .status(refusal.status)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorBody(refusal));
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  if (access.port !== undefined) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(access.port, access.host, () => resolve());
      });
      app.log.info({ address: listening.address() }, 'metrics listener');
    });
    app.decorate('metricsAddress', () => server?.address() as AddressInfo | null);
    app.addHook('onClose', async () => {
      const closing = server;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    });
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The internal metrics listener's address (METRICS_PORT), once ready. */
    metricsAddress?: () => AddressInfo | null;
  }
}
