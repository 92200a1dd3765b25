import {
  type AdminCurrency,
  type AdminPromotion,
  type AdminPromotionInput,
  adminPromotionInput,
} from '@casino/contracts';
import { formatAmount, parseAmount } from '@casino/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/card.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { SelectField, TextArea, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { RiskFlags } from './risk-flags.tsx';
import { SpendingOrderCard } from './spending-order.tsx';

const LANGUAGES = ['en', 'pt', 'bn', 'zh-TW', 'th', 'ms', 'fr', 'es'] as const;

function usePromotions() {
  return useQuery({
    queryKey: ['promotions'],
    queryFn: async () => (await api<AdminPromotion[]>('/promotions')).data,
  });
}

function useCurrencies() {
  return useQuery({
    queryKey: ['settings', 'currencies'],
    queryFn: async () => (await api<AdminCurrency[]>('/currencies')).data,
  });
}

function useSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Partial<AdminPromotionInput> }) =>
      id
        ? api<AdminPromotion>(`/promotions/${id}`, { method: 'PATCH', json: input })
        : api<AdminPromotion>('/promotions', { json: input }),
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: ['promotions'] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

function state(promotion: AdminPromotion): {
  label: string;
  tone: 'positive' | 'warning' | 'neutral';
} {
  const now = Date.now();
  if (!promotion.enabled) return { label: 'off', tone: 'neutral' };
  if (promotion.starts_at && new Date(promotion.starts_at).getTime() > now)
    return { label: 'scheduled', tone: 'warning' };
  if (promotion.ends_at && new Date(promotion.ends_at).getTime() <= now)
    return { label: 'ended', tone: 'neutral' };
  return { label: 'live', tone: 'positive' };
}

function offer(promotion: AdminPromotion): string {
  const eur = (amounts: Record<string, number> | undefined) =>
    amounts?.EUR === undefined ? null : `${formatAmount(BigInt(amounts.EUR), 2)} EUR`;
  if (promotion.kind === 'deposit_match') {
    const cap = eur(promotion.max_bonus);
    return `${Number(promotion.percent ?? 0)}% match${cap ? ` up to ${cap}` : ''}`;
  }
  if (promotion.kind === 'free_bet')
    return `${eur(promotion.fixed_amount) ?? 'fixed'} free bet (stake not returned)`;
  if (promotion.kind === 'free_spins')
    return `${promotion.free_spins ?? 0} free spins at ${eur(promotion.fixed_amount) ?? 'a fixed bet'} on ${(promotion.free_spin_games ?? []).join(', ')}`;
  if (promotion.kind === 'cashback') {
    const cap = eur(promotion.max_bonus);
    return `${Number(promotion.percent ?? 0)}% ${promotion.cashback_period ?? 'weekly'} cashback${cap ? ` up to ${cap}` : ''}`;
  }
  return `${eur(promotion.fixed_amount) ?? 'fixed amount'} no deposit`;
}

/** Promotions: what players can claim, with wagering terms; every change is audited. */
export function PromotionsPage() {
  const { can } = useAuth();
  const list = usePromotions();
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const columns: Column<AdminPromotion>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (row) => (
        <span className="font-mono">
          {row.code ?? (row.auto_first_deposit ? 'auto: first deposit' : '—')}
        </span>
      ),
    },
    {
      key: 'title',
      header: 'Title',
      render: (row) => <span className="font-medium">{row.title.en}</span>,
    },
    { key: 'offer', header: 'Offer', render: offer },
    {
      key: 'wagering',
      header: 'Wagering',
      render: (row) =>
        row.wagering_multiplier === 0
          ? 'none'
          : `${row.wagering_multiplier}× ${row.wagering_base === 'bonus' ? 'bonus' : 'bonus + deposit'}`,
    },
    {
      key: 'limits',
      header: 'Limits',
      render: (row) =>
        `${row.kind === 'cashback' ? `once per ${row.cashback_period === 'daily' ? 'day' : 'week'}` : `${row.per_player_limit}/player`}${row.total_limit ? `, ${row.total_limit} total` : ''}`,
    },
    {
      key: 'ends',
      header: 'Ends',
      render: (row) => (row.ends_at ? formatDateTime(row.ends_at) : 'open-ended'),
    },
    {
      key: 'state',
      header: 'State',
      render: (row) => {
        const { label, tone } = state(row);
        return <Badge tone={tone}>{label}</Badge>;
      },
    },
  ];
  return (
    <>
      <PageHeader
        title="Promotions"
        subtitle="Deposit matches, no-deposit offers, cashback, free bets and free spins with their wagering terms. Players see live ones on /promotions; every change is in the audit log."
        actions={
          can('promotions.write') && (
            <Button variant="primary" onClick={() => setEditing('new')}>
              New promotion
            </Button>
          )
        }
      />
      <SpendingOrderCard editable={can('promotions.write')} />
      <DataTable
        label="Promotions"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        onOpen={can('promotions.write') ? setEditing : undefined}
        empty="No promotions yet"
      />
      {can('bonus.risk.read') && <RiskFlags />}
      {editing && (
        <PromotionDialog
          promotion={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Draft = {
  code: string;
  kind: 'deposit_match' | 'no_deposit' | 'cashback' | 'free_bet' | 'free_spins';
  free_spins: string;
  free_spin_games: string;
  cashback_period: 'daily' | 'weekly';
  title: Record<string, string>;
  terms: Record<string, string>;
  percent: string;
  max_bonus: Record<string, string>;
  min_deposit: Record<string, string>;
  fixed_amount: Record<string, string>;
  max_bet: Record<string, string>;
  min_loss: Record<string, string>;
  wagering_multiplier: string;
  wagering_base: 'bonus' | 'bonus_plus_deposit';
  expiry_days: string;
  per_player_limit: string;
  total_limit: string;
  auto_first_deposit: boolean;
  ends_at: string;
  enabled: boolean;
};

const AMOUNT_FIELDS = ['max_bonus', 'min_deposit', 'fixed_amount', 'max_bet', 'min_loss'] as const;

function toDraft(promotion: AdminPromotion | null, currencies: AdminCurrency[]): Draft {
  const major = (amounts: Record<string, number> | undefined) =>
    Object.fromEntries(
      Object.entries(amounts ?? {}).map(([code, minor]) => [
        code,
        formatAmount(BigInt(minor), currencies.find((c) => c.code === code)?.scale ?? 2),
      ]),
    );
  return {
    code: promotion?.code ?? '',
    kind: promotion?.kind ?? 'deposit_match',
    cashback_period: promotion?.cashback_period ?? 'weekly',
    free_spins: String(promotion?.free_spins ?? 10),
    free_spin_games: (promotion?.free_spin_games ?? ['lantern-fortune']).join(', '),
    title: { ...(promotion?.title ?? {}) },
    terms: { ...(promotion?.terms ?? {}) },
    percent: promotion?.percent ? String(Number(promotion.percent)) : '100',
    max_bonus: major(promotion?.max_bonus),
    min_deposit: major(promotion?.min_deposit),
    fixed_amount: major(promotion?.fixed_amount),
    max_bet: major(promotion?.max_bet),
    min_loss: major(promotion?.min_loss),
    wagering_multiplier: String(promotion?.wagering_multiplier ?? 10),
    wagering_base: promotion?.wagering_base ?? 'bonus_plus_deposit',
    expiry_days: String(promotion?.expiry_days ?? 30),
    per_player_limit: String(promotion?.per_player_limit ?? 1),
    total_limit: promotion?.total_limit ? String(promotion.total_limit) : '',
    auto_first_deposit: promotion?.auto_first_deposit ?? false,
    ends_at: promotion?.ends_at ? promotion.ends_at.slice(0, 16) : '',
    enabled: promotion?.enabled ?? true,
  };
}

/** The draft as the API takes it; amounts per currency in minor units. Throws a readable message. */
function toInput(draft: Draft, currencies: AdminCurrency[]): AdminPromotionInput {
  const minor = (field: (typeof AMOUNT_FIELDS)[number]) =>
    Object.fromEntries(
      Object.entries(draft[field])
        .filter(([, text]) => text.trim() !== '')
        .map(([code, text]) => {
          const scale = currencies.find((c) => c.code === code)?.scale ?? 2;
          try {
            return [code, Number(parseAmount(text.trim(), scale))];
          } catch {
            throw new Error(
              `${field.replace('_', ' ')} (${code}): "${text}" is not an amount with at most ${scale} decimals`,
            );
          }
        }),
    );
  const input = {
    code: draft.code.trim() || null,
    kind: draft.kind,
    title: Object.fromEntries(Object.entries(draft.title).filter(([, text]) => text.trim())),
    terms: Object.fromEntries(Object.entries(draft.terms).filter(([, text]) => text.trim())),
    percent:
      draft.kind === 'no_deposit' || draft.kind === 'free_bet' || draft.kind === 'free_spins'
        ? null
        : draft.percent.trim(),
    free_spins: draft.kind === 'free_spins' ? Number(draft.free_spins) : null,
    free_spin_games:
      draft.kind === 'free_spins'
        ? draft.free_spin_games
            .split(',')
            .map((slug) => slug.trim())
            .filter(Boolean)
        : null,
    cashback_period: draft.kind === 'cashback' ? draft.cashback_period : null,
    max_bonus: minor('max_bonus'),
    min_deposit: minor('min_deposit'),
    fixed_amount: minor('fixed_amount'),
    max_bet: minor('max_bet'),
    min_loss: minor('min_loss'),
    wagering_multiplier: Number(draft.wagering_multiplier),
    wagering_base:
      draft.kind === 'cashback' || draft.kind === 'free_spins' ? 'bonus' : draft.wagering_base,
    expiry_days: Number(draft.expiry_days),
    per_player_limit: Number(draft.per_player_limit),
    total_limit: draft.total_limit ? Number(draft.total_limit) : null,
    auto_first_deposit: draft.auto_first_deposit,
    ends_at: draft.ends_at ? new Date(draft.ends_at).toISOString() : null,
    enabled: draft.enabled,
  };
  const parsed = adminPromotionInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'promotion'}: ${issue.message}`);
  }
  return parsed.data;
}

function PromotionDialog({
  promotion,
  onClose,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
}) {
  const currencies = (useCurrencies().data ?? []).filter((c) => !c.is_crypto && c.enabled);
  const [draft, setDraft] = useState<Draft>(() => toDraft(promotion, currencies));
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>('en');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setAmount = (field: (typeof AMOUNT_FIELDS)[number], code: string, value: string) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], [code]: value } }));
  const submit = () => {
    try {
      const input = toInput(draft, currencies);
      setProblem(null);
      save.mutate({ id: promotion?.id ?? null, input }, { onSuccess: onClose });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const amountRows: Array<[(typeof AMOUNT_FIELDS)[number], string]> =
    draft.kind === 'free_bet'
      ? [['fixed_amount', 'Free bet value']]
      : draft.kind === 'free_spins'
        ? [
            ['fixed_amount', 'Bet per spin'],
            ['max_bet', 'Max bet while wagering'],
          ]
        : draft.kind === 'cashback'
          ? [
              ['max_bonus', 'Max cashback'],
              ['min_loss', 'Min net loss'],
              ['max_bet', 'Max bet while wagering'],
            ]
          : draft.kind === 'deposit_match'
            ? [
                ['max_bonus', 'Max bonus'],
                ['min_deposit', 'Min deposit'],
                ['max_bet', 'Max bet while wagering'],
              ]
            : [
                ['fixed_amount', 'Bonus amount'],
                ['max_bet', 'Max bet while wagering'],
              ];
  return (
    <Modal
      open
      wide
      onClose={onClose}
      title={promotion ? `Promotion ${promotion.code ?? promotion.id}` : 'New promotion'}
      description="Amounts per currency; a currency left empty is not offered that promotion."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={save.isPending}
            onClick={submit}
            data-testid="save-promotion"
          >
            {promotion ? 'Save changes' : 'Create promotion'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Kind"
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as Draft['kind'])}
            disabled={promotion !== null}
          >
            <option value="deposit_match">Deposit match</option>
            <option value="no_deposit">No deposit</option>
            <option value="cashback">Cashback on net losses</option>
            <option value="free_bet">Free bet (sports)</option>
            <option value="free_spins">Free spins (studio slots)</option>
          </SelectField>
          {draft.kind === 'free_spins' && (
            <>
              <TextField
                label="Spins"
                value={draft.free_spins}
                onChange={(event) => set('free_spins', event.target.value)}
                inputMode="numeric"
                hint="1 to 500, at the bet per spin below"
              />
              <TextField
                label="Games (slugs)"
                value={draft.free_spin_games}
                onChange={(event) => set('free_spin_games', event.target.value)}
                hint="Comma-separated, e.g. lantern-fortune"
              />
            </>
          )}
          <TextField
            label="Coupon code"
            value={draft.code}
            onChange={(event) => set('code', event.target.value.toUpperCase())}
            placeholder="WELCOME100"
            hint="Empty: automatic or claim only"
          />
          {draft.kind === 'cashback' && (
            <SelectField
              label="Paid every"
              value={draft.cashback_period}
              onChange={(event) =>
                set('cashback_period', event.target.value as Draft['cashback_period'])
              }
            >
              <option value="weekly">week (Monday, UTC)</option>
              <option value="daily">day (UTC)</option>
            </SelectField>
          )}
          {(draft.kind === 'deposit_match' || draft.kind === 'cashback') && (
            <TextField
              label={draft.kind === 'cashback' ? 'Cashback %' : 'Match %'}
              value={draft.percent}
              onChange={(event) => set('percent', event.target.value)}
              inputMode="decimal"
            />
          )}
        </div>
        <div className="rounded-md border border-ink-700 p-3">
          <div className="mb-2 flex flex-wrap gap-1" role="tablist" aria-label="Language">
            {LANGUAGES.map((code) => (
              <button
                key={code}
                type="button"
                role="tab"
                aria-selected={language === code}
                onClick={() => setLanguage(code)}
                className={`rounded px-2 py-1 text-xs ${language === code ? 'bg-accent-500 text-white' : 'bg-ink-800 text-fg-muted hover:text-fg'}`}
              >
                {code}
                {draft.title[code] ? ' ✓' : ''}
              </button>
            ))}
          </div>
          <TextField
            label={`Title (${language})`}
            value={draft.title[language] ?? ''}
            onChange={(event) => set('title', { ...draft.title, [language]: event.target.value })}
            hint={language === 'en' ? 'Required; other languages fall back to it' : undefined}
          />
          <TextArea
            label={`Terms (${language})`}
            rows={3}
            value={draft.terms[language] ?? ''}
            onChange={(event) => set('terms', { ...draft.terms, [language]: event.target.value })}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-[13px]">
            <thead>
              <tr className="text-left text-fg-subtle">
                <th className="py-1 pr-2 font-medium">Amounts</th>
                {currencies.map((c) => (
                  <th key={c.code} className="px-1 py-1 font-medium">
                    {c.code}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {amountRows.map(([field, label]) => (
                <tr key={field}>
                  <td className="py-1 pr-2 whitespace-nowrap text-fg-muted">{label}</td>
                  {currencies.map((c) => (
                    <td key={c.code} className="px-1 py-1">
                      <input
                        aria-label={`${label} ${c.code}`}
                        className="h-8 w-24 rounded border border-ink-600 bg-ink-950 px-2 text-fg"
                        inputMode="decimal"
                        value={draft[field][c.code] ?? ''}
                        onChange={(event) => setAmount(field, c.code, event.target.value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Wagering ×"
            value={draft.wagering_multiplier}
            onChange={(event) => set('wagering_multiplier', event.target.value)}
            inputMode="numeric"
          />
          <SelectField
            disabled={draft.kind === 'cashback' || draft.kind === 'free_spins'}
            label={draft.kind === 'free_spins' ? 'Wagering on (the winnings)' : 'Wagering on'}
            value={
              draft.kind === 'cashback' || draft.kind === 'free_spins'
                ? 'bonus'
                : draft.wagering_base
            }
            onChange={(event) => set('wagering_base', event.target.value as Draft['wagering_base'])}
          >
            <option value="bonus">bonus</option>
            <option value="bonus_plus_deposit">bonus + deposit</option>
          </SelectField>
          <TextField
            label="Expires after (days)"
            value={draft.expiry_days}
            onChange={(event) => set('expiry_days', event.target.value)}
            inputMode="numeric"
          />
          <TextField
            label="Per player"
            value={draft.per_player_limit}
            onChange={(event) => set('per_player_limit', event.target.value)}
            inputMode="numeric"
          />
          <TextField
            label="Total grants"
            value={draft.total_limit}
            onChange={(event) => set('total_limit', event.target.value)}
            inputMode="numeric"
            hint="Empty: no limit"
          />
          <TextField
            label="Ends"
            type="datetime-local"
            value={draft.ends_at}
            onChange={(event) => set('ends_at', event.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-5 text-[13px]">
          {draft.kind === 'deposit_match' && (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.auto_first_deposit}
                onChange={(event) => set('auto_first_deposit', event.target.checked)}
              />
              Grant automatically on a first deposit
            </label>
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(event) => set('enabled', event.target.checked)}
            />
            Enabled
          </label>
          <span className="text-fg-subtle">
            Contributions: slots and originals 100 %, table and live 10 %, sports 100 %.
          </span>
        </div>
        {problem && (
          <p role="alert" className="text-[13px] text-negative">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
