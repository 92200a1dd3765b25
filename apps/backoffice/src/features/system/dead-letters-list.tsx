import type { EventDeadLetter } from '@casino/contracts';
import { useState } from 'react';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Pagination } from '../../components/data-table.tsx';
import { SelectField } from '../../components/field.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { firstLine } from './event-figures.ts';
import { DEAD_LETTERS_PER_PAGE, useDeadLetters } from './get-dead-letters.ts';
import { useRedeliver } from './redeliver-event.ts';

const letterId = (letter: Pick<EventDeadLetter, 'subscriber' | 'event_id'>) =>
  `${letter.subscriber}/${letter.event_id}`;

/** The open dead letters, newest first: what failed, why, the payload, and a redelivery. */
export function DeadLettersList({ subscribers }: { subscribers: string[] }) {
  const { can } = useAuth();
  const [subscriber, setSubscriber] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const letters = useDeadLetters(subscriber, page);
  const redeliver = useRedeliver();
  const writable = can('system.write');
  const items = letters.data?.items ?? [];
  const total = letters.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEAD_LETTERS_PER_PAGE));
  // Redelivered letters leave the list: a page may empty under the reader.
  if (page > pages) setPage(pages);

  return (
    <section className="flex flex-col gap-3" data-testid="dead-letters">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          Dead letters
          {total > 0 && <Badge tone="negative">{total.toLocaleString('en')} open</Badge>}
        </h2>
        <SelectField
          aria-label="Subscriber"
          value={subscriber}
          className="w-56"
          onChange={(event) => {
            setSubscriber(event.target.value);
            setPage(1);
          }}
        >
          <option value="">All subscribers</option>
          {subscribers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900">
        {letters.isError ? (
          <p className="px-3.5 py-3 text-[13px] text-negative">{errorMessage(letters.error)}</p>
        ) : items.length === 0 ? (
          <div className="flex h-24 items-center justify-center px-4 text-center text-[13px] text-fg-subtle">
            {letters.isLoading ? (
              <Spinner />
            ) : (
              'No dead letters: every event reached its subscribers.'
            )}
          </div>
        ) : (
          <ul className="divide-y divide-ink-800">
            {items.map((letter) => {
              const id = letterId(letter);
              const open = expanded === id;
              const pending =
                redeliver.isPending && redeliver.variables && letterId(redeliver.variables) === id;
              return (
                <li key={id} className="px-3.5 py-3" data-testid="dead-letter">
                  <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                    <div className="min-w-0 flex-1 basis-72">
                      <p className="flex flex-wrap items-baseline gap-x-2 text-[13px]">
                        <span className="font-semibold">
                          {letter.type ?? 'Event no longer kept'}
                        </span>
                        <span className="font-mono text-[12px] text-fg-muted">
                          #{letter.event_id}
                        </span>
                        <span className="text-fg-subtle">→</span>
                        <span className="font-mono text-[12px]">{letter.subscriber}</span>
                      </p>
                      <p className="mt-0.5 text-[12px] text-fg-subtle">
                        <span className="font-mono break-all">{letter.key ?? '—'}</span>
                        {' · '}
                        <span title={formatDateTime(letter.dead_lettered_at)}>
                          set aside {relativeTime(letter.dead_lettered_at)}
                        </span>
                        {` after ${letter.attempts} attempts`}
                      </p>
                      <p
                        className="mt-1.5 truncate font-mono text-[12px] text-negative"
                        title={letter.error}
                      >
                        {firstLine(letter.error)}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      <Button
                        size="xs"
                        variant="ghost"
                        aria-expanded={open}
                        onClick={() => setExpanded(open ? null : id)}
                      >
                        {open ? 'Hide details' : 'Details'}
                      </Button>
                      {writable && (
                        <Button
                          size="xs"
                          variant="outline"
                          loading={pending}
                          disabled={redeliver.isPending}
                          onClick={() =>
                            redeliver.mutate({
                              subscriber: letter.subscriber,
                              event_id: letter.event_id,
                            })
                          }
                        >
                          Redeliver
                        </Button>
                      )}
                    </div>
                  </div>
                  {open && (
                    <div className="mt-3 grid gap-3 lg:grid-cols-2">
                      <div className="min-w-0">
                        <p className="mb-1 text-[11px] font-medium tracking-wide text-fg-subtle uppercase">
                          Payload · written {formatDateTime(letter.created_at)}
                        </p>
                        <JsonView value={letter.payload} />
                      </div>
                      <div className="min-w-0">
                        <p className="mb-1 text-[11px] font-medium tracking-wide text-fg-subtle uppercase">
                          Last error
                        </p>
                        <pre className="max-h-64 overflow-auto rounded bg-ink-950 p-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap break-all text-fg-muted">
                          {letter.error}
                        </pre>
                      </div>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {total > DEAD_LETTERS_PER_PAGE && (
          <Pagination
            page={page}
            per_page={DEAD_LETTERS_PER_PAGE}
            total={total}
            onPage={setPage}
            loading={letters.isFetching}
          />
        )}
      </div>
    </section>
  );
}
