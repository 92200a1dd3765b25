import {
  deadLetterParams,
  deadLettersQuery,
  envelope,
  eventDeadLettersPage,
  eventRedelivery,
  jobRetry,
  jobRetryParams,
  systemEventsStatus,
  systemJobsStatus,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { SystemService } from './system.service.ts';

const security = [{ bearer: [] }];
const tags = ['admin: system'];

/**
 * `/api/admin/system/events*`: delivery of domain events, and the repair of dead letters;
 * `/api/admin/system/jobs*`: the leader leases, the scheduled jobs and the retry of failed runs.
 */
export const systemAdminRoutes =
  (service: SystemService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/system/events',
      {
        ...staff.guard('system.read'),
        schema: {
          tags,
          summary: "Event delivery: each subscriber's position and health, the lease, what is kept",
          description:
            'Pending counts stop at `count_max`. A subscriber is failing with failures in a row ' +
            'or open dead letters, lagging when its oldest pending event is over 10 s old.',
          security,
          response: { 200: envelope(systemEventsStatus), ...errors },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.eventsStatus() }),
    );

    app.get(
      '/system/events/dead-letters',
      {
        ...staff.guard('system.read'),
        schema: {
          tags,
          summary:
            'Events a subscriber failed on until they were set aside (open ones, latest first)',
          security,
          querystring: deadLettersQuery,
          response: { 200: envelope(eventDeadLettersPage), ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.deadLetters(request.query),
      }),
    );

    app.post(
      '/system/events/dead-letters/:subscriber/:event_id/redeliver',
      {
        ...staff.guard('system.write'),
        schema: {
          tags,
          summary: 'Hand a dead-lettered event to its subscriber again, now (audited)',
          description:
            'The subscriber is idempotent on the event key. A failure answers 409 with its ' +
            'error and leaves the dead letter open.',
          security,
          params: deadLetterParams,
          response: { 200: envelope(eventRedelivery), ...errors },
        },
      },
      async (request) => {
        const data = await service.redeliver(
          staffActor(request.staff!, metaOf(request)),
          request.params.subscriber,
          BigInt(request.params.event_id),
        );
        return { status: 200, message: `Event ${data.event_id} redelivered`, data };
      },
    );

    app.get(
      '/system/jobs',
      {
        ...staff.guard('system.read'),
        schema: {
          tags,
          summary:
            'Who runs each singleton (leader leases), the scheduled jobs, and the runs that failed every retry',
          security,
          response: { 200: envelope(systemJobsStatus), ...errors },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.jobsStatus() }),
    );

    app.post(
      '/system/jobs/:queue/:id/retry',
      {
        ...staff.guard('system.write'),
        schema: {
          tags,
          summary: 'Send a run that failed every retry again (audited)',
          security,
          params: jobRetryParams,
          response: { 200: envelope(jobRetry), ...errors },
        },
      },
      async (request) => {
        const data = await service.retryJob(
          staffActor(request.staff!, metaOf(request)),
          request.params.queue,
          request.params.id,
        );
        return { status: 200, message: `Job ${data.queue} sent again`, data };
      },
    );
  };
