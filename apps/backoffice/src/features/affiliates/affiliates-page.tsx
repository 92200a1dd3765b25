import type { AdminCurrency } from '@casino/contracts';
import { formatAmount } from '@casino/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, groupDigits, isNegative } from '../../lib/format.ts';

type Ngr = {
  currency: string;
  total_minor: string;
  month_minor: string;
  month_commission_minor: string;
};
type Figures = { first_deposits: number; ngr: Ngr[] };
type Campaign = Figures & { code: string; name: string; clicks: number; signups: number };
type Affiliate = Figures & {
  player_id: string;
  username: string;
  referral_code: string;
  campaigns: Campaign[];
  signups: number;
  commissions: Array<{
    period: string;
    currency: string;
    ngr_minor: string;
    commission_minor: string;
    paid: boolean;
  }>;
  adjustments: Array<{
    id: string;
    currency: string;
    amount_minor: string;
    reason: string;
    staff_id: string;
    created_at: string;
  }>;
};
type Program = { revenue_share_percent: string; negative_carryover: boolean; updated_at: string };

function useScale() {
  const currencies = useQuery({
    queryKey: ['settings', 'currencies'],
    queryFn: async () => (await api<AdminCurrency[]>('/currencies')).data,
  });
  return (minor: string, currency: string) => {
    const scale = currencies.data?.find((c) => c.code === currency)?.scale ?? 2;
    return `${groupDigits(formatAmount(BigInt(minor), scale))} ${currency}`;
  };
}

function MoneyList({ rows, pick }: { rows: Ngr[]; pick: (row: Ngr) => string }) {
  const money = useScale();
  if (rows.length === 0) return <span className="text-fg-muted">—</span>;
  return (
    <span className="flex flex-col tabular-nums">
      {rows.map((row) => (
        <span key={row.currency} className={isNegative(pick(row)) ? 'text-negative' : undefined}>
          {money(pick(row), row.currency)}
        </span>
      ))}
    </span>
  );
}

/**
 * The affiliate programme: its terms, every affiliate with their campaigns' clicks, sign-ups,
 * first deposits and NGR, the monthly commissions, and manual adjustments (audited).
 */
export function AffiliatesPage() {
  const { can } = useAuth();
  const list = useQuery({
    queryKey: ['affiliates'],
    queryFn: async () => (await api<Affiliate[]>('/affiliates')).data,
  });
  const [open, setOpen] = useState<Affiliate | null>(null);
  const columns: Column<Affiliate>[] = [
    {
      key: 'username',
      header: 'Affiliate',
      render: (row) => (
        <span className="flex flex-col">
          <span className="font-semibold">{row.username}</span>
          <span className="font-mono text-xs text-fg-muted">{row.referral_code}</span>
        </span>
      ),
    },
    { key: 'campaigns', header: 'Campaigns', render: (row) => row.campaigns.length },
    {
      key: 'clicks',
      header: 'Clicks',
      render: (row) => row.campaigns.reduce((sum, c) => sum + c.clicks, 0),
    },
    { key: 'signups', header: 'Sign-ups', render: (row) => row.signups },
    { key: 'ftd', header: 'FTDs', render: (row) => row.first_deposits },
    {
      key: 'ngr',
      header: 'NGR this month',
      render: (row) => <MoneyList rows={row.ngr} pick={(n) => n.month_minor} />,
    },
    {
      key: 'commission',
      header: 'Commission so far',
      render: (row) => <MoneyList rows={row.ngr} pick={(n) => n.month_commission_minor} />,
    },
  ];
  return (
    <>
      <PageHeader
        title="Affiliates"
        subtitle="Players who bring players: campaigns, sign-ups, first deposits (FTDs) and net gaming revenue (stakes − wins − converted bonuses). Commissions are paid monthly by the scheduled job."
      />
      <ProgramCard editable={can('affiliates.write')} />
      <DataTable
        label="Affiliates"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.player_id}
        loading={list.isFetching}
        onOpen={setOpen}
        empty="No affiliate has brought a player yet"
      />
      {open && (
        <AffiliateDialog
          affiliate={list.data?.find((a) => a.player_id === open.player_id) ?? open}
          editable={can('affiliates.write')}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function ProgramCard({ editable }: { editable: boolean }) {
  const client = useQueryClient();
  const program = useQuery({
    queryKey: ['affiliates', 'program'],
    queryFn: async () => (await api<Program>('/affiliates/program')).data,
  });
  const [share, setShare] = useState<string | null>(null);
  const [carry, setCarry] = useState<boolean | null>(null);
  const [period, setPeriod] = useState(() => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 7);
  });
  const save = useMutation({
    mutationFn: () =>
      api<Program>('/affiliates/program', {
        method: 'PATCH',
        json: {
          revenue_share_percent: (share ?? program.data?.revenue_share_percent ?? '').trim(),
          negative_carryover: carry ?? program.data?.negative_carryover ?? false,
        },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      setShare(null);
      setCarry(null);
      void client.invalidateQueries({ queryKey: ['affiliates'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const run = useMutation({
    mutationFn: () =>
      api<{ recorded: number; paid: number }>('/affiliates/commissions/run', {
        method: 'POST',
        json: { period },
      }),
    onSuccess: (result) => {
      toast.success(
        `${result.message}: ${result.data.recorded} recorded, ${result.data.paid} paid`,
      );
      void client.invalidateQueries({ queryKey: ['affiliates'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!program.data) return null;
  return (
    <Card className="mb-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-56">
          <TextField
            label="Revenue share %"
            inputMode="decimal"
            disabled={!editable}
            value={share ?? program.data.revenue_share_percent}
            hint={`Changed ${formatDateTime(program.data.updated_at)}`}
            onChange={(event) => setShare(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            disabled={!editable}
            checked={carry ?? program.data.negative_carryover}
            onChange={(event) => setCarry(event.target.checked)}
          />
          Carry negative NGR into later months
        </label>
        {editable && (
          <Button
            variant="primary"
            loading={save.isPending}
            disabled={share === null && carry === null}
            onClick={() => save.mutate()}
          >
            Save terms
          </Button>
        )}
        {editable && (
          <div className="ml-auto flex items-end gap-2">
            <div className="w-32">
              <TextField
                label="Month"
                value={period}
                maxLength={7}
                onChange={(event) => setPeriod(event.target.value)}
              />
            </div>
            <Button loading={run.isPending} onClick={() => run.mutate()}>
              Run commissions
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function AffiliateDialog({
  affiliate,
  editable,
  onClose,
}: {
  affiliate: Affiliate;
  editable: boolean;
  onClose: () => void;
}) {
  const money = useScale();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One id per form: a double click or a retry after a timeout books one adjustment.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const adjust = useMutation({
    mutationFn: () =>
      api<{ id: string; duplicate: boolean }>(`/affiliates/${affiliate.player_id}/adjustments`, {
        method: 'POST',
        json: { amount: amount.trim(), reason: reason.trim(), request_id: requestId },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      setAmount('');
      setReason('');
      setRequestId(crypto.randomUUID());
      void client.invalidateQueries({ queryKey: ['affiliates'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const campaignColumns: Column<Campaign>[] = [
    {
      key: 'name',
      header: 'Campaign',
      render: (row) => (
        <span className="flex flex-col">
          <span>{row.name}</span>
          <span className="font-mono text-xs text-fg-muted">?c={row.code}</span>
        </span>
      ),
    },
    { key: 'clicks', header: 'Clicks', render: (row) => row.clicks },
    { key: 'signups', header: 'Sign-ups', render: (row) => row.signups },
    { key: 'ftd', header: 'FTDs', render: (row) => row.first_deposits },
    {
      key: 'ngr',
      header: 'NGR (all time)',
      render: (row) => <MoneyList rows={row.ngr} pick={(n) => n.total_minor} />,
    },
    {
      key: 'commission',
      header: 'Commission this month',
      render: (row) => <MoneyList rows={row.ngr} pick={(n) => n.month_commission_minor} />,
    },
  ];
  return (
    <Modal
      open
      onClose={onClose}
      wide
      title={`Affiliate ${affiliate.username}`}
      description={`Referral code ${affiliate.referral_code} · ${affiliate.signups} sign-ups · ${affiliate.first_deposits} first deposits`}
    >
      <h3 className="mb-2 text-sm font-semibold">Campaigns</h3>
      <DataTable
        label="Campaigns"
        columns={campaignColumns}
        rows={affiliate.campaigns}
        rowKey={(row) => row.code}
        empty="Only the referral link so far"
      />
      <h3 className="mt-5 mb-2 text-sm font-semibold">Commissions</h3>
      {affiliate.commissions.length === 0 ? (
        <p className="text-sm text-fg-muted">No month calculated yet.</p>
      ) : (
        <ul className="divide-y divide-ink-700 text-sm">
          {affiliate.commissions.map((c) => (
            <li key={`${c.period}-${c.currency}`} className="flex items-center gap-4 py-2">
              <span className="w-20 font-mono">{c.period}</span>
              <span className="flex-1 tabular-nums">NGR {money(c.ngr_minor, c.currency)}</span>
              <span className="tabular-nums font-semibold">
                {money(c.commission_minor, c.currency)}
              </span>
              <Badge tone={c.paid ? 'positive' : 'warning'}>{c.paid ? 'paid' : 'unpaid'}</Badge>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-5 mb-2 text-sm font-semibold">Manual adjustments</h3>
      {affiliate.adjustments.length > 0 && (
        <ul className="mb-3 divide-y divide-ink-700 text-sm">
          {affiliate.adjustments.map((a) => (
            <li key={a.id} className="flex items-center gap-4 py-2">
              <span className="w-40 text-fg-muted">{formatDateTime(a.created_at)}</span>
              <span className="flex-1">{a.reason}</span>
              <span
                className={`tabular-nums font-semibold ${isNegative(a.amount_minor) ? 'text-negative' : ''}`}
              >
                {money(a.amount_minor, a.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="grid items-end gap-3 sm:grid-cols-[10rem_1fr_auto]">
          <TextField
            label="Amount (− to claw back)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label="Reason (audited)"
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            variant="primary"
            loading={adjust.isPending}
            disabled={!amount.trim() || reason.trim().length < 3}
            onClick={() => adjust.mutate()}
          >
            Book adjustment
          </Button>
        </div>
      )}
    </Modal>
  );
}
