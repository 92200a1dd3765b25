import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge, type Tone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, Details, PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextArea } from '../../components/field.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, relativeTime } from '../../lib/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import {
  type KycDocument,
  type KycState,
  useDecideKyc,
  useDocumentFile,
  useVerification,
  useVerifications,
  type Verification,
} from './api.ts';

const DEFAULTS = { status: 'PENDING', q: '', page: '1', per_page: '25', open: '' };

const STATE: Record<KycState, { label: string; tone: Tone }> = {
  started: { label: 'not submitted', tone: 'neutral' },
  PENDING: { label: 'in review', tone: 'warning' },
  APPROVED: { label: 'approved', tone: 'positive' },
  REJECTED: { label: 'rejected', tone: 'negative' },
  expired: { label: 'expired', tone: 'neutral' },
};
const DOCUMENT_TYPE: Record<string, string> = {
  passport: 'Passport',
  national_id: 'ID card',
  driving_licence: 'Driving licence',
};
const REASONS = [
  'The document is blurred or cut off: all four corners and the text must be readable.',
  'The document has expired.',
  'The selfie does not clearly show the same person as the document.',
  'The name does not match the name on the account.',
];

function StateBadge({ status }: { status: KycState }) {
  return <Badge tone={STATE[status].tone}>{STATE[status].label}</Badge>;
}

/**
 * Compliance's queue of identity verifications: the oldest submission in review first, the
 * documents inline (fetched with the staff token, never public), approve or reject with the
 * reason the player sees. Every view and decision lands in the audit log.
 */
export function KycReviewsPage() {
  const [state, update] = useUrlState(DEFAULTS);
  const search = useDebounced((q: string) => update({ q }));
  const { data, isFetching } = useVerifications({
    status: state.status === 'all' ? undefined : state.status,
    q: state.q || undefined,
    page: state.page,
    per_page: state.per_page,
  });
  const open = state.open || null;

  const columns: Column<Verification>[] = [
    {
      key: 'submitted',
      header: 'Submitted',
      render: (row) => (
        <div className="whitespace-nowrap">
          {row.submitted_at ? (
            <span title={formatDateTime(row.submitted_at)}>{relativeTime(row.submitted_at)}</span>
          ) : (
            <span className="text-fg-subtle">—</span>
          )}
          <div className="text-xs text-fg-subtle">
            {row.document_type ? DOCUMENT_TYPE[row.document_type] : row.provider}
          </div>
        </div>
      ),
    },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <div className="max-w-[18rem] min-w-0">
          <div className="truncate text-fg">{row.player_name || `#${row.player_id}`}</div>
          <div className="truncate text-xs text-fg-subtle">{row.player_email}</div>
        </div>
      ),
    },
    // One status filtered: the column would repeat it on every row.
    ...(state.status === 'all'
      ? [
          {
            key: 'status',
            header: 'Status',
            render: (row: Verification) => <StateBadge status={row.status} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title="KYC reviews"
        subtitle="Identity documents waiting for a decision. Approving opens withdrawals for the player; a rejection's reason is shown to them."
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] xl:items-start">
        <div className={open ? 'hidden xl:block' : undefined}>
          <div className="mb-3 flex flex-wrap gap-2">
            <SelectField
              aria-label="Status"
              value={state.status}
              onChange={(event) => update({ status: event.target.value })}
              className="w-full sm:w-40"
            >
              <option value="PENDING">In review</option>
              <option value="APPROVED">Approved</option>
              <option value="REJECTED">Rejected</option>
              <option value="started">Not submitted</option>
              <option value="all">All</option>
            </SelectField>
            <SearchBox
              aria-label="Search by verification or player id"
              placeholder="Verification or player id"
              defaultValue={state.q}
              onChange={(event) => search(event.currentTarget.value.trim())}
              className="w-full sm:w-auto sm:flex-1"
            />
          </div>
          <DataTable
            label="Identity verifications"
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(row) => row.id}
            loading={isFetching}
            empty={state.status === 'PENDING' ? 'Nothing waiting for review' : 'No verifications'}
            onOpen={(row) => update({ open: row.id }, { resetPage: false })}
            pagination={{
              page: Number(state.page),
              per_page: Number(state.per_page),
              total: data?.total ?? 0,
              onPage: (page) => update({ page: String(page) }, { resetPage: false }),
              onPerPage: (per_page) => update({ per_page: String(per_page) }),
            }}
          />
        </div>
        {open ? (
          <ReviewPanel
            key={open}
            id={open}
            onClose={() => update({ open: '' }, { resetPage: false })}
          />
        ) : (
          <div className="hidden h-72 items-center justify-center rounded-lg border border-dashed border-ink-700 text-[13px] text-fg-subtle xl:flex">
            Open a verification to see its documents.
          </div>
        )}
      </div>
    </>
  );
}

function ReviewPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { can } = useAuth();
  const detail = useVerification(id);
  const decide = useDecideKyc();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  if (detail.isPending) {
    return (
      <Card>
        <div className="flex h-60 items-center justify-center">
          <Spinner />
        </div>
      </Card>
    );
  }
  if (detail.isError) {
    return (
      <Card title="Verification" actions={<Button onClick={onClose}>Back to the queue</Button>}>
        <p className="text-[13px] text-negative">{errorMessage(detail.error)}</p>
      </Card>
    );
  }
  const row = detail.data;
  const decidable = row.status === 'PENDING' && can('kyc.review');

  const run = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      setReasonError('Give the reason: the player sees it.');
      return;
    }
    decide.mutate(
      { id, decision, reason: decision === 'reject' ? reason.trim() : undefined },
      {
        onSuccess: (result) => {
          toast.success(
            decision === 'approve'
              ? `Approved: ${result.data.player_email} can withdraw`
              : `Rejected: ${result.data.player_email} will see the reason`,
          );
          setRejecting(false);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          Review <StateBadge status={row.status} />
        </span>
      }
      actions={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
      className="xl:sticky xl:top-4"
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {row.documents.map((document) => (
            <DocumentView key={document.id} verification={row.id} document={document} />
          ))}
          {row.documents.length === 0 && (
            <p className="text-[13px] text-fg-subtle">
              No documents: this verification was not submitted here
              {row.provider !== 'builtin' ? ` (decided by ${row.provider})` : ''}.
            </p>
          )}
        </div>
        <Details
          rows={{
            Player: (
              <Link to={`/players/${row.player_id}`} className="text-accent-300 hover:underline">
                {row.player_name} · {row.player_email}
              </Link>
            ),
            Verification: <span className="font-mono break-all text-fg-muted">{row.id}</span>,
            Document: row.document_type ? DOCUMENT_TYPE[row.document_type] : '—',
            Provider: row.provider,
            Submitted: formatDateTime(row.submitted_at),
            Reviewed: row.reviewed_at ? formatDateTime(row.reviewed_at) : '—',
            ...(row.reason ? { Reason: row.reason } : {}),
          }}
        />
        {decidable &&
          (rejecting ? (
            <div className="flex flex-col gap-2 rounded-lg border border-ink-700 bg-ink-850 p-3">
              <TextArea
                label="Reason shown to the player"
                value={reason}
                maxLength={500}
                error={reasonError}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(undefined);
                }}
              />
              <div className="flex flex-wrap gap-1.5">
                {REASONS.map((text) => (
                  <button
                    key={text}
                    type="button"
                    onClick={() => {
                      setReason(text);
                      setReasonError(undefined);
                    }}
                    className="rounded border border-ink-600 px-2 py-1 text-left text-[12px] text-fg-muted hover:border-ink-500 hover:text-fg"
                  >
                    {text}
                  </button>
                ))}
              </div>
              <div className="flex justify-end gap-2">
                <Button variant="ghost" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
                <Button variant="danger" loading={decide.isPending} onClick={() => run('reject')}>
                  Reject
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex justify-end gap-2 border-t border-ink-700 pt-3">
              <Button variant="danger" onClick={() => setRejecting(true)}>
                Reject…
              </Button>
              <Button variant="primary" loading={decide.isPending} onClick={() => run('approve')}>
                Approve
              </Button>
            </div>
          ))}
      </div>
    </Card>
  );
}

function DocumentView({ verification, document }: { verification: string; document: KycDocument }) {
  const file = useDocumentFile(verification, document);
  const [zoomed, setZoomed] = useState(false);
  const label = document.kind === 'selfie' ? 'Selfie' : 'ID document';
  const size = `${(document.size_bytes / 1024).toFixed(0)} KB`;
  const download = () => {
    if (!file.data) return;
    const url = URL.createObjectURL(file.data.blob);
    const anchor = window.document.createElement('a');
    anchor.href = url;
    anchor.download = `${verification}-${document.kind}.pdf`;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <figure className="flex flex-col overflow-hidden rounded-lg border border-ink-700 bg-ink-950">
      <div className="relative flex aspect-[4/3] items-center justify-center">
        {file.isPending ? (
          <Spinner />
        ) : file.isError ? (
          <p className="px-3 text-center text-[13px] text-negative">{errorMessage(file.error)}</p>
        ) : file.data.dataUrl ? (
          <button
            type="button"
            title="Show at full size"
            onClick={() => setZoomed(true)}
            className="relative size-full cursor-zoom-in"
          >
            <img
              src={file.data.dataUrl}
              alt={label}
              className="absolute inset-0 size-full object-contain"
              data-testid={`kyc-${document.kind}`}
            />
          </button>
        ) : (
          <Button onClick={download}>Download PDF</Button>
        )}
      </div>
      {zoomed && file.data?.dataUrl && (
        // Full size, to read a document's small print; any click or Escape closes it.
        <button
          type="button"
          aria-label="Close the full-size view"
          onClick={() => setZoomed(false)}
          onKeyDown={(event) => event.key === 'Escape' && setZoomed(false)}
          className="fixed inset-0 z-50 flex cursor-zoom-out items-center justify-center bg-black/85 p-4"
        >
          <img src={file.data.dataUrl} alt={label} className="max-h-full max-w-full" />
        </button>
      )}
      <figcaption className="flex items-center justify-between gap-2 border-t border-ink-700 px-2.5 py-1.5 text-[12px]">
        <span className="font-medium text-fg">{label}</span>
        <span className="text-fg-subtle">
          {document.mime.replace(/^(image|application)\//, '').toUpperCase()} · {size}
        </span>
      </figcaption>
    </figure>
  );
}
