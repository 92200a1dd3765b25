import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '../../components/badge.tsx';
import { Card, Details } from '../../components/card.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';

type Periods = { daily: string | null; weekly: string | null; monthly: string | null };
type Protection = {
  currency: string | null;
  limits: Periods;
  loss_limits: Periods;
  wager_limits: Periods;
  session_limit_minutes: number | null;
  reality_check_minutes: number | null;
  marketing_opt_out: boolean;
  pending: { effective_at: string; limits: Record<string, string | null> } | null;
  timeout_until: string | null;
  self_excluded: boolean;
  self_excluded_until: string | null;
  self_excluded_permanent: boolean;
  jurisdiction: { country: string | null; policy: string; real_money: boolean };
  test_account: boolean;
  history: Array<{ actor: string; change: string; at: string }>;
};
type Compliance = {
  withdrawals_frozen: boolean;
  frozen_since: string | null;
  frozen_reason: string | null;
  source_of_funds: Array<{ id: string; status: string; message: string; response: string | null }>;
  alerts: Array<{ id: string; rule_code: string; status: string; summary: string }>;
};

const PERIODS = ['daily', 'weekly', 'monthly'] as const;

/**
 * A player's responsible-gaming limits, exclusions and their history (read-only: limits are the
 * player's own; nobody can shorten a time-out or a self-exclusion), and the compliance state.
 */
export function ProtectionTab({ id }: { id: string }) {
  const { can } = useAuth();
  const protection = useQuery({
    queryKey: ['player', id, 'protection'],
    queryFn: async () => (await api<Protection>(`/players/${id}/protection`)).data,
  });
  const compliance = useQuery({
    queryKey: ['compliance', 'player', id],
    queryFn: async () => (await api<Compliance>(`/compliance/players/${id}`)).data,
    enabled: can('compliance.read'),
  });
  if (protection.isLoading)
    return (
      <div className="flex h-40 items-center justify-center text-fg-muted">
        <Spinner />
      </div>
    );
  if (!protection.data) return <p className="text-fg-muted">{errorMessage(protection.error)}</p>;
  const p = protection.data;
  const money = (value: string | null) =>
    value === null ? (
      <span className="text-fg-subtle">none</span>
    ) : (
      formatMoney(value, p.currency ?? '')
    );
  const excluded = p.self_excluded_permanent
    ? 'permanent'
    : p.self_excluded && p.self_excluded_until
      ? `until ${formatDateTime(p.self_excluded_until)}`
      : null;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_380px]">
      <div className="grid min-w-0 content-start gap-4">
        <Card title="Limits" padded={false}>
          <div className="overflow-x-auto">
            <table className="w-full text-[13px]" aria-label="Limits">
              <thead>
                <tr className="border-b border-ink-700 bg-ink-850 text-left text-[11px] tracking-wide text-fg-subtle uppercase">
                  <th className="px-3.5 py-2 font-medium">Limit</th>
                  {PERIODS.map((period) => (
                    <th key={period} className="px-3.5 py-2 text-right font-medium">
                      {period}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    ['Deposit', p.limits],
                    ['Loss', p.loss_limits],
                    ['Wager', p.wager_limits],
                  ] as const
                ).map(([label, limits]) => (
                  <tr key={label} className="border-b border-ink-800 last:border-0">
                    <td className="px-3.5 py-2 font-medium">{label}</td>
                    {PERIODS.map((period) => (
                      <td key={period} className="px-3.5 py-2 text-right tabular-nums">
                        {money(limits[period])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="border-t border-ink-700 p-3.5">
            <Details
              rows={{
                'Session limit': p.session_limit_minutes
                  ? `${p.session_limit_minutes} min`
                  : 'none',
                'Reality check': p.reality_check_minutes
                  ? `every ${p.reality_check_minutes} min`
                  : 'off',
                ...(p.pending
                  ? {
                      [`Pending (from ${formatDateTime(p.pending.effective_at)})`]: Object.entries(
                        p.pending.limits,
                      )
                        .map(([key, value]) => `${key.replace('_', ' ')}: ${value ?? 'none'}`)
                        .join(', '),
                    }
                  : {}),
              }}
            />
          </div>
        </Card>
        <Card title={`History (${p.history.length})`}>
          {p.history.length === 0 ? (
            <p className="text-[13px] text-fg-subtle">No changes yet.</p>
          ) : (
            <ol className="grid gap-2 text-[13px]">
              {p.history.map((entry) => (
                <li
                  key={`${entry.at}-${entry.change}`}
                  className="grid grid-cols-[150px_70px_1fr] gap-2 max-sm:grid-cols-1"
                >
                  <span className="text-fg-subtle tabular-nums">{formatDateTime(entry.at)}</span>
                  <Badge tone={entry.actor === 'staff' ? 'accent' : 'neutral'}>{entry.actor}</Badge>
                  <span>{entry.change}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <div className="grid content-start gap-4">
        <Card title="Exclusions">
          <Details
            rows={{
              'Self-exclusion': excluded ? <Badge tone="negative">{excluded}</Badge> : 'none',
              'Time-out': p.timeout_until ? (
                <Badge tone="warning">until {formatDateTime(p.timeout_until)}</Badge>
              ) : (
                'none'
              ),
              Marketing: p.marketing_opt_out || excluded ? 'not allowed' : 'allowed',
              Jurisdiction: `${p.jurisdiction.country ?? 'unknown'} · ${p.jurisdiction.policy.replace('_', ' ')}`,
              'Test account': p.test_account ? 'yes' : 'no',
            }}
          />
          <p className="mt-3 text-[12px] text-fg-subtle">
            Time-outs and self-exclusions are the player’s own and cannot be shortened, by anyone.
          </p>
        </Card>
        {compliance.data && (
          <Card title="Compliance">
            <Details
              rows={{
                Withdrawals: compliance.data.withdrawals_frozen ? (
                  <Badge tone="negative">frozen</Badge>
                ) : (
                  <Badge tone="positive">open</Badge>
                ),
                ...(compliance.data.withdrawals_frozen
                  ? { 'Frozen because': compliance.data.frozen_reason }
                  : {}),
                'Source of funds': compliance.data.source_of_funds[0]?.status ?? 'not requested',
              }}
            />
            {compliance.data.alerts.length > 0 && (
              <ul className="mt-3 grid gap-1.5 text-[13px]">
                {compliance.data.alerts.map((alert) => (
                  <li key={alert.id} className="flex items-start justify-between gap-2">
                    <Link
                      to={`/compliance/alerts/${alert.id}`}
                      className="text-accent-300 hover:underline"
                    >
                      #{alert.id} {alert.rule_code.replaceAll('_', ' ')}
                    </Link>
                    <Badge tone={alert.status === 'reported' ? 'negative' : 'neutral'}>
                      {alert.status}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
