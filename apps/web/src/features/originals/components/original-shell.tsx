import { revealMatches, sha256Hex } from '@casino/games';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { SoundOffIcon, SoundOnIcon } from '../../../components/icons.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { openModal } from '../../../lib/modal-store.ts';
import { useAuth } from '../../../lib/root-store.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type Rotated,
  realMoneyOpen,
  useEdges,
  useFairness,
  useRotate,
  useStakeLimits,
} from '../api/originals.ts';
import { CARD_GAMES, type CardGame, isCardGame } from './card-rules.ts';

export type Mode = 'demo' | 'real';
/** The demo balance is shared by every original, in credits × 100. */
const DEMO_KEY = 'demo_balance';
const DEMO_START = 1_000_00;
const SOUND_KEY = 'originals_sound';

export const minorText = (n: bigint) =>
  `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 100n}.${String((n < 0n ? -n : n) % 100n).padStart(2, '0')}`;
export const x100Text = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
/** The amount's text to minor units, exactly (the server parses it the same way); 0n if invalid. */
export function stakeOf(amount: string): bigint {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : 0n;
}

function readDemo(): number {
  try {
    const v = Number(localStorage.getItem(DEMO_KEY));
    return Number.isFinite(v) && v > 0 ? v : DEMO_START;
  } catch {
    return DEMO_START;
  }
}

/**
 * What every original page shares: real or demo mode (real only when signed in and the
 * jurisdiction allows it), the play-money balance of demo mode (never the ledger), a demo seed pair
 * whose results the browser computes with the same package, the operator's edge, and sound.
 */
export type OriginalGame =
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'plinko'
  | 'crash'
  | 'keno'
  | 'wheel'
  | 'roulette'
  | CardGame
  | 'hilo'
  | 'blackjack';
const GAMES: readonly OriginalGame[] = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'crash',
  'keno',
  'wheel',
  'roulette',
  ...CARD_GAMES,
  'hilo',
  'blackjack',
];
/**
 * Where a game's texts live: Dice came first (`originals.dice`), Keno, Wheel, Roulette in
 * `originalsNum`, the card tables in `cardTables`, HiLo and Blackjack in `cardOriginals`.
 */
const textsOf = (game: OriginalGame) =>
  game === 'dice'
    ? 'originals.dice'
    : isCardGame(game)
      ? `cardTables.${game}`
      : game === 'hilo' || game === 'blackjack'
        ? `cardOriginals.${game}`
        : game === 'keno' || game === 'wheel' || game === 'roulette'
          ? `originalsNum.${game}`
          : `originals2.${game}`;
/** An original's title key (the verifier and the history name games with it). */
export const titleKey = (game: OriginalGame) => `${textsOf(game)}.title`;

export function useOriginal(game: OriginalGame) {
  const auth = useAuth();
  const edges = useEdges();
  const [mode, setMode] = useState<Mode>(auth.isAuthenticated ? 'real' : 'demo');
  const [realAllowed, setRealAllowed] = useState(true);
  const [demoBalance, setDemoBalanceState] = useState(readDemo);
  const [demoSeed] = useState(() => ({
    server: crypto.randomUUID().replaceAll('-', ''),
    client: crypto.randomUUID().slice(0, 8),
  }));
  const [demoNonce, setDemoNonce] = useState(0);
  const [demoHash, setDemoHash] = useState('');
  useEffect(() => {
    void realMoneyOpen().then((open) => {
      setRealAllowed(open);
      if (!open) setMode('demo');
    });
  }, []);
  useEffect(() => {
    if (!auth.isAuthenticated) setMode('demo');
  }, [auth.isAuthenticated]);
  useEffect(() => {
    void sha256Hex(demoSeed.server).then(setDemoHash);
  }, [demoSeed.server]);
  const setDemoBalance = useCallback((next: number) => {
    setDemoBalanceState(next);
    try {
      localStorage.setItem(DEMO_KEY, String(next));
    } catch {
      // Private mode: the demo balance lives for this page only.
    }
  }, []);
  return {
    mode,
    setMode,
    realAllowed: realAllowed && auth.isAuthenticated,
    signedIn: auth.isAuthenticated,
    demoBalance,
    setDemoBalance,
    demoSeeds: (nonce = demoNonce) => ({
      serverSeed: demoSeed.server,
      clientSeed: demoSeed.client,
      nonce,
    }),
    demo: { hash: demoHash, client: demoSeed.client, nonce: demoNonce },
    nextDemoNonce: () => setDemoNonce((n) => n + 1),
    edge_bp: edges.data?.[game] ?? 100,
  };
}
export type OriginalState = ReturnType<typeof useOriginal>;

/** Sounds are off until the player turns them on (then a short tone per event, Web Audio). */
export function useSound() {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(SOUND_KEY) === 'on';
    } catch {
      return false;
    }
  });
  const context = useRef<AudioContext | null>(null);
  const toggle = () => {
    const next = !on;
    setOn(next);
    try {
      localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    } catch {
      // not persisted
    }
  };
  const play = useCallback(
    (kind: 'tick' | 'win' | 'lose') => {
      if (!on) return;
      context.current ??= new AudioContext();
      const ctx = context.current;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = kind === 'win' ? 880 : kind === 'lose' ? 160 : 520;
      gain.gain.setValueAtTime(0.06, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.2);
    },
    [on],
  );
  return { on, toggle, play };
}

export function OriginalFrame({
  game,
  state,
  sound,
  controls,
  board,
  below,
}: {
  game: OriginalGame;
  state: OriginalState;
  sound: ReturnType<typeof useSound>;
  controls: ReactNode;
  board: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  const keys = textsOf(game);
  const title = t(`${keys}.title`);
  return (
    <PageFrame
      title={title}
      subtitle={t(`${keys}.subtitle`)}
      breadcrumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('nav.casino'), to: '/casino/home' },
        { label: title },
      ]}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[20rem_1fr]">
        <section
          className="order-2 flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-4 lg:order-1"
          aria-label={t('originals.controls')}
        >
          <ModeSwitch state={state} />
          {controls}
          <button
            type="button"
            onClick={sound.toggle}
            aria-pressed={sound.on}
            className="inline-flex items-center gap-1.5 self-start text-[13px] text-fg-subtle hover:text-fg"
            data-testid="sound-toggle"
          >
            {sound.on ? <SoundOnIcon size={16} /> : <SoundOffIcon size={16} />}
            {sound.on ? t('originals2.soundOn') : t('originals2.soundOff')}
          </button>
        </section>
        <section
          className="order-1 flex min-w-0 flex-col gap-4 rounded-2xl border border-ink-700 bg-gradient-to-b from-ink-850 to-ink-900 p-4 sm:p-5 lg:order-2"
          aria-label={t('originals.board')}
        >
          {board}
        </section>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {game !== 'crash' && <FairnessPanel state={state} />}
        {below}
      </div>
      <nav
        aria-label={t('originals2.more')}
        className="flex flex-wrap items-center gap-2 text-[13px]"
      >
        <span className="text-fg-subtle">{t('originals2.more')}</span>
        {GAMES.filter((g) => g !== game).map((g) => (
          <Link
            key={g}
            to={`/casino/originals/${g}`}
            className="rounded-full border border-ink-700 bg-ink-850 px-3 py-1 font-medium text-fg-muted transition-colors hover:border-accent-500 hover:text-fg"
          >
            {t(`${textsOf(g)}.title`)}
          </Link>
        ))}
      </nav>
    </PageFrame>
  );
}

function ModeSwitch({ state }: { state: OriginalState }) {
  const { t } = useTranslation();
  return (
    <>
      <div
        className="grid grid-cols-2 gap-1 rounded-lg bg-ink-900 p-1"
        role="radiogroup"
        aria-label={t('originals.mode')}
      >
        {(['real', 'demo'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={state.mode === m}
            disabled={m === 'real' && !state.realAllowed}
            onClick={() => state.setMode(m)}
            className={cn(
              'h-9 rounded-md text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40',
              state.mode === m
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
          state.mode === 'demo' ? 'bg-warning/10 text-warning' : 'bg-accent-500/10 text-accent-300',
        )}
        data-testid="mode-note"
      >
        {state.mode === 'demo'
          ? t('originals.demoNote', { balance: (state.demoBalance / 100).toFixed(2) })
          : t('originals.realNote')}
      </p>
      {!state.signedIn && (
        <Button variant="secondary" onClick={() => openModal('signIn')}>
          {t('originals.signInForReal')}
        </Button>
      )}
    </>
  );
}

/**
 * The stake input; with `game`, the operator's min and max stake for that game sit beside the
 * label, so a player learns the limits before the server refuses a bet.
 */
export function AmountField({
  amount,
  setAmount,
  disabled,
  testId,
  game,
}: {
  amount: string;
  setAmount: (v: string) => void;
  disabled?: boolean;
  testId: string;
  game?: OriginalGame;
}) {
  const { t } = useTranslation();
  const stake = stakeOf(amount);
  return (
    <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
      <span className="flex items-baseline justify-between gap-2">
        {t('originals.amount')}
        {game && <StakeLimits game={game} />}
      </span>
      <div className="flex gap-1.5">
        <input
          className="h-11 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg disabled:opacity-60"
          inputMode="decimal"
          value={amount}
          disabled={disabled}
          onChange={(event) => setAmount(event.target.value)}
          data-testid={testId}
        />
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => setAmount(minorText(stake / 2n > 0n ? stake / 2n : 1n))}
        >
          ½
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => setAmount(minorText(stake * 2n))}
        >
          2×
        </Button>
      </div>
    </label>
  );
}

/**
 * The game's min and max stake in minor units (null: none), for a panel that builds its stake
 * from chips and checks the slip's total as the server will; null until the limits are known.
 */
export function useGameLimits(game: OriginalGame) {
  const limits = useStakeLimits();
  const own = limits.data?.games[game];
  if (!own || !limits.data) return null;
  return {
    min_minor: own.min_bet ? stakeOf(own.min_bet) : null,
    max_minor: own.max_bet ? stakeOf(own.max_bet) : null,
    min: own.min_bet,
    max: own.max_bet,
    currency: limits.data.currency,
  };
}

/** "Min 0.10 · Max 500.00 EUR" for one game; nothing until the limits are known. */
export function StakeLimits({ game }: { game: OriginalGame }) {
  const { t } = useTranslation();
  const limits = useStakeLimits();
  const own = limits.data?.games[game];
  if (!own || !limits.data) return null;
  const parts = [
    own.min_bet && t('stakeLimits.min', { amount: own.min_bet }),
    own.max_bet && t('stakeLimits.max', { amount: own.max_bet }),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <span
      className="truncate text-right font-mono text-[12px] font-normal text-fg-subtle"
      title={t('stakeLimits.maxPayout', { amount: own.max_payout, currency: limits.data.currency })}
      data-testid={`stake-limits-${game}`}
    >
      {parts.join(' · ')} {limits.data.currency}
    </span>
  );
}

/** One labelled hash or seed: the label above, the value in full (it wraps on a phone). */
function SeedLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-[12px] text-fg-subtle">{label}</dt>
      <dd className="break-all font-mono text-[12px] leading-snug text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type Revealed = NonNullable<Rotated['previous']> & { matches: boolean };

/**
 * The seed pair the next bet uses, and the next server seed's hash, committed before the player
 * picks the client seed it will be paired with; rotating reveals the seed in use and checks, in
 * this browser, that it is the one whose hash was shown. Without `state` (the verifier page) it
 * shows the player's real seeds only.
 */
export function FairnessPanel({ state, title }: { state?: OriginalState; title?: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const fairness = useFairness();
  const rotate = useRotate();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const demo = state?.mode === 'demo';
  const signedIn = state ? state.signedIn : auth.isAuthenticated;
  const seeds = fairness.data;

  const onRotate = () => {
    if (!seeds) return;
    // The hash this panel showed for the seed in use: the revealed seed must match it.
    const shown = seeds.server_seed_hash;
    rotate.mutate(
      {
        client_seed: clientSeed.trim() || undefined,
        next_server_seed_hash: seeds.next_server_seed_hash,
      },
      {
        onSuccess: async (data) => {
          setClientSeed('');
          if (!data.previous) return setRevealed(null);
          setRevealed({
            ...data.previous,
            matches: await revealMatches(data.previous.server_seed, shown),
          });
        },
        onError: (error) => toast.error(error instanceof Error ? error.message : String(error)),
      },
    );
  };

  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]"
      data-testid="fairness"
    >
      <h2 className="text-base font-semibold text-fg">{title ?? t('originals.fairness')}</h2>
      <p className="text-fg-muted">{t('originals.fairnessBody')}</p>
      {!demo && !signedIn ? (
        <Button variant="secondary" onClick={() => openModal('signIn')}>
          {t('originals.signInForSeeds')}
        </Button>
      ) : (
        <div className="flex flex-col gap-2 rounded-xl bg-ink-900 p-3">
          <dl>
            <SeedLine
              label={t('originals.serverHash')}
              value={demo ? state.demo.hash : (seeds?.server_seed_hash ?? '—')}
              testId="fair-server-hash"
            />
          </dl>
          <dl className="flex flex-wrap gap-x-6 gap-y-2">
            <SeedLine
              label={t('originals.clientSeed')}
              value={demo ? state.demo.client : (seeds?.client_seed ?? '—')}
              testId="fair-client-seed"
            />
            <SeedLine
              label={t('originals.nextNonce')}
              value={String(demo ? state.demo.nonce : (seeds?.nonce ?? '—'))}
            />
          </dl>
          {!demo && (
            <dl>
              <SeedLine
                label={t('originals.nextServerHash')}
                value={seeds?.next_server_seed_hash ?? '—'}
                testId="fair-next-hash"
              />
            </dl>
          )}
        </div>
      )}
      {!demo && signedIn && (
        <div className="flex flex-col gap-2">
          <p className="text-fg-muted">{t('originals.rotateHint')}</p>
          <div className="flex flex-wrap gap-2">
            <input
              className="h-9 min-w-0 flex-[1_1_14rem] rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-fg"
              placeholder={t('originals.newClientSeed')}
              value={clientSeed}
              maxLength={64}
              onChange={(event) => setClientSeed(event.target.value)}
              aria-label={t('originals.newClientSeed')}
              data-testid="fair-client-input"
            />
            <Button
              size="sm"
              variant="secondary"
              loading={rotate.isPending}
              disabled={!seeds}
              onClick={onRotate}
              data-testid="fair-rotate"
            >
              {t('originals.rotate')}
            </Button>
          </div>
        </div>
      )}
      {revealed && (
        <div
          className="flex flex-col gap-2 rounded-xl border border-ink-700 p-3"
          data-testid="fair-revealed"
        >
          <dl>
            <SeedLine label={t('originals.revealed')} value={revealed.server_seed} />
          </dl>
          <p className={revealed.matches ? 'text-positive' : 'text-negative'} role="status">
            {revealed.matches ? t('originals.revealMatches') : t('originals.revealMismatch')}
          </p>
        </div>
      )}
      {state && (
        <Link to="/provably-fair" className="text-accent-300 hover:text-accent-400">
          {t('originals.verifyLink')}
        </Link>
      )}
    </div>
  );
}

/** Short stat tiles under the controls (multiplier, chance, win). */
export function Stats({
  items,
}: {
  items: { label: string; value: string; testId?: string; tone?: 'win' }[];
}) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center text-[13px]">
      {items.map((item) => (
        // A long label (Bengali, Thai) wraps rather than being cut; the values stay on one line.
        <div
          key={item.label}
          className="flex flex-col justify-between gap-0.5 rounded-lg bg-ink-900 px-2 py-2"
        >
          <dt className="leading-tight text-balance text-fg-subtle">{item.label}</dt>
          <dd
            className={cn(
              'font-mono font-semibold',
              item.tone === 'win' ? 'text-positive' : 'text-fg',
            )}
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
