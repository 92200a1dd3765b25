import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, Details, PageHeader } from '../../components/card.tsx';
import { TextArea } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { type AlertStatus, type Case, RULES, STATUS_TONE } from './api.ts';
import { FreezeDialog, SourceOfFundsDialog } from './player-actions.tsx';

/** One case: the alert's evidence, the player, the notes, and the moves open to it. */
export function CasePage() {
  const { id = '' } = useParams();
  const { can } = useAuth();
  const client = useQueryClient();
  const [closing, setClosing] = useState<AlertStatus | null>(null);
  const [freezing, setFreezing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const key = ['compliance', 'case', id];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await api<Case>(`/compliance/alerts/${id}`)).data,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['compliance'] });
  const move = useMutation({
    mutationFn: (input: { status: AlertStatus; note?: string }) =>
      api<Case>(`/compliance/alerts/${id}/status`, { method: 'POST', json: input }),
    onSuccess: (result) => {
      toast.success(result.message);
      client.setQueryData(key, result.data);
      refresh();
      setClosing(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const addNote = useMutation({
    mutationFn: () =>
      api<Case>(`/compliance/alerts/${id}/notes`, { method: 'POST', json: { body: note } }),
    onSuccess: (result) => {
      client.setQueryData(key, result.data);
      setNote('');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (query.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!query.data) return <p className="text-fg-muted">{errorMessage(query.error)}</p>;
  const { alert, player, notes } = query.data;
  const rule = RULES[alert.rule_code];
  const writable = can('compliance.write');
  const open = alert.status === 'open' || alert.status === 'investigating';
  return (
    <>
      <p className="mb-2 text-[13px]">
        <Link to="/compliance" className="text-fg-muted hover:text-fg">
          ← Compliance queue
        </Link>
      </p>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            Case #{alert.id} · {rule.name}
            <Badge tone={STATUS_TONE[alert.status]}>{alert.status}</Badge>
          </span>
        }
        subtitle={alert.summary}
        actions={
          writable &&
          open && (
            <>
              {alert.status === 'open' && (
                <Button
                  loading={move.isPending && move.variables?.status === 'investigating'}
                  onClick={() => move.mutate({ status: 'investigating' })}
                >
                  Start investigating
                </Button>
              )}
              <Button variant="outline" onClick={() => setClosing('cleared')}>
                Clear
              </Button>
              <Button variant="danger" onClick={() => setClosing('reported')}>
                Report
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid min-w-0 content-start gap-4">
          <Card title="Evidence">
            <p className="mb-3 text-[13px] text-fg-muted">{rule.explain}</p>
            <Evidence value={alert.evidence} />
            <p className="mt-3 text-[11px] text-fg-subtle">
              Raised {formatDateTime(alert.created_at)} · updated {relativeTime(alert.updated_at)}
            </p>
          </Card>
          <Card title={`Notes (${notes.length})`}>
            {notes.length === 0 && <p className="text-[13px] text-fg-subtle">No notes yet.</p>}
            <ol className="grid gap-3">
              {notes.map((n) => (
                <li key={n.id} className="border-l-2 border-ink-600 pl-3">
                  <p className="text-[11px] text-fg-subtle">
                    {n.author} · {formatDateTime(n.at)}
                    {n.status_to && (
                      <>
                        {' · '}
                        <span className="text-fg-muted">
                          {n.status_from} → {n.status_to}
                        </span>
                      </>
                    )}
                  </p>
                  <p className="mt-0.5 text-[13px] whitespace-pre-wrap">{n.body}</p>
                </li>
              ))}
            </ol>
            {writable && (
              <div className="mt-4 grid gap-2">
                <TextArea
                  label="Add a note"
                  value={note}
                  maxLength={2000}
                  onChange={(event) => setNote(event.target.value)}
                  placeholder="What you checked, what the player said, what you decided"
                />
                <div>
                  <Button
                    size="sm"
                    loading={addNote.isPending}
                    disabled={!note.trim()}
                    onClick={() => addNote.mutate()}
                  >
                    Add note
                  </Button>
                </div>
              </div>
            )}
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <Card title="Player">
            <Details
              rows={{
                Username: (
                  <Link to={`/players/${player.id}`} className="text-accent-300 hover:underline">
                    {player.username}
                  </Link>
                ),
                Email: player.email,
                Currency: player.currency ?? '—',
                Withdrawals: player.withdrawals_frozen.frozen ? (
                  <Badge tone="negative">frozen</Badge>
                ) : (
                  <Badge tone="positive">open</Badge>
                ),
                ...(player.withdrawals_frozen.frozen
                  ? { 'Frozen because': player.withdrawals_frozen.reason }
                  : {}),
                'Source of funds': player.source_of_funds ? (
                  <span>
                    <Badge
                      tone={player.source_of_funds.status === 'answered' ? 'accent' : 'warning'}
                    >
                      {player.source_of_funds.status}
                    </Badge>
                    {player.source_of_funds.response && (
                      <span className="mt-1 block text-fg-muted">
                        “{player.source_of_funds.response}”
                      </span>
                    )}
                  </span>
                ) : (
                  'not requested'
                ),
              }}
            />
            {writable && (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant={player.withdrawals_frozen.frozen ? 'outline' : 'danger'}
                  onClick={() => setFreezing(true)}
                >
                  {player.withdrawals_frozen.frozen ? 'Unfreeze withdrawals' : 'Freeze withdrawals'}
                </Button>
                {!player.source_of_funds && (
                  <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
                    Request source of funds
                  </Button>
                )}
              </div>
            )}
          </Card>
          <Card title="Other alerts for this player">
            {player.other_alerts.length === 0 ? (
              <p className="text-[13px] text-fg-subtle">None.</p>
            ) : (
              <ul className="grid gap-2 text-[13px]">
                {player.other_alerts.map((other) => (
                  <li key={other.id} className="flex items-start justify-between gap-2">
                    <Link to={`/compliance/alerts/${other.id}`} className="hover:underline">
                      #{other.id} {RULES[other.rule_code].name}
                    </Link>
                    <Badge tone={STATUS_TONE[other.status]}>{other.status}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
      {closing && (
        <CloseDialog
          status={closing}
          pending={move.isPending}
          onClose={() => setClosing(null)}
          onConfirm={(text) => move.mutate({ status: closing, note: text })}
        />
      )}
      {freezing && (
        <FreezeDialog
          playerId={player.id}
          frozen={player.withdrawals_frozen.frozen}
          onClose={() => setFreezing(false)}
          onDone={refresh}
        />
      )}
      {asking && (
        <SourceOfFundsDialog
          playerId={player.id}
          onClose={() => setAsking(false)}
          onDone={refresh}
        />
      )}
    </>
  );
}

function CloseDialog({
  status,
  pending,
  onClose,
  onConfirm,
}: {
  status: AlertStatus;
  pending: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Modal
      open
      onClose={onClose}
      title={status === 'reported' ? 'Report this case' : 'Clear this case'}
      description={
        status === 'reported'
          ? 'Record that a suspicious activity report was filed (with its reference). A reported case stays closed.'
          : 'Record why the activity is explained. A cleared case stays closed; new evidence raises a new alert.'
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={status === 'reported' ? 'danger' : 'primary'}
            loading={pending}
            disabled={!text.trim()}
            onClick={() => onConfirm(text)}
            data-testid="confirm-close-case"
          >
            {status === 'reported' ? 'Report' : 'Clear'}
          </Button>
        </>
      }
    >
      <TextArea
        label="Note (required)"
        value={text}
        maxLength={2000}
        onChange={(event) => setText(event.target.value)}
      />
    </Modal>
  );
}

const LABELS: Record<string, string> = {
  threshold: 'Threshold',
  band_from: 'Band from',
  window: 'Window',
  total: 'Total',
  deposited: 'Deposited',
  played: 'Played',
  play_threshold_percent: 'Play threshold (%)',
  ip: 'Address',
  instrument: 'Instrument',
};

/** Evidence columns in reading order (stored JSON does not keep the rule's key order). */
const COLUMN_ORDER = ['at', 'kind', 'amount', 'ref', 'destination', 'id', 'username'];
const order = (key: string) => {
  const index = COLUMN_ORDER.indexOf(key);
  return index === -1 ? COLUMN_ORDER.length : index;
};

/** Evidence as the rule recorded it: scalars as a list, lists of payments or accounts as tables. */
function Evidence({ value }: { value: Record<string, unknown> }) {
  const scalars: Record<string, ReactNode> = {};
  const lists: Array<[string, Array<Record<string, unknown>>]> = [];
  for (const [key, item] of Object.entries(value)) {
    if (Array.isArray(item)) {
      lists.push([
        key,
        item.map((entry) =>
          typeof entry === 'object' && entry !== null
            ? (entry as Record<string, unknown>)
            : { value: entry },
        ),
      ]);
    } else if (typeof item === 'object' && item !== null) {
      lists.push([key, [item as Record<string, unknown>]]);
    } else {
      scalars[LABELS[key] ?? key] = String(item);
    }
  }
  return (
    <div className="grid gap-4">
      {Object.keys(scalars).length > 0 && <Details rows={scalars} />}
      {lists.map(([key, rows]) => {
        const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].sort(
          (a, b) => order(a) - order(b),
        );
        return (
          <div key={key}>
            <p className="mb-1 text-[11px] tracking-wide text-fg-subtle uppercase">
              {key.replaceAll('_', ' ')} ({rows.length})
            </p>
            <div className="overflow-x-auto rounded border border-ink-700">
              <table className="w-full text-[12px]">
                <thead>
                  <tr className="bg-ink-850 text-left text-[11px] text-fg-subtle uppercase">
                    {columns.map((column) => (
                      <th
                        key={column}
                        className={
                          column === 'amount'
                            ? 'px-2 py-1.5 text-right font-medium'
                            : 'px-2 py-1.5 font-medium'
                        }
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr
                      key={String(row.ref ?? row.id ?? index)}
                      className="border-t border-ink-800"
                    >
                      {columns.map((column) => (
                        <td
                          key={column}
                          className={
                            column === 'amount'
                              ? 'px-2 py-1.5 text-right font-mono whitespace-nowrap tabular-nums'
                              : 'px-2 py-1.5 font-mono whitespace-nowrap tabular-nums'
                          }
                        >
                          {column === 'at' && typeof row[column] === 'string'
                            ? formatDateTime(row[column] as string)
                            : String(row[column] ?? '—')}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}
