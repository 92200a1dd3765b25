import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney, relativeTime } from '../../lib/format.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { type Alert, type AlertStatus, RULES, type Rule, STATUS_TONE, windowLabel } from './api.ts';

type Filter = 'active' | AlertStatus | 'all';
const FILTERS: Array<{ id: Filter; label: string }> = [
  { id: 'active', label: 'Active' },
  { id: 'open', label: 'Open' },
  { id: 'investigating', label: 'Investigating' },
  { id: 'cleared', label: 'Cleared' },
  { id: 'reported', label: 'Reported' },
  { id: 'all', label: 'All' },
];

const DEFAULTS = { tab: 'alerts', status: 'active' };

/** AML monitoring: the alerts queue (each alert a case) and the rules that raise them. */
export function CompliancePage() {
  const [state, setState] = useUrlState(DEFAULTS);
  const { can } = useAuth();
  const client = useQueryClient();
  const sweep = useMutation({
    mutationFn: () => api<{ players: number }>('/compliance/sweep', { method: 'POST' }),
    onSuccess: (result) => {
      toast.success(`Rules run over ${result.data.players} active player(s)`);
      void client.invalidateQueries({ queryKey: ['compliance'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <>
      <PageHeader
        title="Compliance"
        subtitle="AML and risk monitoring: rules raise alerts with their evidence; work each case to cleared or reported. Every action is audited."
        actions={
          can('compliance.rules') && (
            <Button loading={sweep.isPending} onClick={() => sweep.mutate()}>
              Run rules now
            </Button>
          )
        }
      />
      <Tabs
        tabs={[
          { id: 'alerts', label: 'Alerts' },
          { id: 'rules', label: 'Rules' },
        ]}
        value={state.tab as 'alerts' | 'rules'}
        onChange={(tab) => setState({ tab })}
      />
      <div className="mt-4">
        {state.tab === 'rules' ? (
          <RulesTab />
        ) : (
          <AlertsTab filter={state.status as Filter} onFilter={(status) => setState({ status })} />
        )}
      </div>
    </>
  );
}

function AlertsTab({ filter, onFilter }: { filter: Filter; onFilter: (f: Filter) => void }) {
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['compliance', 'alerts', filter],
    queryFn: async () =>
      (
        await api<{ counts: Partial<Record<AlertStatus, number>>; alerts: Alert[] }>(
          '/compliance/alerts',
          { query: { limit: 100, status: filter === 'all' ? undefined : filter } },
        )
      ).data,
    refetchInterval: 30_000,
  });
  const counts = list.data?.counts ?? {};
  const countOf = (f: Filter) =>
    f === 'all'
      ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0)
      : f === 'active'
        ? (counts.open ?? 0) + (counts.investigating ?? 0)
        : (counts[f] ?? 0);
  const columns: Column<Alert>[] = [
    {
      key: 'id',
      header: 'Case',
      render: (row) => <span className="font-mono text-fg-muted">#{row.id}</span>,
    },
    {
      key: 'rule',
      header: 'Rule',
      render: (row) => <span className="font-medium">{RULES[row.rule_code].name}</span>,
    },
    { key: 'player', header: 'Player', render: (row) => row.username ?? row.player_id },
    {
      key: 'summary',
      header: 'What was seen',
      render: (row) => <span className="line-clamp-2 text-fg-muted">{row.summary}</span>,
      className: 'max-w-[28rem]',
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>,
    },
    {
      key: 'raised',
      header: 'Raised',
      render: (row) => (
        <span title={formatDateTime(row.created_at)}>{relativeTime(row.created_at)}</span>
      ),
    },
  ];
  return (
    <>
      <fieldset className="mb-3 flex flex-wrap gap-1.5" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter === f.id}
            onClick={() => onFilter(f.id)}
            className={
              filter === f.id
                ? 'flex h-7 items-center gap-1.5 rounded-full bg-accent-500/15 px-3 text-xs font-semibold text-accent-300 ring-1 ring-accent-500/40'
                : 'flex h-7 items-center gap-1.5 rounded-full bg-ink-800 px-3 text-xs font-medium text-fg-muted hover:text-fg'
            }
          >
            {f.label}
            <span className="tabular-nums opacity-80">{countOf(f.id)}</span>
          </button>
        ))}
      </fieldset>
      <DataTable
        label="Compliance alerts"
        columns={columns}
        rows={list.data?.alerts ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        onOpen={(row) => navigate(`/compliance/alerts/${row.id}`)}
        empty="No alerts here. The rules run on every credited deposit and every minute over new activity."
      />
    </>
  );
}

function RulesTab() {
  const { can } = useAuth();
  const [editing, setEditing] = useState<Rule | null>(null);
  const rules = useQuery({
    queryKey: ['compliance', 'rules'],
    queryFn: async () => (await api<Rule[]>('/compliance/rules')).data,
  });
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-2">
        {[...(rules.data ?? [])]
          .sort((a, b) => Object.keys(RULES).indexOf(a.code) - Object.keys(RULES).indexOf(b.code))
          .map((rule) => {
            const meta = RULES[rule.code];
            const thresholds = Object.entries(rule.thresholds);
            return (
              <Card
                key={rule.code}
                title={
                  <span className="flex items-center gap-2">
                    {meta.name}
                    <Badge tone={rule.enabled ? 'positive' : 'neutral'}>
                      {rule.enabled ? 'on' : 'off'}
                    </Badge>
                  </span>
                }
                actions={
                  can('compliance.rules') && (
                    <Button size="xs" variant="outline" onClick={() => setEditing(rule)}>
                      Edit
                    </Button>
                  )
                }
              >
                <p className="text-[13px] text-fg-muted">{meta.explain}</p>
                <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-[13px]">
                  <div>
                    <dt className="text-[11px] tracking-wide text-fg-subtle uppercase">Window</dt>
                    <dd className="tabular-nums">{windowLabel(rule.window_minutes)}</dd>
                  </div>
                  {meta.count && (
                    <div>
                      <dt className="text-[11px] tracking-wide text-fg-subtle uppercase">
                        {meta.count}
                      </dt>
                      <dd className="tabular-nums">≥ {rule.min_count}</dd>
                    </div>
                  )}
                  {meta.percent && (
                    <div>
                      <dt className="text-[11px] tracking-wide text-fg-subtle uppercase">
                        {meta.percent}
                      </dt>
                      <dd className="tabular-nums">{rule.percent} %</dd>
                    </div>
                  )}
                </dl>
                {meta.thresholds && (
                  <div className="mt-3">
                    <p className="text-[11px] tracking-wide text-fg-subtle uppercase">
                      {meta.thresholds}, per currency
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      {thresholds.length === 0 && <span className="text-fg-subtle">none set</span>}
                      {thresholds.map(([currency, amount]) => (
                        <span
                          key={currency}
                          className="rounded bg-ink-800 px-2 py-0.5 font-mono text-xs tabular-nums"
                        >
                          {formatMoney(amount, currency)}
                        </span>
                      ))}
                    </div>
                  </div>
                )}
                <p className="mt-3 text-[11px] text-fg-subtle">
                  Changed {formatDateTime(rule.updated_at)}
                </p>
              </Card>
            );
          })}
      </div>
      {editing && <RuleDialog rule={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function RuleDialog({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const client = useQueryClient();
  const meta = RULES[rule.code];
  const [enabled, setEnabled] = useState(rule.enabled);
  const [window, setWindow] = useState(String(rule.window_minutes));
  const [count, setCount] = useState(String(rule.min_count));
  const [percent, setPercent] = useState(String(rule.percent));
  const [thresholds, setThresholds] = useState<Record<string, string>>(rule.thresholds);
  const [newCurrency, setNewCurrency] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api<Rule>(`/compliance/rules/${rule.code}`, {
        method: 'PUT',
        json: {
          enabled,
          window_minutes: Number(window),
          ...(meta.count ? { min_count: Number(count) } : {}),
          ...(meta.percent ? { percent: Number(percent) } : {}),
          ...(meta.thresholds ? { thresholds } : {}),
        },
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['compliance', 'rules'] });
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={`Rule: ${meta.name}`}
      description={meta.explain}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={() => save.mutate()}
            data-testid="save-rule"
          >
            Save rule
          </Button>
        </>
      }
    >
      <label className="mb-3 flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          className="size-4 accent-accent-500"
        />
        Rule is on
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Window (minutes)"
          inputMode="numeric"
          value={window}
          hint={Number(window) > 0 ? windowLabel(Number(window)) : undefined}
          onChange={(event) => setWindow(event.target.value)}
        />
        {meta.count && (
          <TextField
            label={meta.count}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        )}
        {meta.percent && (
          <TextField
            label={meta.percent}
            inputMode="numeric"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        )}
      </div>
      {meta.thresholds && (
        <div className="mt-4">
          <p className="mb-2 text-[13px] font-medium">{meta.thresholds}, per currency</p>
          <div className="grid gap-2 sm:grid-cols-4">
            {Object.entries(thresholds).map(([currency, amount]) => (
              <TextField
                key={currency}
                label={currency}
                inputMode="decimal"
                value={amount}
                onChange={(event) =>
                  setThresholds({ ...thresholds, [currency]: event.target.value })
                }
              />
            ))}
          </div>
          <div className="mt-2 flex items-end gap-2">
            <TextField
              label="Add currency"
              maxLength={5}
              value={newCurrency}
              placeholder="USD"
              onChange={(event) => setNewCurrency(event.target.value.toUpperCase())}
            />
            <Button
              size="sm"
              variant="outline"
              disabled={!/^[A-Z]{3,5}$/.test(newCurrency) || newCurrency in thresholds}
              onClick={() => {
                setThresholds({ ...thresholds, [newCurrency]: '' });
                setNewCurrency('');
              }}
            >
              Add
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
