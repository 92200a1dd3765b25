import type { SbBet } from '@casino/contracts/sportsbook';
import { parseAmount } from '@casino/money';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { CloseIcon, ReceiptIcon } from '../../../components/icons.tsx';
import { useMe } from '../../../lib/api/get-me.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMinorMoney } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { placeBet, useFreeBets, useMyBets } from '../api.ts';
import { marketName, selectionName } from '../lib/market-names.ts';
import { binomial, formatOdds, potentialReturn } from '../lib/odds-format.ts';
import { type SlipItem, slipStore, useSlip } from '../slip-store.ts';
import { CashoutHistory, CashoutPanel } from './cashout-panel.tsx';
import { PaidEarlyBadge, PaidEarlyLeg } from './early-payout.tsx';
import { LiveDelayCountdown, slipDelayMs } from './live-delay.tsx';

type Kind = 'single' | 'multiple' | 'system';

function useCurrency() {
  const me = useMe();
  const c = me.data?.currency;
  return { scale: c?.scale ?? 2, prefix: c?.prefix ?? '€', code: c?.code ?? 'EUR' };
}

export function money(minor: bigint | string, currency: { scale: number; prefix: string }) {
  return formatMinorMoney(currency.prefix, minor, currency.scale, i18n.language);
}

function parseStake(text: string, scale: number): bigint | null {
  try {
    const v = parseAmount(text.trim(), scale);
    return v > 0n ? v : null;
  } catch {
    return null;
  }
}

function itemProblem(
  item: SlipItem,
  t: (k: string, o?: Record<string, string>) => string,
  format: Parameters<typeof formatOdds>[1],
) {
  if (item.current_milli === null)
    return { kind: 'suspended' as const, text: t('sports.slip.suspended') };
  if (item.current_milli !== item.odds_milli) {
    return {
      kind: item.current_milli > item.odds_milli ? ('up' as const) : ('down' as const),
      text: t('sports.slip.priceMoved', {
        from: formatOdds(item.odds_milli, format),
        to: formatOdds(item.current_milli, format),
      }),
    };
  }
  return null;
}

/** The slip (singles, multiple, system) and My bets, in one panel. */
export function BetSlipPanel({
  liveDelayMs,
  sportDelays = {},
}: {
  liveDelayMs: number;
  /** Each sport's in-play delay; a sport absent here waits liveDelayMs. */
  sportDelays?: Record<string, number | undefined>;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'slip' | 'bets'>('slip');
  const slip = useSlip();
  return (
    <div
      className="flex max-h-[calc(100dvh-96px)] flex-col overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 shadow-pop"
      data-testid="bet-slip"
    >
      <div className="grid grid-cols-2 border-b border-ink-700 bg-ink-850 p-1">
        {(['slip', 'bets'] as const).map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => setTab(key)}
            data-testid={`slip-tab-${key}`}
            className={cn(
              'flex h-9 items-center justify-center gap-1.5 rounded-lg text-sm font-semibold transition-colors',
              tab === key ? 'bg-ink-700 text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            {key === 'slip' ? t('sports.slip.title') : t('sports.myBets.title')}
            {key === 'slip' && slip.items.length > 0 && (
              <span className="rounded-full bg-accent-500 px-1.5 text-[11px] leading-5 text-white">
                {slip.items.length}
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {tab === 'slip' ? (
          <Slip
            liveDelayMs={liveDelayMs}
            sportDelays={sportDelays}
            onPlaced={() => setTab('bets')}
          />
        ) : (
          <MyBets />
        )}
      </div>
    </div>
  );
}

function Slip({
  liveDelayMs,
  sportDelays,
  onPlaced,
}: {
  liveDelayMs: number;
  sportDelays: Record<string, number | undefined>;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const slip = useSlip();
  const auth = useAuth();
  const currency = useCurrency();
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>('single');
  const [systemSize, setSystemSize] = useState(2);
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [delayTotal, setDelayTotal] = useState(0);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [freeBetId, setFreeBetId] = useState<string | null>(null);
  const freeBets = useFreeBets();
  const n = slip.items.length;
  const sameEvent = new Set(slip.items.map((i) => i.event_id)).size !== n;
  const effectiveKind: Kind = n < 2 ? 'single' : kind === 'system' && n < 3 ? 'multiple' : kind;
  const size = Math.min(Math.max(2, systemSize), Math.max(2, n - 1));

  useEffect(() => {
    if (countdown === null || countdown <= 0) return;
    const timer = setTimeout(
      () => setCountdown((c) => (c === null ? null : Math.max(0, c - 100))),
      100,
    );
    return () => clearTimeout(timer);
  }, [countdown]);

  if (n === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-xl border border-ink-600 bg-ink-800 text-accent-400">
          <ReceiptIcon size={22} />
        </div>
        <p className="text-sm font-semibold text-fg">{t('sports.slip.emptyTitle')}</p>
        <p className="mt-1 text-xs text-fg-muted">{t('sports.slip.emptyBody')}</p>
        {message && (
          <p
            className={cn(
              'mt-4 text-sm',
              message.tone === 'success' ? 'text-positive' : 'text-negative',
            )}
            data-testid="slip-message"
          >
            {message.text}
          </p>
        )}
      </div>
    );
  }

  const odds = slip.items.map((i) => i.current_milli ?? i.odds_milli);
  const problems = slip.items.map((i) => itemProblem(i, t, slip.format));
  const blocked = problems.some((p) => p?.kind === 'suspended');
  const moved = problems.some(
    (p) =>
      p &&
      p.kind !== 'suspended' &&
      (slip.acceptOdds === 'none' || (slip.acceptOdds === 'higher' && p.kind === 'down')),
  );
  // A free bet stakes one single (a one-pick slip) or the multiple, with exactly its value.
  const freeBetAllowed = n === 1 || effectiveKind === 'multiple';
  const freeBet = freeBetAllowed
    ? (freeBets.data?.find((f) => f.id === freeBetId && f.currency === currency.code) ?? null)
    : null;
  let totalStake = 0n;
  let totalReturn = 0n;
  if (freeBet) {
    const s = parseStake(freeBet.amount, currency.scale);
    if (s) {
      totalStake = s;
      // Stake not returned: the winnings only.
      totalReturn = potentialReturn(s, odds, n === 1 ? 'single' : 'multiple') - s;
    }
  } else if (effectiveKind === 'single') {
    slip.items.forEach((item, i) => {
      const s = parseStake(stakes[item.selection_id] ?? '', currency.scale);
      if (s) {
        totalStake += s;
        totalReturn += potentialReturn(s, [odds[i]!], 'single');
      }
    });
  } else {
    const s = parseStake(stake, currency.scale);
    if (s) {
      const lines = effectiveKind === 'system' ? binomial(n, size) : 1;
      totalStake = s * BigInt(lines);
      totalReturn = potentialReturn(s, odds, effectiveKind, size);
    }
  }

  const place = async () => {
    if (!auth.isAuthenticated) return openModal('signIn');
    setMessage(null);
    setBusy(true);
    const live = slip.items.some((i) => i.live);
    const delay = slipDelayMs(slip.items, sportDelays, liveDelayMs);
    if (live && delay > 0) {
      setDelayTotal(delay);
      setCountdown(delay);
    }
    const placed: string[] = [];
    try {
      const bodies = freeBet
        ? [
            {
              kind: n === 1 ? ('single' as const) : ('multiple' as const),
              selections: slip.items.map((i) => ({
                selection_id: i.selection_id,
                odds: formatOdds(i.odds_milli, 'decimal'),
              })),
              stake: freeBet.amount,
              free_bet_id: freeBet.id,
              items: slip.items.map((i) => i.selection_id),
            },
          ]
        : effectiveKind === 'single'
          ? slip.items
              .filter((item) => parseStake(stakes[item.selection_id] ?? '', currency.scale))
              .map((item) => ({
                kind: 'single' as const,
                selections: [
                  { selection_id: item.selection_id, odds: formatOdds(item.odds_milli, 'decimal') },
                ],
                stake: stakes[item.selection_id]!.trim(),
                items: [item.selection_id],
              }))
          : [
              {
                kind: effectiveKind,
                system_size: effectiveKind === 'system' ? size : undefined,
                selections: slip.items.map((i) => ({
                  selection_id: i.selection_id,
                  odds: formatOdds(i.odds_milli, 'decimal'),
                })),
                stake: stake.trim(),
                items: slip.items.map((i) => i.selection_id),
              },
            ];
      for (const { items, ...body } of bodies) {
        await placeBet({
          ...body,
          accept_odds: slip.acceptOdds,
          idempotency_key: crypto.randomUUID(),
        });
        placed.push(...items);
      }
      for (const id of placed) slipStore.remove(id);
      setStakes({});
      setStake('');
      setFreeBetId(null);
      setMessage({
        tone: 'success',
        text: live && delay > 0 ? t('inplay.accepted') : t('sports.slip.placed'),
      });
      onPlaced();
    } catch (error) {
      for (const id of placed) slipStore.remove(id);
      const reason = error instanceof ApiError ? error.message : t('sports.slip.failed');
      setMessage({
        tone: 'error',
        text: live && delay > 0 ? t('inplay.refused', { reason }) : reason,
      });
    } finally {
      setBusy(false);
      setCountdown(null);
      void client.invalidateQueries({ queryKey: ['sports', 'bets'] });
      void client.invalidateQueries({ queryKey: ['sports', 'free-bets'] });
      void client.invalidateQueries({ queryKey: ['me'] });
    }
  };
  const usableFreeBets = (freeBets.data ?? []).filter((f) => f.currency === currency.code);

  const kinds: Kind[] =
    n >= 3 ? ['single', 'multiple', 'system'] : n === 2 ? ['single', 'multiple'] : ['single'];
  return (
    <div className="space-y-3 p-3">
      {kinds.length > 1 && (
        <div className="grid grid-flow-col gap-1 rounded-lg bg-ink-850 p-1">
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              data-testid={`slip-kind-${k}`}
              onClick={() => setKind(k)}
              className={cn(
                'h-8 rounded-md text-xs font-semibold transition-colors',
                effectiveKind === k ? 'bg-accent-500 text-white' : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(`sports.slip.${k}`)}
            </button>
          ))}
        </div>
      )}
      <ul className="space-y-2">
        {slip.items.map((item, i) => {
          const problem = problems[i];
          return (
            <li
              key={item.selection_id}
              className={cn(
                'rounded-xl border bg-ink-850 p-3',
                problem?.kind === 'suspended' ? 'border-warning/50' : 'border-ink-700',
              )}
              data-testid="slip-item"
            >
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-fg">{selectionName(t, item)}</p>
                  <p className="truncate text-xs text-fg-muted">{marketName(t, item)}</p>
                  <p className="truncate text-[11px] text-fg-subtle">{item.event_name}</p>
                </div>
                <span className="font-mono text-sm font-bold text-accent-300 tabular-nums">
                  {formatOdds(item.current_milli ?? item.odds_milli, slip.format)}
                </span>
                <button
                  type="button"
                  aria-label={t('sports.slip.remove')}
                  onClick={() => slipStore.remove(item.selection_id)}
                  className="-mt-1 -mr-1 rounded p-1 text-fg-subtle hover:bg-ink-700 hover:text-fg"
                >
                  <CloseIcon size={14} />
                </button>
              </div>
              {problem && (
                <p
                  data-testid="slip-problem"
                  className={cn(
                    'mt-2 rounded-md px-2 py-1 text-xs font-medium',
                    problem.kind === 'suspended'
                      ? 'bg-warning/10 text-warning'
                      : problem.kind === 'up'
                        ? 'bg-positive/10 text-positive'
                        : 'bg-negative/10 text-negative',
                  )}
                >
                  {problem.text}
                </p>
              )}
              {effectiveKind === 'single' && (
                <StakeInput
                  value={freeBet ? freeBet.amount : (stakes[item.selection_id] ?? '')}
                  disabled={Boolean(freeBet)}
                  onChange={(v) => setStakes((s) => ({ ...s, [item.selection_id]: v }))}
                  prefix={currency.prefix}
                  label={t('sports.slip.stake')}
                  testId="single-stake"
                />
              )}
            </li>
          );
        })}
      </ul>
      {effectiveKind !== 'single' && (
        <div className="space-y-2 rounded-xl border border-ink-700 bg-ink-850 p-3">
          {effectiveKind === 'system' && (
            <label className="flex items-center justify-between gap-2 text-xs text-fg-muted">
              {t('sports.slip.systemSize')}
              <select
                value={size}
                onChange={(e) => setSystemSize(Number(e.target.value))}
                className="h-8 rounded-md border border-ink-600 bg-ink-800 px-2 text-sm text-fg"
                data-testid="system-size"
              >
                {Array.from({ length: n - 2 }, (_, i) => i + 2).map((k) => (
                  <option key={k} value={k}>
                    {t('sports.slip.fromN', { k: String(k), n: String(n) })} ·{' '}
                    {t('plurals.lines', { count: binomial(n, k) })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {effectiveKind === 'multiple' && (
            <div className="flex items-center justify-between text-xs text-fg-muted">
              <span>{t('sports.slip.totalOdds')}</span>
              <span className="font-mono text-sm font-bold text-fg tabular-nums">
                {formatOdds(Number(potentialReturn(1000n, odds, 'multiple')), slip.format)}
              </span>
            </div>
          )}
          <StakeInput
            value={freeBet ? freeBet.amount : stake}
            disabled={Boolean(freeBet)}
            onChange={setStake}
            prefix={currency.prefix}
            label={
              effectiveKind === 'system' ? t('sports.slip.stakePerLine') : t('sports.slip.stake')
            }
            testId="combo-stake"
          />
          {sameEvent && <p className="text-xs text-warning">{t('sports.slip.sameEvent')}</p>}
        </div>
      )}
      {freeBetAllowed && usableFreeBets.length > 0 && (
        <label className="flex items-center justify-between gap-2 rounded-xl border border-accent-500/40 bg-accent-500/10 px-3 py-2 text-xs text-fg">
          <span className="font-semibold">{t('sports.slip.freeBet')}</span>
          <select
            value={freeBet?.id ?? ''}
            onChange={(e) => setFreeBetId(e.target.value || null)}
            className="h-8 rounded-md border border-ink-600 bg-ink-800 px-2 text-xs text-fg"
            data-testid="free-bet"
          >
            <option value="">{t('sports.slip.freeBetNone')}</option>
            {usableFreeBets.map((f) => (
              <option key={f.id} value={f.id}>
                {t('sports.slip.freeBetOption', { amount: `${f.amount} ${f.currency}` })}
              </option>
            ))}
          </select>
        </label>
      )}
      {freeBet && <p className="text-xs text-fg-muted">{t('sports.slip.freeBetTerms')}</p>}
      <div className="space-y-1.5 rounded-xl bg-ink-850 p-3 text-sm">
        <div className="flex justify-between text-fg-muted">
          <span>{t('sports.slip.totalStake')}</span>
          <span className="font-mono text-fg tabular-nums">{money(totalStake, currency)}</span>
        </div>
        <div className="flex justify-between text-fg-muted">
          <span>{t('sports.slip.potentialReturn')}</span>
          <span
            className="font-mono font-bold text-positive tabular-nums"
            data-testid="potential-return"
          >
            {money(totalReturn, currency)}
          </span>
        </div>
      </div>
      <label className="flex items-center justify-between gap-2 text-xs text-fg-muted">
        {t('sports.slip.acceptOdds')}
        <select
          value={slip.acceptOdds}
          onChange={(e) => slipStore.setAcceptOdds(e.target.value as 'none' | 'higher' | 'any')}
          className="h-8 rounded-md border border-ink-600 bg-ink-800 px-2 text-xs text-fg"
          data-testid="accept-odds"
        >
          <option value="none">{t('sports.slip.acceptNone')}</option>
          <option value="higher">{t('sports.slip.acceptHigher')}</option>
          <option value="any">{t('sports.slip.acceptAny')}</option>
        </select>
      </label>
      {busy && countdown !== null && <LiveDelayCountdown leftMs={countdown} totalMs={delayTotal} />}
      {message && (
        <p
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            message.tone === 'success'
              ? 'bg-positive/10 text-positive'
              : 'bg-negative/10 text-negative',
          )}
          data-testid="slip-message"
        >
          {message.text}
        </p>
      )}
      {moved && !blocked ? (
        <Button
          block
          size="lg"
          variant="secondary"
          onClick={() => slipStore.acceptChanges()}
          data-testid="accept-changes"
        >
          {t('sports.slip.acceptChanges')}
        </Button>
      ) : (
        <Button
          block
          size="lg"
          disabled={
            busy || blocked || totalStake === 0n || (sameEvent && effectiveKind !== 'single')
          }
          onClick={place}
          data-testid="place-bet"
        >
          {busy && countdown !== null && countdown > 0
            ? t('sports.slip.waiting', { s: (countdown / 1000).toFixed(1) })
            : auth.isAuthenticated
              ? t('sports.slip.place', { amount: money(totalStake, currency) })
              : t('sports.slip.signIn')}
        </Button>
      )}
      <button
        type="button"
        onClick={() => slipStore.clear()}
        className="w-full text-center text-xs text-fg-subtle hover:text-fg"
      >
        {t('sports.slip.clear')}
      </button>
    </div>
  );
}

function StakeInput({
  value,
  onChange,
  prefix,
  label,
  testId,
  disabled = false,
}: {
  value: string;
  onChange: (v: string) => void;
  prefix: string;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <label className="mt-2 flex h-10 items-center gap-2 rounded-lg border border-ink-600 bg-ink-900 px-3 focus-within:border-accent-500">
      <span className="text-xs text-fg-subtle">{label}</span>
      <span className="ml-auto text-sm text-fg-muted">{prefix}</span>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))}
        inputMode="decimal"
        disabled={disabled}
        placeholder="0.00"
        className="w-24 bg-transparent text-right font-mono text-sm text-fg tabular-nums outline-none placeholder:text-fg-subtle"
        data-testid={testId}
        aria-label={label}
      />
    </label>
  );
}

const STATUS_TONE: Record<SbBet['status'], string> = {
  pending: 'bg-warning/15 text-warning',
  open: 'bg-accent-500/15 text-accent-300',
  settled: 'bg-ink-700 text-fg-muted',
  cashed_out: 'bg-positive/15 text-positive',
  rejected: 'bg-negative/15 text-negative',
};

function MyBets() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const bets = useMyBets(status);
  const currency = useCurrency();
  const slip = useSlip();
  const [error, setError] = useState<string | null>(null);
  if (!auth.isAuthenticated) {
    return (
      <div className="p-6 text-center text-sm text-fg-muted">
        {t('sports.myBets.signIn')}
        <Button className="mt-3" block onClick={() => openModal('signIn')}>
          {t('sports.slip.signIn')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2 p-3">
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-ink-850 p-1">
        {(['open', 'settled'] as const).map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => setStatus(s)}
            data-testid={`bets-${s}`}
            className={cn(
              'h-8 rounded-md text-xs font-semibold',
              status === s ? 'bg-ink-700 text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            {t(`sports.myBets.${s}`)}
          </button>
        ))}
      </div>
      {error && (
        <p className="rounded-lg bg-negative/10 px-3 py-2 text-xs text-negative">{error}</p>
      )}
      {bets.data?.length === 0 && (
        <p className="py-8 text-center text-sm text-fg-muted">{t('sports.myBets.none')}</p>
      )}
      {bets.data?.map((bet) => (
        <article
          key={bet.id}
          className="rounded-xl border border-ink-700 bg-ink-850 p-3"
          data-testid="my-bet"
          data-status={bet.status}
        >
          <header className="mb-2 flex items-center justify-between gap-2">
            <span className="text-xs font-semibold text-fg">
              {bet.kind === 'system'
                ? t('sports.slip.fromN', { k: String(bet.system_size), n: String(bet.legs.length) })
                : bet.kind === 'single'
                  ? t('sports.myBets.single')
                  : bet.kind === 'builder'
                    ? `${t('sportsBuilder.title')} · ${formatOdds(Math.round(Number(bet.builder_odds) * 1000), slip.format)}`
                    : t(`sports.slip.${bet.kind}`)}
              {bet.kind !== 'single' && (
                <span className="text-fg-subtle">
                  {' '}
                  · {t('plurals.legs', { count: bet.legs.length })}
                </span>
              )}
            </span>
            {bet.status === 'settled' && bet.legs.some((l) => l.early_paid) && (
              <span className="ml-auto">
                <PaidEarlyBadge amount={money(bet.payout_minor ?? '0', currency)} />
              </span>
            )}
            <span
              className={cn(
                'rounded px-1.5 py-0.5 text-[10px] font-bold uppercase',
                STATUS_TONE[bet.status],
              )}
            >
              {bet.status === 'settled'
                ? BigInt(bet.payout_minor ?? '0') > 0n
                  ? t('sports.myBets.won')
                  : t('sports.myBets.lost')
                : t(`sports.myBets.status.${bet.status}`)}
            </span>
          </header>
          <ul className="space-y-1.5">
            {bet.legs.map((leg) => (
              <li key={leg.selection_id} className="flex items-start justify-between gap-2 text-xs">
                <div className="min-w-0">
                  <p className="truncate font-medium text-fg">{selectionName(t, leg)}</p>
                  <p className="truncate text-fg-subtle">
                    {marketName(t, leg)} · {leg.event_name}
                  </p>
                  {leg.early_paid &&
                    bet.legs.length > 1 &&
                    (bet.status === 'open' ? (
                      <PaidEarlyLeg />
                    ) : (
                      <p className="mt-0.5">
                        <PaidEarlyBadge />
                      </p>
                    ))}
                </div>
                <span
                  className={cn(
                    'font-mono tabular-nums',
                    leg.result === 'won' || leg.result === 'half_won'
                      ? 'text-positive'
                      : leg.result === 'lost' || leg.result === 'half_lost'
                        ? 'text-negative'
                        : 'text-fg',
                  )}
                >
                  {formatOdds(Math.round(Number(leg.odds) * 1000), slip.format)}
                </span>
              </li>
            ))}
          </ul>
          <footer className="mt-2 flex items-center justify-between border-t border-ink-700 pt-2 text-xs text-fg-muted">
            <span>
              {t('sports.slip.stake')}{' '}
              <b className="font-mono text-fg">{money(bet.stake_minor, currency)}</b>
              {bet.free_bet && (
                <span className="ml-1.5 rounded bg-accent-500/15 px-1.5 py-0.5 font-semibold text-accent-300">
                  {t('sports.slip.freeBetBadge')}
                </span>
              )}
            </span>
            <span>
              {bet.status === 'open' || bet.status === 'pending'
                ? t('sports.slip.potentialReturn')
                : t('sports.myBets.payout')}{' '}
              <b className="font-mono text-fg">
                {money(
                  bet.status === 'open' || bet.status === 'pending'
                    ? bet.potential_return_minor
                    : (bet.payout_minor ?? '0'),
                  currency,
                )}
              </b>
            </span>
          </footer>
          {bet.status === 'open' && (
            <CashoutPanel bet={bet} currency={currency} onError={setError} />
          )}
          {bet.status === 'settled' && <CashoutHistory bet={bet} currency={currency} />}
        </article>
      ))}
    </div>
  );
}
