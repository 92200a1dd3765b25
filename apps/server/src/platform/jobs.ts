import PgBoss from 'pg-boss';

/**
 * Scheduled background jobs on pg-boss (decision 0124): each job is a queue with a cron
 * schedule; every instance works every queue and pg-boss hands each run to exactly one of them
 * (its schedule is sent once per slot whichever instances are up). A run that throws is retried
 * with a growing delay; one that fails every retry stays `failed`, which the back office lists as
 * a dead letter (System › Events) and can send again. pg-boss keeps its tables in its own schema
 * (`pgboss`), outside the application's: jobs are work to do, not records, and a restored backup
 * recreates the schedules at start.
 */

/** Tries per run: the first and this many retries. */
export const JOB_RETRY_LIMIT = 3;
/** The first retry's delay; each next one doubles it (pg-boss's backoff). */
export const JOB_RETRY_DELAY_S = 30;
/** A run still active this long is taken for dead and retried. */
export const JOB_EXPIRE_S = 15 * 60;
/** Failed runs (the dead letters) are kept this long. */
export const JOB_FAILED_KEPT_DAYS = 14;
/** Dead letters listed at most. */
export const JOB_FAILURES_LISTED_MAX = 100;
const ERROR_TEXT_MAX = 2_000;
const SCHEMA = 'pgboss';

/** A cron line for "every n minutes" (divisors of 60 are exact; hours above 59). */
export function everyMinutes(n: number): string {
  if (n < 60) return `*/${Math.max(1, Math.round(n))} * * * *`;
  return `0 */${Math.min(24, Math.round(n / 60))} * * *`;
}

export type ScheduledJob = {
  /** Queue name: lowercase words with dots or dashes. */
  name: string;
  /** Standard five-field cron, in UTC. */
  cron: string;
  run: () => Promise<unknown>;
};

export type JobFailure = {
  queue: string;
  id: string;
  attempts: number;
  error: string;
  created_at: Date;
  failed_at: Date | null;
};

export type QueueStatus = {
  name: string;
  cron: string;
  queued: number;
  active: number;
  failed: number;
};

export type JobsOptions = {
  log: (message: string, error: unknown) => void;
  /** Tests: retries without waiting. */
  retry_delay_s?: number;
  retry_limit?: number;
  /** How often an idle worker looks for a run (pg-boss's default is 2 s). */
  polling_s?: number;
  /** Sends the schedules (off: only runs sent with `runNow`). */
  schedule?: boolean;
};

export class JobQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private stopping = false;
  private readonly byName: Map<string, ScheduledJob>;

  constructor(
    private readonly connectionString: string,
    readonly jobs: readonly ScheduledJob[],
    private readonly options: JobsOptions,
  ) {
    this.byName = new Map(jobs.map((job) => [job.name, job]));
    for (const job of jobs)
      if (!/^[a-z][a-z0-9.-]{0,62}$/.test(job.name))
        throw new Error(`jobs: bad queue name ${job.name}`);
  }

  get started(): boolean {
    return this.boss !== null;
  }

  async start(): Promise<void> {
    this.starting ??= this.begin().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async begin(): Promise<void> {
    if (this.boss || this.stopping) return;
    const schedule = this.options.schedule ?? true;
    const boss = new PgBoss({
      connectionString: this.connectionString,
      schema: SCHEMA,
      application_name: 'casino-jobs',
      max: 4,
      schedule,
      archiveFailedAfterSeconds: JOB_FAILED_KEPT_DAYS * 86_400,
      deleteAfterDays: JOB_FAILED_KEPT_DAYS,
    });
    boss.on('error', (error) => this.options.log('jobs', error));
    await boss.start();
    for (const job of this.jobs) {
      const queue = {
        name: job.name,
        // One run at a time per job, as the timers it replaced never overlapped.
        policy: 'singleton' as const,
        retryLimit: this.options.retry_limit ?? JOB_RETRY_LIMIT,
        retryDelay: this.options.retry_delay_s ?? JOB_RETRY_DELAY_S,
        retryBackoff: (this.options.retry_delay_s ?? JOB_RETRY_DELAY_S) > 0,
        expireInSeconds: JOB_EXPIRE_S,
      };
      await boss.createQueue(job.name, queue);
      await boss.updateQueue(job.name, queue);
      if (schedule) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      await boss.work(
        job.name,
        { pollingIntervalSeconds: this.options.polling_s ?? 2 },
        async () => {
          await job.run();
        },
      );
    }
    // Stopped while starting: the stop waited for this start and stops what it started.
    this.boss = boss;
  }

  /** Final: a stopped queue does not start again. */
  async stop(): Promise<void> {
    this.stopping = true;
    // A start in progress holds connections: let it finish, else its pool outlives the stop
    // and its queries meet the closed database ("Connection terminated") at shutdown.
    await this.starting?.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    // Waits for runs in progress; one cut off is retried by another instance after it expires.
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Sends a run now (the back office's "run again", tests). */
  async runNow(name: string): Promise<string | null> {
    if (!this.byName.has(name)) return null;
    return this.require().send(name, {});
  }

  /** Each job's schedule and how many runs wait, run and failed. */
  async status(): Promise<QueueStatus[]> {
    const boss = this.require();
    return Promise.all(
      this.jobs.map(async (job) => {
        const counts = await this.counts(boss, job.name);
        return { name: job.name, cron: job.cron, ...counts };
      }),
    );
  }

  /** Runs that failed every retry, newest first (the dead letters). */
  async failures(limit = JOB_FAILURES_LISTED_MAX): Promise<JobFailure[]> {
    const boss = this.require();
    const db = boss.getDb() as PgBoss.Db;
    const { rows } = await db.executeSql(
      `select name, id::text, retry_count, output, created_on, completed_on
         from ${SCHEMA}.job
        where name = any($1::text[]) and state = 'failed'
        order by completed_on desc nulls last
        limit $2`,
      [this.jobs.map((job) => job.name), Math.min(limit, JOB_FAILURES_LISTED_MAX)],
    );
    return rows.map((row) => ({
      queue: row.name,
      id: row.id,
      attempts: Number(row.retry_count) + 1,
      error: errorText(row.output),
      created_at: row.created_on,
      failed_at: row.completed_on,
    }));
  }

  /** Sends a dead letter's run again; false when there is no such failed run. */
  async retry(queue: string, id: string): Promise<boolean> {
    const boss = this.require();
    if (!this.byName.has(queue)) return false;
    const job = await boss.getJobById(queue, id);
    if (job?.state !== 'failed') return false;
    await boss.retry(queue, id);
    return true;
  }

  private async counts(boss: PgBoss, name: string) {
    const db = boss.getDb() as PgBoss.Db;
    const { rows } = await db.executeSql(
      `select count(*) filter (where state in ('created', 'retry'))::int as queued,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed
         from ${SCHEMA}.job where name = $1`,
      [name],
    );
    const row = rows[0] ?? {};
    return {
      queued: Number(row.queued ?? 0),
      active: Number(row.active ?? 0),
      failed: Number(row.failed ?? 0),
    };
  }

  private require(): PgBoss {
    if (!this.boss) throw new Error('jobs: not started');
    return this.boss;
  }
}

function errorText(output: unknown): string {
  const text =
    output && typeof output === 'object' && 'message' in output
      ? String((output as { message: unknown }).message)
      : JSON.stringify(output ?? null);
  return text.slice(0, ERROR_TEXT_MAX);
}
