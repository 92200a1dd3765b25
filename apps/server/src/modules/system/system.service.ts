import type {
  EventDeadLettersPage,
  EventRedelivery,
  JobRetry,
  SystemEventsStatus,
  SystemJobsStatus,
} from '@casino/contracts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { LeaseRow } from '../../platform/leader.ts';
import type { DeadLetterFilter, Outbox } from '../../platform/outbox/outbox.ts';
import type { AuditService } from '../audit/index.ts';
import type { StaffActor } from '../staff/index.ts';
import { systemError } from './system.errors.ts';

/** What the module needs of the platform's outbox, which owns the tables. */
export type SystemOutbox = Pick<Outbox, 'status' | 'deadLetters' | 'redeliver' | 'subscribers'>;
/** The platform's job queue (null where no jobs run) and the leader leases' rows. */
export type SystemJobs = Pick<JobQueue, 'started' | 'status' | 'failures' | 'retry'> | null;
export type SystemLeases = () => Promise<LeaseRow[]>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Event delivery as operators see and repair it. The outbox answers with result codes; this
 * turns them into the module's errors and audits every redelivery that reached a subscriber,
 * whether it worked or not.
 */
export class SystemService {
  constructor(
    private readonly outbox: SystemOutbox,
    private readonly audit: AuditService,
    private readonly jobs: SystemJobs = null,
    private readonly leases: SystemLeases = async () => [],
  ) {}

  async jobsStatus(): Promise<SystemJobsStatus> {
    const now = Date.now();
    const leases = (await this.leases()).map((row) => ({
      ...row,
      expires_at: row.expires_at.toISOString(),
      live: row.expires_at.getTime() > now,
    }));
    const jobs = this.jobs;
    if (!jobs?.started) return { enabled: false, leases, queues: [], failures: [] };
    const [queues, failures] = await Promise.all([jobs.status(), jobs.failures()]);
    return {
      enabled: true,
      leases,
      queues,
      failures: failures.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        failed_at: iso(row.failed_at),
      })),
    };
  }

  /** Sends a failed run again (audited); it runs on whichever instance picks it up. */
  async retryJob(actor: StaffActor, queue: string, id: string): Promise<JobRetry> {
    if (!this.jobs?.started || !(await this.jobs.retry(queue, id)))
      throw systemError('JOB_NOT_FOUND');
    await this.audit.record({
      actor,
      action: 'system.job.retry',
      target: { type: 'job', id: `${queue}:${id}` },
      metadata: { queue, id },
    });
    return { queue, id };
  }

  async eventsStatus(): Promise<SystemEventsStatus> {
    const status = await this.outbox.status();
    return {
      ...status,
      subscribers: status.subscribers.map((row) => ({
        ...row,
        updated_at: iso(row.updated_at),
      })),
      lease: status.lease && { ...status.lease, expires_at: status.lease.expires_at.toISOString() },
      oldest_event_at: iso(status.oldest_event_at),
    };
  }

  async deadLetters(filter: DeadLetterFilter): Promise<EventDeadLettersPage> {
    if (filter.subscriber !== undefined) this.requireSubscriber(filter.subscriber);
    const page = await this.outbox.deadLetters(filter);
    return {
      items: page.items.map((row) => ({
        ...row,
        event_id: row.event_id.toString(),
        created_at: iso(row.created_at),
        dead_lettered_at: row.dead_lettered_at.toISOString(),
      })),
      total: page.total,
      limit: filter.limit,
      offset: filter.offset,
    };
  }

  async redeliver(
    actor: StaffActor,
    subscriber: string,
    event_id: bigint,
  ): Promise<EventRedelivery> {
    this.requireSubscriber(subscriber);
    const result = await this.outbox.redeliver(subscriber, event_id);
    switch (result.code) {
      case 'SUBSCRIBER_NOT_FOUND':
        throw systemError('SUBSCRIBER_NOT_FOUND');
      case 'DEAD_LETTER_NOT_FOUND':
        throw systemError('DEAD_LETTER_NOT_FOUND');
      case 'ALREADY_REDELIVERED':
        throw systemError(
          'DEAD_LETTER_REDELIVERED',
          `That event was already redelivered at ${result.redelivered_at.toISOString()}`,
        );
      case 'TYPE_NOT_TAKEN':
        throw systemError(
          'EVENT_TYPE_NOT_TAKEN',
          `${subscriber} no longer takes ${result.type} events`,
        );
      case 'HANDLER_FAILED':
        await this.record(actor, subscriber, event_id, {
          result: 'failed',
          type: result.type,
          key: result.key,
          error: result.error,
        });
        throw systemError('REDELIVERY_FAILED', `${subscriber} failed again: ${result.error}`);
      case 'OK':
        await this.record(actor, subscriber, event_id, {
          result: 'redelivered',
          type: result.type,
          key: result.key,
        });
        return {
          subscriber,
          event_id: event_id.toString(),
          type: result.type,
          key: result.key,
          redelivered_at: result.redelivered_at.toISOString(),
        };
    }
  }

  private requireSubscriber(name: string) {
    if (!this.outbox.subscribers.includes(name)) {
      throw systemError('SUBSCRIBER_NOT_FOUND', `No subscriber named ${name}`);
    }
  }

  private record(actor: StaffActor, subscriber: string, event_id: bigint, after: object) {
    return this.audit.record({
      actor,
      action: 'system.event.redeliver',
      target: { type: 'outbox_event', id: event_id },
      metadata: { subscriber },
      after,
    });
  }
}
