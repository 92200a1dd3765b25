import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { firstLine } from './event-figures.ts';
import { useJobsStatus } from './get-jobs-status.ts';
import { useRetryJob } from './retry-job.ts';

const cell = 'px-3.5 py-2 text-left';
const head = `${cell} text-[11px] font-medium tracking-wide text-fg-subtle uppercase`;

/**
 * Who runs each singleton (its leader lease), the scheduled jobs, and their dead letters: runs
 * that failed every retry, sent again once the cause is fixed.
 */
export function JobsPanel() {
  const { can } = useAuth();
  const status = useJobsStatus();
  const retry = useRetryJob();
  if (status.isError && !status.data)
    return <p className="text-[13px] text-negative">{errorMessage(status.error)}</p>;
  if (!status.data)
    return (
      <div className="flex h-24 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  const { leases, queues, failures, enabled } = status.data;
  return (
    <section className="flex flex-col gap-6" data-testid="jobs-panel">
      <div className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">Singletons</h2>
        <div className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-900">
          <table className="w-full text-[13px]">
            <thead>
              <tr className="border-b border-ink-800">
                <th className={head}>Lease</th>
                <th className={head}>Running on</th>
                <th className={head}>Token</th>
                <th className={head}>Until</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800">
              {leases.length === 0 ? (
                <tr>
                  <td colSpan={4} className={`${cell} text-fg-subtle`}>
                    No instance has taken a lease yet.
                  </td>
                </tr>
              ) : (
                leases.map((lease) => (
                  <tr key={lease.name} data-testid="lease">
                    <td className={`${cell} font-mono`}>{lease.name}</td>
                    <td className={`${cell} font-mono break-all`}>{lease.holder}</td>
                    <td className={`${cell} tabular-nums`}>{lease.token}</td>
                    <td className={cell} title={formatDateTime(lease.expires_at)}>
                      {lease.live ? (
                        relativeTime(lease.expires_at)
                      ) : (
                        <Badge tone="negative">ran out: another instance takes over</Badge>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          Scheduled jobs
          {failures.length > 0 && <Badge tone="negative">{failures.length} failed</Badge>}
        </h2>
        {!enabled ? (
          <p className="text-[13px] text-fg-subtle">
            This instance runs no scheduled jobs (tests, or the job queue did not start: see its
            log).
          </p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-900">
              <table className="w-full text-[13px]">
                <thead>
                  <tr className="border-b border-ink-800">
                    <th className={head}>Job</th>
                    <th className={head}>Schedule (UTC)</th>
                    <th className={head}>Waiting</th>
                    <th className={head}>Running</th>
                    <th className={head}>Failed</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-800">
                  {queues.map((queue) => (
                    <tr key={queue.name} data-testid="job-queue">
                      <td className={`${cell} font-mono`}>{queue.name}</td>
                      <td className={`${cell} font-mono`}>{queue.cron}</td>
                      <td className={`${cell} tabular-nums`}>{queue.queued}</td>
                      <td className={`${cell} tabular-nums`}>{queue.active}</td>
                      <td
                        className={`${cell} tabular-nums ${queue.failed > 0 ? 'text-negative' : ''}`}
                      >
                        {queue.failed}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900">
              {failures.length === 0 ? (
                <div className="flex h-16 items-center justify-center text-[13px] text-fg-subtle">
                  No failed runs: every job ran, or is retrying.
                </div>
              ) : (
                <ul className="divide-y divide-ink-800">
                  {failures.map((run) => (
                    <li key={run.id} className="px-3.5 py-3" data-testid="job-failure">
                      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                        <div className="min-w-0 flex-1 basis-72">
                          <p className="flex flex-wrap items-baseline gap-x-2 text-[13px]">
                            <span className="font-mono font-semibold">{run.queue}</span>
                            <span className="font-mono text-[12px] text-fg-muted">{run.id}</span>
                          </p>
                          <p className="mt-0.5 text-[12px] text-fg-subtle">
                            <span title={formatDateTime(run.failed_at)}>
                              failed {run.failed_at ? relativeTime(run.failed_at) : ''}
                            </span>
                            {` after ${run.attempts} attempts`}
                          </p>
                          <p
                            className="mt-1.5 truncate font-mono text-[12px] text-negative"
                            title={run.error}
                          >
                            {firstLine(run.error)}
                          </p>
                        </div>
                        {can('system.write') && (
                          <Button
                            size="xs"
                            variant="outline"
                            loading={retry.isPending && retry.variables?.id === run.id}
                            disabled={retry.isPending}
                            onClick={() => retry.mutate({ queue: run.queue, id: run.id })}
                          >
                            Run again
                          </Button>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
