import { envelope, webVitalsReport, webVitalsSummaryRow } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import type { RateLimiter, WindowLimit } from '../../platform/rate-limit.ts';
import { staffErrors as errors } from '../staff/index.ts';
import type { VitalsService } from './vitals.service.ts';

/** Reports per client address: a page view sends one (sampled), so 60 in 10 min is generous. */
export const VITALS_LIMIT: WindowLimit = { limit: 60, window_ms: 10 * 60_000 };
/** A report is a few hundred bytes; refuse anything larger before parsing. */
export const VITALS_BODY_BYTES_MAX = 2_048;

export const vitalsRoutes =
  (service: VitalsService, limiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon sends a Blob; the player site types it application/json, but some
    // browsers send text/plain: both are parsed as JSON here.
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: VITALS_BODY_BYTES_MAX },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError('MALFORMED_BODY', 'The body is not valid JSON'), undefined);
        }
      },
    );
    app.post(
      '/vitals',
      {
        bodyLimit: VITALS_BODY_BYTES_MAX,
        schema: {
          tags: ['web vitals'],
          summary: "Report a page view's Web Vitals (LCP, CLS, INP), sampled by the player site",
          description:
            'Aggregated into the metrics and the back office (75th percentile per page, last day). ' +
            `At most ${VITALS_LIMIT.limit} reports per address in ${VITALS_LIMIT.window_ms / 60_000} minutes.`,
          body: webVitalsReport,
          response: {
            202: envelope(z.null()),
          },
        },
      },
      async (request, reply) => {
        const { allowed, retry_after_s } = await limiter.hit(`vitals:${request.ip}`, VITALS_LIMIT);
        if (!allowed) {
          throw new AppError('RATE_LIMITED', 'Too many Web Vitals reports; try again later', {
            retryAfterSeconds: retry_after_s,
          });
        }
        await service.record(request.body);
        return reply.status(202).send({ status: 202, message: 'Accepted', data: null });
      },
    );
  };

export const vitalsAdminRoutes =
  (service: VitalsService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/web-vitals',
      {
        ...staff.guard('dashboard.read'),
        schema: {
          tags: ['admin: dashboard'],
          summary: "Real users' Web Vitals: the 75th percentile per page and device, last 24 hours",
          security: [{ bearer: [] }],
          response: { 200: envelope(z.array(webVitalsSummaryRow)), ...errors },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.summary() }),
    );
  };
