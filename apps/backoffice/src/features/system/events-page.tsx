import type { SystemEventsStatus } from '@casino/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { DeadLettersList } from './dead-letters-list.tsx';
import { formatCount } from './event-figures.ts';
import { EVENTS_REFRESH_MS, useEventsStatus } from './get-events-status.ts';
import { JobsPanel } from './jobs-panel.tsx';
import { SubscribersTable } from './subscribers-table.tsx';

const time = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * System › Events: whether domain events reach their subscribers, and the repair of the ones a
 * subscriber kept failing on (dead letters); below, who runs each singleton and the scheduled
 * jobs with their failed runs. Refreshes on its own every few seconds.
 */
export function EventsPage() {
  const status = useEventsStatus();
  return (
    <>
      <PageHeader
        title="Events"
        subtitle={
          <span className="block max-w-2xl">
            Domain events reach each subscriber after commit, at least once and in order. An event a
            subscriber keeps failing on is set aside as a dead letter so the rest flow; redeliver it
            once the cause is fixed.
          </span>
        }
        actions={
          <>
            <span className="text-[12px] text-fg-subtle tabular-nums" aria-live="polite">
              {status.dataUpdatedAt
                ? `Updated ${time.format(status.dataUpdatedAt)} · every ${EVENTS_REFRESH_MS / 1000} s`
                : 'Loading…'}
            </span>
            <Button
              variant="ghost"
              loading={status.isFetching}
              onClick={() => void status.refetch()}
            >
              Refresh
            </Button>
          </>
        }
      />
      {status.isError && !status.data ? (
        <p className="text-[13px] text-negative">{errorMessage(status.error)}</p>
      ) : !status.data ? (
        <div className="flex h-40 items-center justify-center text-fg-muted">
          <Spinner />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <Overview status={status.data} />
          <SubscribersTable status={status.data} loading={status.isFetching} />
          <DeadLettersList subscribers={status.data.subscribers.map((s) => s.name)} />
          <JobsPanel />
        </div>
      )}
    </>
  );
}

function Overview({ status }: { status: SystemEventsStatus }) {
  const { lease, subscribers } = status;
  const open = subscribers.reduce((sum, s) => sum + s.dead_letters, 0);
  const count = (health: string) => subscribers.filter((s) => s.health === health).length;
  const failing = count('failing');
  const lagging = count('lagging');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="events-overview">
      <Figure
        label="Subscribers"
        value={
          failing > 0 ? `${failing} failing` : lagging > 0 ? `${lagging} lagging` : 'All healthy'
        }
        tone={failing > 0 ? 'negative' : lagging > 0 ? 'warning' : 'positive'}
        detail={`${subscribers.length} subscribers · ${count('healthy')} healthy`}
      />
      <Figure
        label="Delivering instance"
        value={lease ? lease.holder : 'None yet'}
        mono={lease !== null}
        tone={lease && !lease.live ? 'negative' : undefined}
        detail={
          lease === null ? (
            'No instance has delivered yet'
          ) : lease.live ? (
            <span className="flex flex-wrap items-center gap-1.5">
              Lease until {time.format(new Date(lease.expires_at))}
              {lease.this_instance && <Badge tone="accent">this instance</Badge>}
            </span>
          ) : (
            `Lease ran out at ${time.format(new Date(lease.expires_at))}: another instance takes over`
          )
        }
      />
      <Figure
        label="Events kept"
        value={`${status.events_kept_exact ? '' : '≈ '}${formatCount(status.events_kept)}`}
        detail={
          <span title={formatDateTime(status.oldest_event_at)}>
            {status.oldest_event_at
              ? `Oldest ${relativeTime(status.oldest_event_at)}`
              : 'None kept'}{' '}
            · kept {status.retention_hours}
            {'\u00a0'}h
          </span>
        }
      />
      <Figure
        label="Dead letters open"
        value={formatCount(open)}
        tone={open > 0 ? 'negative' : undefined}
        detail={open > 0 ? 'Events waiting for a redelivery' : 'Nothing set aside'}
      />
    </div>
  );
}

function Figure({
  label,
  value,
  detail,
  tone,
  mono = false,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  tone?: 'positive' | 'warning' | 'negative';
  mono?: boolean;
}) {
  return (
    <div className="min-w-0 rounded-lg border border-ink-700 bg-ink-900 px-3.5 py-3">
      <p className="text-[11px] font-medium tracking-wide text-fg-subtle uppercase">{label}</p>
      <p
        className={cn(
          'mt-1 font-semibold tabular-nums',
          mono ? 'font-mono text-[14px] leading-7 break-all' : 'truncate text-xl',
          tone === 'positive' && 'text-positive',
          tone === 'warning' && 'text-warning',
          tone === 'negative' && 'text-negative',
        )}
        title={value}
      >
        {value}
      </p>
      <div className="mt-0.5 text-[12px] text-fg-muted">{detail}</div>
    </div>
  );
}
