import { z } from 'zod';

/**
 * Back office › System › Events: the delivery of domain events to their subscribers (the
 * transactional outbox) and the repair of what failed.
 */

/** A subscriber's name, as the outbox accepts it (`bonus.wagering`). */
export const SUBSCRIBER_NAME = /^[a-z][a-z0-9_.-]{0,63}$/;
export const subscriberName = z
  .string()
  .regex(SUBSCRIBER_NAME, 'subscriber must be a subscriber name such as bonus.wagering');

export const SUBSCRIBER_HEALTHS = ['healthy', 'lagging', 'failing'] as const;

export const eventSubscriberStatus = z.object({
  name: z.string(),
  /** The event types it takes; empty for a cursor no subscriber of the answering instance owns. */
  types: z.array(z.string()),
  subscribed: z.boolean(),
  /** failing: failures in a row or open dead letters; lagging: oldest pending event over 10 s. */
  health: z.enum(SUBSCRIBER_HEALTHS),
  delivered: z.number().int(),
  /** Events past its cursor; a value equal to `count_max` means at least that many. */
  pending: z.number().int(),
  /** Age of the oldest event past its cursor, null when there is none. */
  lag_ms: z.number().int().nullable(),
  failures: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.iso.datetime().nullable(),
  dead_letters: z.number().int(),
});
export type EventSubscriberStatus = z.infer<typeof eventSubscriberStatus>;

export const systemEventsStatus = z.object({
  subscribers: z.array(eventSubscriberStatus),
  /** The instance delivering events; null before any instance has delivered. */
  lease: z
    .object({
      holder: z.string(),
      expires_at: z.iso.datetime(),
      /** False when the holder stopped renewing: another instance takes over within seconds. */
      live: z.boolean(),
      /** The instance that answered this request holds it. */
      this_instance: z.boolean(),
    })
    .nullable(),
  events_kept: z.number().int(),
  /** False when the count reached `count_max` and the figure is the planner's estimate. */
  events_kept_exact: z.boolean(),
  oldest_event_at: z.iso.datetime().nullable(),
  retention_hours: z.number().int(),
  count_max: z.number().int(),
});
export type SystemEventsStatus = z.infer<typeof systemEventsStatus>;

export const DEAD_LETTERS_LIMIT_MAX = 100;
export const deadLettersQuery = z.object({
  subscriber: subscriberName.optional(),
  limit: z.coerce.number().int().min(1).max(DEAD_LETTERS_LIMIT_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const eventDeadLetter = z.object({
  subscriber: z.string(),
  event_id: z.string(),
  /** The event (null only if its row was removed by hand). */
  type: z.string().nullable(),
  key: z.string().nullable(),
  created_at: z.iso.datetime().nullable(),
  payload: z.unknown(),
  attempts: z.number().int(),
  /** The last failure, cut at 500 characters. */
  error: z.string(),
  dead_lettered_at: z.iso.datetime(),
});
export type EventDeadLetter = z.infer<typeof eventDeadLetter>;

export const eventDeadLettersPage = z.object({
  items: z.array(eventDeadLetter),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type EventDeadLettersPage = z.infer<typeof eventDeadLettersPage>;

export const deadLetterParams = z.object({
  subscriber: subscriberName,
  event_id: z.string().regex(/^[1-9]\d{0,17}$/, 'event_id must be an event id'),
});

export const eventRedelivery = z.object({
  subscriber: z.string(),
  event_id: z.string(),
  type: z.string(),
  key: z.string(),
  redelivered_at: z.iso.datetime(),
});
export type EventRedelivery = z.infer<typeof eventRedelivery>;

/**
 * Back office › System › Jobs: the singletons' leader leases and the scheduled jobs (pg-boss),
 * with the runs that failed every retry (dead letters) and their retry.
 */
export const JOB_NAME = /^[a-z][a-z0-9.-]{0,62}$/;

export const leaderLeaseStatus = z.object({
  name: z.string(),
  /** `host:pid:id` of the instance running it. */
  holder: z.string(),
  /** Grows at every change of holder. */
  token: z.string(),
  expires_at: z.iso.datetime(),
  /** False: the holder stopped renewing; another instance takes over. */
  live: z.boolean(),
});

export const jobQueueStatus = z.object({
  name: z.string(),
  cron: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});

export const jobFailure = z.object({
  queue: z.string(),
  id: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  created_at: z.iso.datetime(),
  failed_at: z.iso.datetime().nullable(),
});

export const systemJobsStatus = z.object({
  /** False on an instance that runs no jobs (tests, or the queue failed to start: see the log). */
  enabled: z.boolean(),
  leases: z.array(leaderLeaseStatus),
  queues: z.array(jobQueueStatus),
  /** Runs that failed every retry, newest first (at most 100). */
  failures: z.array(jobFailure),
});
export type SystemJobsStatus = z.infer<typeof systemJobsStatus>;

export const jobRetryParams = z.object({
  queue: z.string().regex(JOB_NAME, 'queue must be a job name such as bonus.cashback'),
  id: z.uuid('id must be a job id'),
});

export const jobRetry = z.object({ queue: z.string(), id: z.string() });
export type JobRetry = z.infer<typeof jobRetry>;
