import type { EventSubscriberStatus, SystemEventsStatus } from '@casino/contracts';
import { Badge } from '../../components/badge.tsx';
import { cn } from '../../components/cn.ts';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { firstLine, formatCount, formatLag, HEALTH_TONE } from './event-figures.ts';

/**
 * One row per subscriber: its health, how far behind it is, and why it fails if it does. A
 * table from tablet width up; on a phone, one card each, so nothing hides in a sideways scroll.
 */
export function SubscribersTable({
  status,
  loading,
}: {
  status: SystemEventsStatus;
  loading: boolean;
}) {
  const columns: Column<EventSubscriberStatus>[] = [
    { key: 'name', header: 'Subscriber', render: (row) => <Name row={row} /> },
    {
      key: 'health',
      header: 'Health',
      render: (row) => <Badge tone={HEALTH_TONE[row.health]}>{row.health}</Badge>,
    },
    {
      key: 'pending',
      header: 'Pending',
      align: 'right',
      render: (row) => <Pending row={row} max={status.count_max} />,
    },
    {
      key: 'delivered',
      header: 'Delivered',
      align: 'right',
      render: (row) => <span className="text-fg-muted">{formatCount(row.delivered)}</span>,
    },
    {
      key: 'dead_letters',
      header: 'Dead letters',
      align: 'right',
      render: (row) => <DeadLetters count={row.dead_letters} />,
    },
    {
      key: 'failures',
      header: 'Failures in a row',
      className: 'max-w-72',
      render: (row) => <Failures row={row} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      render: (row) => <Updated at={row.updated_at} />,
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-base font-semibold">Subscribers</h2>
      <div className="hidden md:block">
        <DataTable
          label="Subscribers"
          columns={columns}
          rows={status.subscribers}
          rowKey={(row) => row.name}
          loading={loading}
          empty="No subscriber has registered"
        />
      </div>
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Subscribers">
        {status.subscribers.map((row) => (
          <li
            key={row.name}
            data-testid="subscriber-card"
            className="rounded-lg border border-ink-700 bg-ink-900 px-3.5 py-3"
          >
            <div className="flex items-start justify-between gap-3">
              <Name row={row} />
              <Badge tone={HEALTH_TONE[row.health]}>{row.health}</Badge>
            </div>
            <dl className="mt-2.5 grid grid-cols-3 gap-2 text-[12px]">
              <div>
                <dt className="text-fg-subtle">Pending</dt>
                <dd className="text-[13px]">
                  <Pending row={row} max={status.count_max} />
                </dd>
              </div>
              <div>
                <dt className="text-fg-subtle">Delivered</dt>
                <dd className="text-[13px] text-fg-muted">{formatCount(row.delivered)}</dd>
              </div>
              <div>
                <dt className="text-fg-subtle">Dead letters</dt>
                <dd className="text-[13px]">
                  <DeadLetters count={row.dead_letters} />
                </dd>
              </div>
            </dl>
            {(row.failures > 0 || row.last_error) && (
              <div className="mt-2 min-w-0 text-[12px]">
                <Failures row={row} labelled />
              </div>
            )}
            <p className="mt-1.5 text-[12px] text-fg-subtle">
              Updated <Updated at={row.updated_at} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Name({ row }: { row: EventSubscriberStatus }) {
  return (
    <span className="min-w-0">
      <span className="font-mono text-[13px] font-medium">{row.name}</span>
      <span className="block text-[12px] text-fg-muted">
        {row.subscribed ? (
          row.types.join(' · ')
        ) : (
          <span className="text-warning">Not subscribed here: holds retention back</span>
        )}
      </span>
    </span>
  );
}

function Pending({ row, max }: { row: EventSubscriberStatus; max: number }) {
  return (
    <span className="tabular-nums">
      <span className={row.pending > 0 ? 'text-fg' : 'text-fg-subtle'}>
        {formatCount(row.pending, max)}
      </span>
      {row.lag_ms !== null && (
        <span
          className={cn(
            'block text-[11px]',
            row.health === 'lagging' ? 'text-warning' : 'text-fg-subtle',
          )}
          title="Age of the oldest event past its cursor"
        >
          oldest {formatLag(row.lag_ms)}
        </span>
      )}
    </span>
  );
}

function DeadLetters({ count }: { count: number }) {
  return (
    <span className={count > 0 ? 'font-semibold text-negative' : 'text-fg-subtle'}>
      {formatCount(count)}
    </span>
  );
}

function Failures({ row, labelled = false }: { row: EventSubscriberStatus; labelled?: boolean }) {
  return (
    <span className="block min-w-0">
      <span className={row.failures > 0 ? 'font-semibold text-negative' : 'text-fg-subtle'}>
        {row.failures}
        {labelled && ` ${row.failures === 1 ? 'failure' : 'failures'} in a row`}
      </span>
      {row.last_error && (
        <span className="block truncate font-mono text-[11px] text-negative" title={row.last_error}>
          {firstLine(row.last_error)}
        </span>
      )}
    </span>
  );
}

function Updated({ at }: { at: string | null }) {
  return (
    <span className="text-[12px] text-fg-muted" title={formatDateTime(at)}>
      {at ? relativeTime(at) : 'never'}
    </span>
  );
}
