import {
  type DiceDirection,
  diceChance,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceWins,
  isValidDiceTarget,
  sha256Hex,
} from '@casino/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type DiceBet,
  placeDiceBet,
  realMoneyOpen,
  useCasinoBets,
  useEdges,
  useFairness,
  useRotate,
} from '../api/originals.ts';

const DEMO_KEY = 'demo_balance';
const DEMO_START = 1_000_00;
const hundredths = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const minorText = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;

function readDemo(): number {
  try {
    const v = Number(localStorage.getItem(DEMO_KEY));
    return Number.isFinite(v) && v > 0 ? v : DEMO_START;
  } catch {
    return DEMO_START;
  }
}

type Result = { roll: number; won: boolean; payout: string; nonce: number };

/** Dice: roll over or under a target; the roll comes from the provably fair seed pair. */
export function DicePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const client = useQueryClient();
  const fairness = useFairness();
  const bets = useCasinoBets();
  const rotate = useRotate();
  // The operator's edge for Dice (1 % unless changed in the back office).
  const EDGE_BP = useEdges().data?.dice ?? 100;
  const [mode, setMode] = useState<'demo' | 'real'>(auth.isAuthenticated ? 'real' : 'demo');
  const [realAllowed, setRealAllowed] = useState(true);
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [result, setResult] = useState<Result | null>(null);
  const [rolling, setRolling] = useState(false);
  const [demoBalance, setDemoBalance] = useState(readDemo);
  const [demoSeed] = useState(() => ({
    server: crypto.randomUUID(),
    client: crypto.randomUUID().slice(0, 8),
  }));
  const [demoNonce, setDemoNonce] = useState(0);
  const [demoHash, setDemoHash] = useState('');
  const [clientSeed, setClientSeed] = useState('');

  useEffect(() => {
    void realMoneyOpen().then((open) => {
      setRealAllowed(open);
      if (!open) setMode('demo');
    });
  }, []);
  useEffect(() => {
    void sha256Hex(demoSeed.server).then(setDemoHash);
  }, [demoSeed.server]);
  useEffect(() => {
    if (!auth.isAuthenticated) setMode('demo');
  }, [auth.isAuthenticated]);

  const valid = isValidDiceTarget(target, direction);
  const chance = diceChance(target, direction);
  // Exact: the amount's text to minor units, no float (the server parses it the same way).
  const amountMatch = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  const stakeMinor = amountMatch
    ? BigInt(amountMatch[1]!) * 100n + BigInt((amountMatch[2] ?? '').padEnd(2, '0'))
    : 0n;
  const payout = valid && stakeMinor > 0n ? dicePayout(stakeMinor, target, direction, EDGE_BP) : 0n;

  const roll = async () => {
    if (!valid || stakeMinor <= 0n) return;
    setRolling(true);
    try {
      if (mode === 'demo') {
        if (Number(stakeMinor) > demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        const value = await diceRoll({
          serverSeed: demoSeed.server,
          clientSeed: demoSeed.client,
          nonce: demoNonce,
        });
        const won = diceWins(value, target, direction);
        const next = demoBalance - Number(stakeMinor) + (won ? Number(payout) : 0);
        setDemoBalance(next);
        try {
          localStorage.setItem(DEMO_KEY, String(next));
        } catch {
          // The demo balance lives for this page only.
        }
        setResult({ roll: value, won, payout: won ? minorText(payout) : '0.00', nonce: demoNonce });
        setDemoNonce((n) => n + 1);
      } else {
        const bet: DiceBet = await placeDiceBet({
          amount,
          target: hundredths(target),
          direction,
          idempotency_key: crypto.randomUUID(),
        });
        setResult({
          roll: Math.round(Number(bet.roll) * 100),
          won: bet.won,
          payout: bet.payout,
          nonce: bet.nonce,
        });
        void client.invalidateQueries({ queryKey: ['fairness'] });
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setRolling(false);
    }
  };

  const title = t('originals.dice.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('originals.dice.subtitle')}
      breadcrumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('nav.casino'), to: '/casino/home' },
        { label: title },
      ]}
    >
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <section
          className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-4"
          aria-label={t('originals.controls')}
        >
          <div
            className="grid grid-cols-2 gap-1 rounded-lg bg-ink-900 p-1"
            role="radiogroup"
            aria-label={t('originals.mode')}
          >
            {(['real', 'demo'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                disabled={m === 'real' && (!auth.isAuthenticated || !realAllowed)}
                onClick={() => setMode(m)}
                className={cn(
                  'h-9 rounded-md text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40',
                  mode === m
                    ? m === 'demo'
                      ? 'bg-warning/20 text-warning'
                      : 'bg-accent-500 text-white'
                    : 'text-fg-muted hover:text-fg',
                )}
                data-testid={`mode-${m}`}
              >
                {t(`originals.${m}`)}
              </button>
            ))}
          </div>
          <p
            className={cn(
              'rounded-md px-3 py-2 text-[13px]',
              mode === 'demo' ? 'bg-warning/10 text-warning' : 'bg-accent-500/10 text-accent-300',
            )}
            data-testid="mode-note"
          >
            {mode === 'demo'
              ? t('originals.demoNote', { balance: (demoBalance / 100).toFixed(2) })
              : t('originals.realNote')}
          </p>
          {!auth.isAuthenticated && (
            <Button variant="secondary" onClick={() => openModal('signIn')}>
              {t('originals.signInForReal')}
            </Button>
          )}
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originals.amount')}
            <div className="flex gap-1.5">
              <input
                className="h-11 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                data-testid="dice-amount"
              />
              <Button
                variant="secondary"
                onClick={() => setAmount(minorText(stakeMinor / 2n > 0n ? stakeMinor / 2n : 1n))}
              >
                ½
              </Button>
              <Button variant="secondary" onClick={() => setAmount(minorText(stakeMinor * 2n))}>
                2×
              </Button>
            </div>
          </label>
          <dl className="grid grid-cols-3 gap-2 text-center text-[13px]">
            <div className="rounded-lg bg-ink-900 px-2 py-2">
              <dt className="text-fg-subtle">{t('originals.multiplier')}</dt>
              <dd className="font-mono font-semibold text-fg" data-testid="dice-multiplier">
                {valid ? `${Number(diceMultiplier(target, direction, EDGE_BP)).toFixed(4)}×` : '—'}
              </dd>
            </div>
            <div className="rounded-lg bg-ink-900 px-2 py-2">
              <dt className="text-fg-subtle">{t('originals.chance')}</dt>
              <dd className="font-mono font-semibold text-fg">{hundredths(chance)}%</dd>
            </div>
            <div className="rounded-lg bg-ink-900 px-2 py-2">
              <dt className="text-fg-subtle">{t('originals.win')}</dt>
              <dd className="font-mono font-semibold text-positive">{minorText(payout)}</dd>
            </div>
          </dl>
          <Button
            size="lg"
            block
            loading={rolling}
            disabled={!valid || stakeMinor <= 0n}
            onClick={roll}
            data-testid="dice-roll"
          >
            {t('originals.dice.roll')}
          </Button>
        </section>

        <section
          className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-gradient-to-b from-ink-850 to-ink-900 p-5"
          aria-label={t('originals.board')}
        >
          <div className="flex min-h-28 items-center justify-center" aria-live="polite">
            <span
              className={cn(
                'font-mono text-6xl font-black tabular-nums tracking-tight transition-colors duration-300',
                result === null ? 'text-fg-subtle' : result.won ? 'text-positive' : 'text-negative',
              )}
              data-testid="dice-result"
            >
              {result === null ? '—' : hundredths(result.roll)}
            </span>
          </div>
          <div className="relative h-3 rounded-full" aria-hidden="true">
            <div
              className="absolute inset-0 rounded-full"
              style={{
                background:
                  direction === 'over'
                    ? `linear-gradient(to right, var(--color-negative) ${target / 100}%, var(--color-positive) ${target / 100}%)`
                    : `linear-gradient(to right, var(--color-positive) ${target / 100}%, var(--color-negative) ${target / 100}%)`,
              }}
            />
            {result !== null && (
              <div
                className="absolute -top-2 size-7 -translate-x-1/2 rounded-md border-2 border-white bg-ink-900 shadow-pop transition-[left] duration-500"
                style={{ left: `${result.roll / 100}%` }}
              />
            )}
          </div>
          <input
            type="range"
            min={200}
            max={9800}
            step={1}
            value={target}
            onChange={(event) => setTarget(Number(event.target.value))}
            className="w-full accent-accent-500"
            aria-label={t('originals.dice.target')}
            data-testid="dice-target"
          />
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="text-fg-muted">
              {t(direction === 'over' ? 'originals.dice.rollOver' : 'originals.dice.rollUnder')}{' '}
              <span className="font-mono font-semibold text-fg">{hundredths(target)}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDirection(direction === 'over' ? 'under' : 'over')}
              data-testid="dice-flip"
            >
              {t('originals.dice.flip')}
            </Button>
          </div>
          {result && (
            <p className="text-center text-sm text-fg-muted">
              {result.won ? t('originals.youWon', { amount: result.payout }) : t('originals.noWin')}{' '}
              · {t('originals.nonce', { nonce: result.nonce })}
            </p>
          )}
        </section>
      </div>

      <section className="grid gap-4 lg:grid-cols-2">
        <div
          className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]"
          data-testid="fairness"
        >
          <h2 className="text-base font-semibold text-fg">{t('originals.fairness')}</h2>
          <p className="text-fg-muted">{t('originals.fairnessBody')}</p>
          <div className="break-all font-mono text-fg">
            <span className="text-fg-subtle">{t('originals.serverHash')} </span>
            {mode === 'demo' ? demoHash : (fairness.data?.server_seed_hash ?? '—')}
          </div>
          <div className="font-mono text-fg">
            <span className="text-fg-subtle">{t('originals.clientSeed')} </span>
            {mode === 'demo' ? demoSeed.client : (fairness.data?.client_seed ?? '—')} ·{' '}
            <span className="text-fg-subtle">{t('originals.nextNonce')}</span>{' '}
            {mode === 'demo' ? demoNonce : (fairness.data?.nonce ?? '—')}
          </div>
          {mode === 'real' && auth.isAuthenticated && (
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                className="h-9 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-fg"
                placeholder={t('originals.newClientSeed')}
                value={clientSeed}
                onChange={(event) => setClientSeed(event.target.value)}
                aria-label={t('originals.newClientSeed')}
              />
              <Button
                size="sm"
                variant="secondary"
                loading={rotate.isPending}
                onClick={() =>
                  rotate.mutate(clientSeed.trim() || undefined, {
                    onSuccess: (data) => {
                      setClientSeed('');
                      if (data.previous)
                        toast.success(t('originals.rotated', { seed: data.previous.server_seed }));
                    },
                    onError: (error) =>
                      toast.error(String(error instanceof Error ? error.message : error)),
                  })
                }
              >
                {t('originals.rotate')}
              </Button>
            </div>
          )}
          <Link to="/provably-fair" className="text-accent-300 hover:text-accent-400">
            {t('originals.verifyLink')}
          </Link>
        </div>
        <div className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]">
          <h2 className="text-base font-semibold text-fg">{t('originals.myBets')}</h2>
          {(bets.data ?? []).length === 0 ? (
            <p className="text-fg-muted">{t('originals.noBets')}</p>
          ) : (
            <ul className="divide-y divide-ink-700" data-testid="dice-history">
              {bets
                .data!.filter((bet) => bet.game === 'dice')
                .slice(0, 10)
                .map((bet) => (
                  <li
                    key={bet.id}
                    className="flex items-center justify-between gap-2 py-1.5 font-mono"
                  >
                    <span className="text-fg-subtle">#{bet.nonce}</span>
                    <span>
                      {bet.direction === 'over' ? '>' : '<'} {bet.target}
                    </span>
                    <span className={bet.won ? 'text-positive' : 'text-negative'}>{bet.roll}</span>
                    <span>{bet.won ? `+${bet.payout}` : `−${bet.amount}`}</span>
                  </li>
                ))}
            </ul>
          )}
        </div>
      </section>
    </PageFrame>
  );
}
