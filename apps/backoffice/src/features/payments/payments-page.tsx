import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge, type Tone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Details, PageHeader } from '../../components/card.tsx';
import { cn } from '../../components/cn.ts';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import {
  type CryptoWithdrawal,
  type DeskAction,
  useCryptoWithdrawals,
  useDeskAction,
  useFilterChoices,
  usePayment,
  usePayments,
  useQueueCounts,
} from './api.ts';
import { type DeskRow, filterCrypto, fromCrypto, fromPayment } from './desk-rows.ts';

type Rail = 'deposit' | 'withdrawal' | 'crypto';

const DEFAULTS = {
  rail: 'withdrawal',
  status: 'pending,approved',
  currency: '',
  gateway_id: '',
  q: '',
  from: '',
  to: '',
  page: '1',
  per_page: '25',
};

/** Per rail: the status choices, the first being the queue to work ("needs action"). */
const STATUS_CHOICES: Record<Rail, Array<[value: string, label: string]>> = {
  deposit: [
    ['pending,crediting', 'Open: pending, crediting'],
    ['', 'All statuses'],
    ['pending', 'Pending'],
    ['crediting', 'Crediting'],
    ['credited', 'Credited'],
    ['declined', 'Declined'],
    ['abandoned', 'Abandoned'],
    ['expired', 'Expired'],
  ],
  withdrawal: [
    ['pending,approved', 'Needs action'],
    ['', 'All statuses'],
    ['pending', 'Pending'],
    ['approved', 'Approved, to pay'],
    ['paid', 'Paid'],
    ['rejected', 'Rejected'],
    ['cancelled', 'Cancelled'],
  ],
  crypto: [
    ['pending,approved', 'Needs action'],
    ['', 'All statuses'],
    ['pending', 'Pending'],
    ['approved', 'Approved, to pay'],
    ['paid', 'Paid'],
    ['rejected', 'Rejected'],
    ['cancelled', 'Cancelled'],
  ],
};

/** The wallet form's field names (spec §3) as the desk labels them. */
const DETAIL_LABELS: Record<string, string> = {
  bank_name: 'Bank',
  acc_name: 'Account name',
  acc_number: 'Account number',
  network: 'Network',
  account_holder_name: 'Account holder',
  account_number: 'Account number',
  ifsc_code: 'IFSC',
  upi_id: 'UPI id',
};

const TONES: Record<string, Tone> = {
  pending: 'warning',
  crediting: 'warning',
  approved: 'accent',
  credited: 'positive',
  paid: 'positive',
  declined: 'negative',
  rejected: 'negative',
  abandoned: 'neutral',
  expired: 'neutral',
  cancelled: 'neutral',
};

function PaymentStatus({ row }: { row: Pick<DeskRow, 'status' | 'approvals' | 'rail'> }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Badge tone={TONES[row.status] ?? 'neutral'}>{row.status}</Badge>
      {row.rail === 'fiat' && row.status === 'pending' && row.approvals > 0 && (
        <span className="text-[11px] font-medium text-accent-300" title="Four eyes">
          1 of 2
        </span>
      )}
    </span>
  );
}

/**
 * The payments desk: fiat / INR deposits and withdrawals and crypto withdrawals in one place,
 * filtered in the URL; a row opens its detail with the webhook deliveries and the actions the
 * role allows (approve, reject with a reason, mark paid with the payout reference and UTR).
 */
export function PaymentsPage() {
  const { can } = useAuth();
  const [state, update] = useUrlState(DEFAULTS);
  const rail = (
    ['deposit', 'withdrawal', 'crypto'].includes(state.rail) ? state.rail : 'withdrawal'
  ) as Rail;
  const counts = useQueueCounts();
  const settings = can('settings.read');
  const { currencies, gateways } = useFilterChoices(settings);
  const statuses = state.status ? state.status.split(',') : [];
  const fiat = usePayments(
    {
      direction: rail === 'crypto' ? 'withdrawal' : rail,
      status: state.status || undefined,
      currency: state.currency || undefined,
      gateway_id: state.gateway_id || undefined,
      q: state.q || undefined,
      from: state.from || undefined,
      to: state.to || undefined,
      page: state.page,
      per_page: state.per_page,
    },
    rail !== 'crypto',
  );
  // One status goes to the server; a list is filtered here (the crypto API takes one).
  const crypto = useCryptoWithdrawals(statuses.length === 1 ? statuses[0]! : '', rail === 'crypto');
  const search = useDebounced((q: string) => update({ q }));
  const [open, setOpen] = useState<DeskRow | null>(null);

  const page = Number(state.page);
  const perPage = Number(state.per_page);
  let rows: DeskRow[];
  let total: number;
  let cryptoRows: CryptoWithdrawal[] = [];
  if (rail === 'crypto') {
    cryptoRows = filterCrypto(crypto.data ?? [], { ...state, statuses });
    total = cryptoRows.length;
    rows = cryptoRows.slice((page - 1) * perPage, page * perPage).map(fromCrypto);
  } else {
    rows = (fiat.data?.items ?? []).map(fromPayment);
    total = fiat.data?.total ?? 0;
  }

  const columns: Column<DeskRow>[] = [
    {
      key: 'id',
      header: 'Payment',
      render: (row) => <span className="font-mono text-fg-muted">{row.id}</span>,
    },
    { key: 'created_at', header: 'Requested', render: (row) => formatDateTime(row.created_at) },
    {
      key: 'player',
      header: 'Player',
      render: (row) => (
        <Link to={`/players/${row.player_id}`} className="text-accent-300 hover:underline">
          #{row.player_id}
        </Link>
      ),
    },
    { key: 'method', header: 'Method', render: (row) => row.method },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (row) => <span className="font-medium">{formatMoney(row.amount, row.currency)}</span>,
    },
    {
      key: 'fee',
      header: 'Fee',
      align: 'right',
      render: (row) =>
        row.fee === null ? (
          <span className="text-fg-subtle">—</span>
        ) : (
          formatMoney(row.fee, row.currency)
        ),
    },
    {
      key: 'reference',
      header: 'Reference',
      className: 'max-w-48 truncate font-mono text-fg-muted',
      render: (row) => row.reference ?? <span className="text-fg-subtle">—</span>,
    },
    { key: 'status', header: 'Status', render: (row) => <PaymentStatus row={row} /> },
  ];

  const pending = counts.data;
  return (
    <>
      <PageHeader
        title="Payments desk"
        subtitle="Deposits and withdrawals on every rail. Withdrawals above a currency’s threshold need two different approvers; every action is audited."
      />
      <div className="mb-3">
        <Tabs<Rail>
          value={rail}
          onChange={(next) =>
            update({ rail: next, status: STATUS_CHOICES[next][0]![0], gateway_id: '' })
          }
          tabs={[
            { id: 'withdrawal', label: 'Withdrawals', count: pending?.withdrawals_pending },
            { id: 'deposit', label: 'Deposits', count: pending?.deposits_pending },
            {
              id: 'crypto',
              label: 'Crypto withdrawals',
              count:
                rail === 'crypto'
                  ? (crypto.data ?? []).filter((r) => r.status === 'pending').length
                  : undefined,
            },
          ]}
        />
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <SearchBox
          className="w-full sm:w-60"
          placeholder={
            rail === 'crypto' ? 'Id, player, address, tx hash' : 'Id, player, reference, UTR'
          }
          aria-label="Search payments"
          defaultValue={state.q}
          onChange={(event) => search(event.currentTarget.value.trim())}
        />
        <SelectField
          aria-label="Status"
          value={state.status}
          onChange={(event) => update({ status: event.target.value })}
          className="w-52"
        >
          {STATUS_CHOICES[rail].map(([value, label]) => (
            <option key={value || 'all'} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {settings && currencies.data ? (
          <SelectField
            aria-label="Currency"
            value={state.currency}
            onChange={(event) => update({ currency: event.target.value })}
            className="w-36"
          >
            <option value="">All currencies</option>
            {currencies.data
              .filter((c) => (rail === 'crypto' ? true : !c.is_crypto))
              .map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
          </SelectField>
        ) : (
          <TextField
            aria-label="Currency"
            placeholder="Currency"
            defaultValue={state.currency}
            maxLength={8}
            className="w-28"
            onBlur={(event) => update({ currency: event.currentTarget.value.trim().toUpperCase() })}
          />
        )}
        {rail !== 'crypto' && settings && gateways.data && (
          <SelectField
            aria-label="Gateway"
            value={state.gateway_id}
            onChange={(event) => update({ gateway_id: event.target.value })}
            className="w-40"
          >
            <option value="">All gateways</option>
            {gateways.data.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          type="date"
          aria-label="From"
          value={state.from}
          onChange={(event) => update({ from: event.target.value })}
          className="w-36"
        />
        <span className="pb-1.5 text-xs text-fg-subtle">to</span>
        <TextField
          type="date"
          aria-label="To"
          value={state.to}
          onChange={(event) => update({ to: event.target.value })}
          className="w-36"
        />
      </div>
      <DataTable
        label="Payments"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={rail === 'crypto' ? crypto.isFetching : fiat.isFetching}
        empty={statuses.length > 0 ? 'Nothing waiting: the queue is clear' : 'No payments match'}
        onOpen={setOpen}
        pagination={{
          page,
          per_page: perPage,
          total,
          onPage: (next) => update({ page: String(next) }, { resetPage: false }),
          onPerPage: (next) => update({ per_page: String(next) }),
        }}
      />
      {open && open.rail === 'fiat' && (
        <FiatDetail id={open.id} canAct={can('payments.approve')} onClose={() => setOpen(null)} />
      )}
      {open && open.rail === 'crypto' && (
        <CryptoDetail
          withdrawal={cryptoRows.find((row) => row.tracking_id === open.id)!}
          canAct={can('payments.approve')}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** The actions on a withdrawal in its current state, shared by both rails. */
function Actions({
  id,
  status,
  approvals,
  inr,
  crypto,
  onDone,
}: {
  id: string;
  status: string;
  approvals: number;
  inr: boolean;
  crypto: boolean;
  onDone: () => void;
}) {
  const action = useDeskAction();
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [utr, setUtr] = useState('');
  const [mode, setMode] = useState<'none' | 'reject'>('none');
  const run = (next: DeskAction) =>
    action.mutate(
      { id, action: next },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const busy = (kind: DeskAction['kind']) =>
    action.isPending && action.variables?.action.kind === kind;

  if (status !== 'pending' && status !== 'approved') return null;
  return (
    <section
      className="mt-4 flex flex-col gap-3 rounded-lg border border-ink-700 bg-ink-850 p-3"
      aria-label="Decision"
    >
      {mode === 'reject' ? (
        <>
          <TextArea
            label="Reason (the player sees it)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setMode('none')}>
              Back
            </Button>
            <Button
              variant="danger"
              disabled={!reason.trim()}
              loading={busy('reject')}
              onClick={() => run({ kind: 'reject', reason: reason.trim() })}
            >
              Reject and release the hold
            </Button>
          </div>
        </>
      ) : status === 'pending' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-[13px] text-fg-muted">
            {approvals > 0
              ? 'First approval recorded. A different staff member gives the second.'
              : 'Check the player and the account, then approve or reject.'}
          </p>
          <div className="flex gap-2">
            <Button variant="danger" onClick={() => setMode('reject')}>
              Reject…
            </Button>
            <Button
              variant="primary"
              loading={busy('approve')}
              onClick={() => run({ kind: 'approve' })}
            >
              {approvals > 0 ? 'Second approval' : 'Approve'}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-[13px] text-fg-muted">
            Approved. Send the money, then record the payout{' '}
            {crypto ? 'transaction hash' : 'reference'}: the hold is posted and the fee booked.
          </p>
          <div className={cn('grid gap-2', inr && 'sm:grid-cols-2')}>
            <TextField
              label={crypto ? 'Transaction hash' : 'Provider reference'}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              maxLength={crypto ? 200 : 128}
              spellCheck={false}
            />
            {inr && (
              <TextField
                label="UTR (bank reference)"
                value={utr}
                onChange={(event) => setUtr(event.target.value)}
                maxLength={64}
                spellCheck={false}
              />
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="danger" onClick={() => setMode('reject')}>
              Reject…
            </Button>
            <Button
              variant="primary"
              disabled={!reference.trim()}
              loading={busy('paid')}
              onClick={() =>
                run({
                  kind: 'paid',
                  provider_reference: reference.trim(),
                  utr: utr.trim() || undefined,
                })
              }
            >
              Mark paid
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function FiatDetail({ id, canAct, onClose }: { id: string; canAct: boolean; onClose: () => void }) {
  const { data, isError, error } = usePayment(id);
  const details: Record<string, ReactNode> = {};
  if (data) {
    const fourEyes =
      data.direction === 'withdrawal'
        ? data.status === 'pending'
          ? data.approvals > 0
            ? 'First approval given; a second, different approver is needed'
            : 'No approval yet'
          : `${data.approvals} approval${data.approvals === 1 ? '' : 's'}`
        : null;
    Object.assign(details, {
      Player: (
        <Link to={`/players/${data.player_id}`} className="text-accent-300 hover:underline">
          #{data.player_id}
        </Link>
      ),
      Status: <PaymentStatus row={{ ...data, rail: 'fiat' }} />,
      Amount: <strong>{formatMoney(data.amount, data.currency)}</strong>,
      Fee: `${formatMoney(data.fee, data.currency)} (${data.fee_percent}%)`,
      [data.direction === 'deposit' ? 'Credited to wallet' : 'Paid to the account']: formatMoney(
        data.net_amount,
        data.currency,
      ),
      Method: data.payment_mode
        ? `${data.payment_mode.toUpperCase()} (INR flow)`
        : data.gateway.name,
      ...Object.fromEntries(
        Object.entries(data.details).map(([key, value]) => [DETAIL_LABELS[key] ?? key, value]),
      ),
      Coupon: data.coupon,
      Provider: data.provider,
      'Provider reference': data.provider_reference,
      UTR: data.utr,
      ...(fourEyes ? { 'Four eyes': fourEyes } : {}),
      Reason: data.reason,
      Requested: formatDateTime(data.created_at),
      Updated: formatDateTime(data.updated_at),
      Completed: formatDateTime(data.completed_at),
    });
  }
  return (
    <Modal
      open
      onClose={onClose}
      wide
      title={
        <span>
          {data?.direction === 'deposit' ? 'Deposit' : 'Withdrawal'}{' '}
          <span className="font-mono text-fg-muted">{id}</span>
        </span>
      }
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {isError ? (
        <p className="text-negative">{errorMessage(error)}</p>
      ) : !data ? (
        <p className="text-fg-muted">Loading…</p>
      ) : (
        <>
          <Details rows={details} />
          {data.direction === 'deposit' && (
            <section className="mt-4" aria-label="Webhook deliveries">
              <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                Webhook deliveries ({data.webhooks.length})
              </h3>
              {data.webhooks.length === 0 ? (
                <p className="text-[13px] text-fg-subtle">None received yet.</p>
              ) : (
                <table className="w-full text-[13px]" data-testid="webhooks">
                  <thead>
                    <tr className="text-left text-[11px] tracking-wide text-fg-subtle uppercase">
                      <th className="py-1 font-semibold">Received</th>
                      <th className="py-1 font-semibold">Event</th>
                      <th className="py-1 font-semibold">Outcome</th>
                      <th className="py-1 font-semibold">Event id</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.webhooks.map((hook) => (
                      <tr key={hook.event_id} className="border-t border-ink-800">
                        <td className="py-1 pr-3 whitespace-nowrap">
                          {formatDateTime(hook.received_at)}
                        </td>
                        <td className="py-1 pr-3">{hook.event}</td>
                        <td className="py-1 pr-3">{hook.outcome}</td>
                        <td className="max-w-40 truncate py-1 font-mono text-fg-muted">
                          {hook.event_id}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          )}
          {canAct && data.direction === 'withdrawal' && (
            <Actions
              id={data.id}
              status={data.status}
              approvals={data.approvals}
              inr={data.currency === 'INR'}
              crypto={false}
              onDone={onClose}
            />
          )}
        </>
      )}
    </Modal>
  );
}

function CryptoDetail({
  withdrawal,
  canAct,
  onClose,
}: {
  withdrawal: CryptoWithdrawal;
  canAct: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      wide
      title={
        <span>
          Crypto withdrawal{' '}
          <span className="font-mono text-fg-muted">{withdrawal.tracking_id}</span>
        </span>
      }
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Details
        rows={{
          Player: (
            <Link
              to={`/players/${withdrawal.player_id}`}
              className="text-accent-300 hover:underline"
            >
              #{withdrawal.player_id}
            </Link>
          ),
          Status: <PaymentStatus row={{ ...fromCrypto(withdrawal) }} />,
          Amount: <strong>{formatMoney(withdrawal.amount, withdrawal.currency)}</strong>,
          'To send': `${withdrawal.pay_amount} ${withdrawal.coin} (${withdrawal.network})`,
          Address: <span className="font-mono break-all">{withdrawal.address}</span>,
          'Memo / tag': withdrawal.extra_id,
          'Transaction hash': withdrawal.tx_hash,
          Reason: withdrawal.reason,
          Requested: formatDateTime(withdrawal.created_at),
          Paid: formatDateTime(withdrawal.paid_at),
        }}
      />
      {canAct && (
        <Actions
          id={withdrawal.tracking_id}
          status={withdrawal.status}
          approvals={0}
          inr={false}
          crypto
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
