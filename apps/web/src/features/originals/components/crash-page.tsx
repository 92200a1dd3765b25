import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { API_BASE, ApiError, request } from '../../../lib/api-client.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { type Position, StreamPositions } from '../../../lib/stream-position.ts';
import { toast } from '../../../lib/toast.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
  x100Text,
} from './original-shell.tsx';

/** With reduced motion, the crash curve moves once a second. */
const REDUCED_STEP_MS = 1_000;

/** The server's curve: the multiplier is floor(100 × e^(0.00006 × ms)) hundredths. */
const GROWTH = 0.00006;
const multiplierAt = (ms: number) => Math.floor(100 * Math.exp(GROWTH * Math.max(0, ms)));

type Round = {
  id: string;
  status: 'betting' | 'running' | 'crashed' | 'cancelled';
  betting_ends_at: string;
  started_at: string | null;
  hash: string | null;
  crash_point: string | null;
};
type PublicBet = {
  /** The bet's id: a page finds its own bet here (the server makes auto cash-outs). */
  id?: string;
  player: string;
  amount: string;
  currency: string;
  cashout: string | null;
  status: string;
};
type CrashState = {
  now: string;
  round: Round | null;
  bets: PublicBet[];
  history: Round[];
  chain: { terminating_hash: string; salt: string } | null;
  /** Where the live pushes stood when this state was read (GET /casino/crash/state). */
  stream?: Position | null;
};
type MyBet = {
  /** The server's bet id (real money); null in demo mode. */
  id: string | null;
  stake: bigint;
  auto: number | null;
  cashout: number | null;
  status: 'active' | 'cashed' | 'lost' | 'refunded';
  payout: string;
};
/** A bet of the player's as `GET /customer/casino/crash/bets` returns it. */
type ServerBet = {
  id: string;
  round_id: string;
  amount: string;
  auto_cashout: string | null;
  cashout: string | null;
  payout: string;
  status: 'placing' | 'active' | 'cashed' | 'lost' | 'refunded' | 'refused';
};
type Push = Position &
  (
    | { type: 'state'; data: CrashState }
    | { type: 'round'; data: Round }
    | { type: 'bets'; round_id: string; data: PublicBet[] }
    | { type: 'tick'; now: string }
  );

const parseX100 = (text: string) => {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
};

/** Crash: one round for everybody, live over a WebSocket; cash out before it crashes. */
export function CrashPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useOriginal('crash');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [autoText, setAutoText] = useState('2.00');
  const [round, setRound] = useState<Round | null>(null);
  const [bets, setBets] = useState<PublicBet[]>([]);
  const [history, setHistory] = useState<Round[]>([]);
  const [chain, setChain] = useState<CrashState['chain']>(null);
  const [mine, setMine] = useState<MyBet | null>(null);
  const [busy, setBusy] = useState(false);
  const [connected, setConnected] = useState(false);
  const offset = useRef(0);
  const mineRef = useRef<MyBet | null>(null);
  mineRef.current = mine;
  const roundRef = useRef<Round | null>(null);
  roundRef.current = round;
  const label = useRef<HTMLSpanElement>(null);
  const path = useRef<SVGPathElement>(null);
  const area = useRef<SVGPathElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const stateRef = useRef(state);
  /** The server's clock (the socket tells the offset): the curve must match the server's. */
  const serverNow = useCallback(() => Date.now() + offset.current, []);
  stateRef.current = state;

  const soundRef = useRef(sound);
  soundRef.current = sound;

  /**
   * The server's word on the player's real bet: it cashes out automatically (the auto cash-out
   * or the max payout) without the page asking, so the page never decides a real bet's outcome
   * itself. Changes `mine` only while it is still the same bet.
   */
  const syncMine = useCallback(async (id: string) => {
    let bet: ServerBet | undefined;
    try {
      const body = (await request('/customer/casino/crash/bets')) as { data: ServerBet[] };
      bet = body.data.find((b) => b.id === id);
    } catch {
      return;
    }
    const my = mineRef.current;
    if (!bet || my?.id !== id || my.status !== 'active') return;
    if (bet.status === 'cashed') {
      setMine({
        ...my,
        status: 'cashed',
        cashout: parseX100(bet.cashout ?? ''),
        payout: bet.payout,
      });
      soundRef.current.play('win');
    } else if (bet.status === 'lost' || bet.status === 'refunded') {
      setMine({ ...my, status: bet.status });
      if (bet.status === 'lost') soundRef.current.play('lose');
    }
  }, []);

  // Stable for the socket's lifetime: it reads the latest state through refs.
  const onRound = useCallback(
    (next: Round) => {
      setRound(next);
      if (next.status === 'crashed' || next.status === 'cancelled') {
        setHistory((list) => [next, ...list.filter((r) => r.id !== next.id)].slice(0, 20));
        const my = mineRef.current;
        if (my?.status === 'active') {
          if (my.id !== null) {
            // Real money: a bet still riding here may have been cashed out by the server.
            void syncMine(my.id);
          } else if (next.status === 'cancelled') {
            stateRef.current.setDemoBalance(stateRef.current.demoBalance + Number(my.stake));
            setMine({ ...my, status: 'refunded' });
          } else if (my.auto !== null && my.auto <= parseX100(next.crash_point ?? '')) {
            // Demo: the round reached the auto cash-out even if no frame drew that moment.
            const payout = (my.stake * BigInt(my.auto)) / 100n;
            stateRef.current.setDemoBalance(stateRef.current.demoBalance + Number(payout));
            setMine({ ...my, status: 'cashed', cashout: my.auto, payout: minorText(payout) });
            soundRef.current.play('win');
          } else {
            setMine({ ...my, status: 'lost' });
            soundRef.current.play('lose');
          }
        }
        void client.invalidateQueries({ queryKey: ['casino-bets'] });
      }
      if (next.status === 'betting') setMine(null);
    },
    [client, syncMine],
  );

  /** A public bets push: the player's own real bet, cashed or lost on the server, shows at once. */
  const onBets = useCallback(
    (list: PublicBet[]) => {
      setBets(list);
      const my = mineRef.current;
      if (my?.id == null || my.status !== 'active') return;
      const own = list.find((b) => b.id === my.id);
      if (own && own.status !== 'active' && own.status !== 'placing') void syncMine(my.id);
    },
    [syncMine],
  );

  // The live socket (reconnects); the first message is the whole state.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Pushes come from whichever instance runs the round: a gap in them means a re-read.
    const positions = new StreamPositions();
    let rereading = false;
    const applyState = (state: CrashState) => {
      offset.current = new Date(state.now).getTime() - Date.now();
      onBets(state.bets);
      setHistory(state.history);
      setChain(state.chain);
      if (state.round) onRound(state.round);
    };
    const reread = () => {
      if (rereading) return;
      rereading = true;
      request('/casino/crash/state')
        .then((body) => {
          const state = (body as { data: CrashState }).data;
          if (stopped) return;
          positions.reset('crash', state.stream);
          applyState(state);
        })
        .catch(() => {})
        .finally(() => {
          rereading = false;
        });
    };
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${API_BASE}/casino/crash/ws`);
      socket.onopen = () => setConnected(true);
      socket.onmessage = (event) => {
        const push = JSON.parse(String(event.data)) as Push;
        if (push.type === 'state') {
          positions.reset('crash', push);
          applyState(push.data);
          return;
        }
        const step = positions.accept('crash', push);
        if (step === 'stale') return;
        if (step === 'gap') reread();
        if (push.type === 'round') onRound(push.data);
        else if (push.type === 'bets') onBets(push.data);
        else if (push.type === 'tick') offset.current = new Date(push.now).getTime() - Date.now();
      };
      socket.onclose = () => {
        setConnected(false);
        if (!stopped) retry = setTimeout(connect, 2_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [onRound, onBets]);

  // The animation: the number, the curve and the countdown, written straight to the DOM each frame.
  // The round runs in real time, so reduced motion cannot skip it: the number still counts, but
  // the curve and the countdown bar move in one step a second instead of gliding.
  useEffect(() => {
    let frame = 0;
    const reduced = prefersReducedMotion();
    let lastStep = 0;
    const draw = () => {
      const r = roundRef.current;
      const now = serverNow();
      const step = !reduced || now - lastStep >= REDUCED_STEP_MS;
      if (step) lastStep = now;
      if (r?.status === 'running' && r.started_at) {
        const ms = now - new Date(r.started_at).getTime();
        const m = multiplierAt(ms);
        if (label.current) label.current.textContent = `${x100Text(m)}×`;
        if (!step) {
          frame = requestAnimationFrame(draw);
          return;
        }
        const xMax = Math.max(8_000, ms);
        const yMax = Math.max(200, m * 1.15);
        let d = 'M0,100';
        // The smooth curve (not floored to hundredths) so the line does not step.
        for (let i = 1; i <= 60; i++) {
          const tms = (ms * i) / 60;
          const y = 100 - ((100 * Math.exp(GROWTH * tms) - 100) / (yMax - 100)) * 100;
          d += ` L${((tms / xMax) * 100).toFixed(2)},${y.toFixed(2)}`;
        }
        path.current?.setAttribute('d', d);
        area.current?.setAttribute('d', `${d} L${((ms / xMax) * 100).toFixed(2)},100 Z`);
        // Demo: the browser cashes out at the player's auto cash-out.
        const my = mineRef.current;
        if (
          stateRef.current.mode === 'demo' &&
          my?.status === 'active' &&
          my.auto !== null &&
          m >= my.auto
        ) {
          const payout = (my.stake * BigInt(my.auto)) / 100n;
          stateRef.current.setDemoBalance(stateRef.current.demoBalance + Number(payout));
          setMine({ ...my, status: 'cashed', cashout: my.auto, payout: minorText(payout) });
          soundRef.current.play('win');
        }
      } else if (r?.status === 'betting') {
        const left = Math.max(0, new Date(r.betting_ends_at).getTime() - now);
        if (label.current) label.current.textContent = `${(left / 1000).toFixed(1)}s`;
        if (step && bar.current)
          bar.current.style.transform = `scaleX(${Math.min(1, left / 7_000)})`;
        path.current?.setAttribute('d', 'M0,100');
        area.current?.setAttribute('d', 'M0,100 Z');
      } else if (r && label.current) {
        label.current.textContent = `${r.crash_point ?? '—'}×`;
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [serverNow]);

  const stake = stakeOf(amount);
  const auto = autoText.trim() === '' ? null : parseX100(autoText);
  const autoValid = auto === null || (auto >= 101 && auto <= 100_000_000);
  const canBet = round?.status === 'betting' && mine === null && stake > 0n && autoValid;
  const riding = mine?.status === 'active' && round?.status === 'running';

  const bet = async () => {
    if (!canBet) return;
    setBusy(true);
    try {
      if (state.mode === 'demo') {
        if (Number(stake) > state.demoBalance) {
          toast.error(t('originals.demoTooLow'));
          return;
        }
        state.setDemoBalance(state.demoBalance - Number(stake));
        setMine({ id: null, stake, auto, cashout: null, status: 'active', payout: '0.00' });
      } else {
        const body = (await request('/customer/casino/crash/bet', {
          json: {
            amount,
            auto_cashout: auto === null ? null : x100Text(auto),
            idempotency_key: crypto.randomUUID(),
          },
        })) as { data: { id: string } };
        setMine({
          id: body.data.id,
          stake,
          auto,
          cashout: null,
          status: 'active',
          payout: '0.00',
        });
      }
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const cashout = async () => {
    const my = mine;
    const r = round;
    if (!my || !r?.started_at) return;
    setBusy(true);
    try {
      if (state.mode === 'demo') {
        const m = multiplierAt(serverNow() - new Date(r.started_at).getTime());
        const payout = (my.stake * BigInt(m)) / 100n;
        state.setDemoBalance(state.demoBalance + Number(payout));
        setMine({ ...my, status: 'cashed', cashout: m, payout: minorText(payout) });
      } else {
        const body = (await request('/customer/casino/crash/cashout', { json: {} })) as {
          data: { cashout: string; payout: string };
        };
        setMine({
          ...my,
          status: 'cashed',
          cashout: parseX100(body.data.cashout),
          payout: body.data.payout,
        });
      }
      sound.play('win');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const crashed = round?.status === 'crashed' || round?.status === 'cancelled';
  return (
    <OriginalFrame
      game="crash"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={mine !== null}
            testId="crash-amount"
            game="crash"
          />
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originals2.crash.auto')}
            <input
              className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg disabled:opacity-60"
              inputMode="decimal"
              value={autoText}
              disabled={mine !== null}
              placeholder={t('originals2.crash.noAuto')}
              onChange={(event) => setAutoText(event.target.value)}
              aria-invalid={!autoValid}
              data-testid="crash-auto"
            />
          </label>
          {riding ? (
            <Button size="lg" block loading={busy} onClick={cashout} data-testid="crash-cashout">
              {t('originals2.crash.cashOutNow')}
            </Button>
          ) : (
            <Button
              size="lg"
              block
              loading={busy}
              disabled={!canBet}
              onClick={bet}
              data-testid="crash-bet"
            >
              {round?.status === 'betting' && mine === null
                ? t('originals2.bet')
                : t('originals2.crash.wait')}
            </Button>
          )}
          <p className="min-h-5 text-center text-sm" aria-live="polite" data-testid="crash-mine">
            {mine?.status === 'active' &&
              t('originals2.crash.riding', { amount: minorText(mine.stake) })}
            {mine?.status === 'cashed' && (
              <span className="text-positive">
                {t('originals2.crash.cashed', {
                  at: x100Text(mine.cashout ?? 100),
                  amount: mine.payout,
                })}
              </span>
            )}
            {mine?.status === 'lost' && (
              <span className="text-negative">{t('originals2.crash.lost')}</span>
            )}
            {mine?.status === 'refunded' && (
              <span className="text-fg-muted">
                {t('originals2.crash.refunded', { amount: minorText(mine.stake) })}
              </span>
            )}
          </p>
        </>
      }
      board={
        <>
          <div className="flex h-8 gap-1.5 overflow-hidden" data-testid="crash-history-strip">
            {history.slice(0, 12).map((r) => (
              <span
                key={r.id}
                className={cn(
                  'rounded-md px-2 py-1 font-mono text-[12px] font-semibold',
                  r.status === 'cancelled'
                    ? 'bg-ink-800 text-fg-subtle'
                    : Number(r.crash_point) >= 2
                      ? 'bg-positive/15 text-positive'
                      : 'bg-negative/15 text-negative',
                )}
              >
                {r.status === 'cancelled' ? '—' : `${r.crash_point}×`}
              </span>
            ))}
          </div>
          <div
            className="relative aspect-[16/10] w-full overflow-hidden rounded-xl bg-ink-950/60"
            data-testid="crash-chart"
          >
            <svg
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              className="absolute inset-0 size-full"
              aria-hidden="true"
            >
              <defs>
                <linearGradient id="crash-fill" x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0" stopColor="#2f8cff" stopOpacity=".45" />
                  <stop offset="1" stopColor="#2f8cff" stopOpacity="0" />
                </linearGradient>
              </defs>
              {[25, 50, 75].map((y) => (
                <line
                  key={y}
                  x1="0"
                  x2="100"
                  y1={y}
                  y2={y}
                  stroke="#ffffff"
                  strokeOpacity=".05"
                  strokeWidth=".3"
                />
              ))}
              <path ref={area} d="M0,100 Z" fill="url(#crash-fill)" />
              <path
                ref={path}
                d="M0,100"
                fill="none"
                stroke={crashed ? '#ef4444' : '#5aa7ff'}
                strokeWidth="1.2"
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
                style={{ strokeWidth: 3 }}
              />
            </svg>
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2">
              <span
                ref={label}
                className={cn(
                  'font-mono text-5xl font-black tabular-nums tracking-tight sm:text-7xl',
                  crashed
                    ? 'text-negative'
                    : round?.status === 'betting'
                      ? 'text-fg-muted'
                      : 'text-fg',
                )}
                data-testid="crash-multiplier"
              >
                —
              </span>
              <span className="text-sm font-medium text-fg-muted" data-testid="crash-phase">
                {!connected
                  ? t('originals2.crash.connecting')
                  : round?.status === 'betting'
                    ? t('originals2.crash.betting')
                    : crashed
                      ? t('originals2.crash.crashed')
                      : round?.status === 'running'
                        ? t('originals2.crash.running')
                        : t('originals2.crash.waiting')}
              </span>
              {round?.status === 'betting' && (
                <div className="h-1 w-40 overflow-hidden rounded-full bg-ink-800">
                  <div
                    ref={bar}
                    className="h-full origin-left rounded-full bg-accent-500 will-change-transform"
                  />
                </div>
              )}
            </div>
          </div>
          <Stats
            items={[
              { label: t('originals2.crash.players'), value: String(bets.length) },
              {
                label: t('originals2.crash.cashedCount'),
                value: String(bets.filter((b) => b.status === 'cashed').length),
              },
              { label: t('originals2.crash.round'), value: round ? `#${round.id}` : '—' },
            ]}
          />
        </>
      }
      below={
        <>
          <div className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]">
            <h2 className="text-base font-semibold text-fg">{t('originals2.crash.players')}</h2>
            {bets.length === 0 ? (
              <p className="text-fg-muted">{t('originals2.crash.noBets')}</p>
            ) : (
              <ul className="divide-y divide-ink-700">
                {bets.map((b) => (
                  <li key={b.player} className="flex justify-between gap-2 py-1.5 font-mono">
                    <span className="text-fg-muted">{b.player}</span>
                    <span>
                      {b.amount} {b.currency}
                    </span>
                    <span
                      className={
                        b.status === 'cashed'
                          ? 'text-positive'
                          : b.status === 'lost'
                            ? 'text-negative'
                            : 'text-fg-subtle'
                      }
                    >
                      {b.cashout ? `${b.cashout}×` : '—'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div
            className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]"
            data-testid="crash-fairness"
          >
            <h2 className="text-base font-semibold text-fg">{t('originals2.crash.fairTitle')}</h2>
            <p className="text-fg-muted">{t('originals2.crash.fairBody')}</p>
            {chain && (
              <div className="break-all font-mono text-[12px] text-fg">
                <span className="text-fg-subtle">{t('originals2.crash.terminating')} </span>
                {chain.terminating_hash}
                <br />
                <span className="text-fg-subtle">{t('originals2.crash.salt')} </span>
                {chain.salt}
              </div>
            )}
            <ul
              className="divide-y divide-ink-700 font-mono text-[12px]"
              data-testid="crash-rounds"
            >
              {history.slice(0, 8).map((r) => (
                <li key={r.id} className="flex items-center gap-3 py-1.5">
                  <span className="w-12 shrink-0 text-fg-subtle">#{r.id}</span>
                  <span className="w-16 shrink-0 font-semibold">
                    {r.status === 'cancelled' ? '—' : `${r.crash_point}×`}
                  </span>
                  <span className="min-w-0 truncate text-fg-muted" title={r.hash ?? ''}>
                    {r.hash}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </>
      }
    />
  );
}
