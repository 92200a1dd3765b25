import {
  floats,
  type HiloGuess,
  type HiloRound,
  hiloCards,
  hiloGuess,
  hiloMultiplier,
  hiloPayout,
  hiloRank,
  hiloStart,
  hiloWinningRanks,
} from '@casino/games';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { formatPercent } from '../../../lib/format.ts';
import {
  activeHilo,
  cashOutHilo,
  guessHilo,
  type HiloView,
  startHilo,
} from '../api/card-rounds.ts';
import type { OriginalBet } from '../api/originals.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { PlayingCard } from './playing-card.tsx';
import { RoundButton, RoundStatus, useRoundGame } from './round-game.tsx';

type Round = {
  view: HiloView;
  stake: bigint;
  edge_bp: number;
  over: boolean;
  payout: string | null;
  /** Demo only: the round's cards, known to the browser from the start. */
  demo?: { round: HiloRound; cards: number[] };
};

const fromBet = (bet: OriginalBet): Round => ({
  view: bet.details as unknown as HiloView,
  stake: stakeOf(bet.amount),
  edge_bp: bet.edge_bp,
  over: bet.state === 'settled',
  payout: bet.state === 'settled' ? bet.payout : null,
});

/** A demo round in the server's shape. */
function demoView(round: HiloRound, edge: number, open: boolean): HiloView {
  const rank = hiloRank(round.cards[round.cards.length - 1]!);
  const next = Object.fromEntries(
    (['higher', 'lower', 'same'] as const).map((g) => {
      const k = hiloWinningRanks(rank, g);
      return [
        g,
        {
          chance_bp: Math.floor((k * 10_000) / 13),
          multiplier: k === 0 ? null : hiloMultiplier([...round.ks, k], edge),
        },
      ];
    }),
  ) as HiloView['next'];
  return {
    cards: round.cards,
    steps: round.steps,
    guesses_made: round.steps.map((s) => s.guess),
    lost: round.lost,
    current_multiplier: round.ks.length === 0 ? '1.0000' : hiloMultiplier(round.ks, edge),
    next: open ? next : null,
    cards_left: 52 - round.cards.length,
    step: round.steps.length,
    can_cash_out: open && round.ks.length > 0,
  };
}

const ARROW: Record<HiloGuess, string> = { higher: '▲', lower: '▼', same: '=', skip: '»' };
const x = (m: string | null) => (m === null ? '—' : `${Number(m).toFixed(2)}×`);

/** HiLo: guess whether the next card is higher, lower or the same; cash out any time. */
export function HiloPage() {
  const { t } = useTranslation();
  const state = useOriginal('hilo');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const { round, setRound, busy, refresh, run, demoCovers } = useRoundGame(state, {
    active: activeHilo,
    fromBet,
    adopt: (bet) => setAmount(bet.amount),
  });

  const playing = round !== null && !round.over;
  const edge = state.edge_bp;
  const view = round?.view ?? null;
  // The won guesses' winning-rank counts: the payout exactly as the server computes it.
  const ks = view?.steps.filter((s) => s.won && s.guess !== 'skip').map((s) => s.winning_ranks);
  const win = round && ks && ks.length > 0 ? hiloPayout(round.stake, ks, round.edge_bp) : 0n;

  const start = async () => {
    const stake = stakeOf(amount);
    if (stake <= 0n) return;
    await run(async () => {
      if (state.mode === 'demo') {
        if (!demoCovers(stake)) return;
        const cards = hiloCards(await floats(state.demoSeeds(), 52));
        state.nextDemoNonce();
        state.setDemoBalance(state.demoBalance - Number(stake));
        const r = hiloStart(cards);
        setRound({
          view: demoView(r, edge, true),
          stake,
          edge_bp: edge,
          over: false,
          payout: null,
          demo: { round: r, cards },
        });
      } else {
        setRound(fromBet(await startHilo({ amount, idempotency_key: crypto.randomUUID() })));
        refresh();
      }
    });
  };

  const guess = async (g: HiloGuess) => {
    if (!round || round.over || busy) return;
    await run(async () => {
      let next: Round;
      if (round.demo) {
        const r = hiloGuess(round.demo.round, g, round.demo.cards);
        const done = r.lost || r.cards.length >= 52;
        const paid = r.lost ? 0n : hiloPayout(round.stake, r.ks, edge);
        if (done && !r.lost) state.setDemoBalance(state.demoBalance + Number(paid));
        next = {
          ...round,
          view: demoView(r, edge, !done),
          over: done,
          payout: done ? minorText(paid) : null,
          demo: { round: r, cards: round.demo.cards },
        };
      } else {
        next = fromBet(await guessHilo(g, round.view.step));
        if (next.over) refresh();
      }
      sound.play(next.view.lost ? 'lose' : 'tick');
      setRound(next);
    });
  };

  const cashout = async () => {
    if (!round || !view?.can_cash_out) return;
    await run(async () => {
      let next: Round;
      if (round.demo) {
        const paid = hiloPayout(round.stake, round.demo.round.ks, edge);
        state.setDemoBalance(state.demoBalance + Number(paid));
        next = {
          ...round,
          view: demoView(round.demo.round, edge, false),
          over: true,
          payout: minorText(paid),
        };
      } else {
        next = fromBet(await cashOutHilo(round.view.step));
        refresh();
      }
      sound.play('win');
      setRound(next);
    });
  };

  const current = view ? view.cards[view.cards.length - 1]! : null;
  return (
    <OriginalFrame
      game="hilo"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={playing || busy}
            testId="hilo-amount"
          />
          <Stats
            items={[
              {
                label: t('originals.multiplier'),
                value: view ? x(view.current_multiplier) : '—',
                testId: 'hilo-multiplier',
              },
              {
                label: t('cardOriginals.hilo.cardsLeft'),
                value: view ? String(view.cards_left) : '52',
              },
              {
                label: t('originals.win'),
                value: round?.payout ?? minorText(win),
                tone: 'win',
                testId: 'hilo-win',
              },
            ]}
          />
          <RoundButton
            game="hilo"
            playing={playing}
            busy={busy}
            canCashOut={view?.can_cash_out === true}
            win={minorText(win)}
            startDisabled={stakeOf(amount) <= 0n}
            onStart={start}
            onCashOut={cashout}
          />
          <p className="text-[13px] text-fg-subtle">{t('cardOriginals.hilo.rules')}</p>
        </>
      }
      board={
        <>
          <div className="flex items-center justify-center gap-4 py-3 sm:gap-8 sm:py-6">
            <PlayingCard
              index={current}
              size="lg"
              testId="hilo-card"
              highlight={round?.over === true && !view?.lost}
            />
          </div>
          <fieldset className="grid grid-cols-3 gap-2" aria-label={t('cardOriginals.moves')}>
            {(['higher', 'lower', 'same'] as const).map((g) => {
              const option = view?.next?.[g];
              const possible = option?.multiplier != null;
              return (
                <button
                  key={g}
                  type="button"
                  disabled={!playing || busy || !possible}
                  onClick={() => guess(g)}
                  data-testid={`hilo-${g}`}
                  className={cn(
                    'flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-2 font-semibold transition-[background-color,transform] enabled:active:scale-95 disabled:cursor-not-allowed disabled:opacity-40',
                    g === 'same'
                      ? 'bg-ink-700 text-fg enabled:hover:bg-ink-600'
                      : 'bg-accent-500 text-white enabled:hover:bg-accent-400',
                  )}
                >
                  <span className="text-[15px]">
                    {ARROW[g]} {t(`cardOriginals.hilo.${g}`)}
                  </span>
                  <span className="font-mono text-[12px] opacity-90">
                    {option
                      ? `${formatPercent(option.chance_bp / 100, i18n.language, 2)} · ${x(option.multiplier)}`
                      : '—'}
                  </span>
                </button>
              );
            })}
          </fieldset>
          <Button
            variant="secondary"
            disabled={!playing || busy}
            onClick={() => guess('skip')}
            data-testid="hilo-skip"
          >
            {ARROW.skip} {t('cardOriginals.hilo.skip')}
          </Button>
          <RoundStatus testId="hilo-status">
            {!round
              ? t('cardOriginals.hilo.intro')
              : round.over
                ? view?.lost
                  ? t('cardOriginals.hilo.lost')
                  : t('originals.youWon', { amount: round.payout })
                : t('cardOriginals.hilo.pick')}
          </RoundStatus>
          <History view={view} />
        </>
      }
    />
  );
}

/** The round so far: each card with the guess that led to it (won green, missed red). */
function History({ view }: { view: HiloView | null }) {
  const { t } = useTranslation();
  if (!view || view.cards.length < 2) return null;
  return (
    <ol
      className="flex gap-1.5 overflow-x-auto pb-1"
      aria-label={t('cardOriginals.hilo.history')}
      data-testid="hilo-history"
    >
      {view.cards.map((card, i) => {
        const step = i === 0 ? null : view.steps[i - 1]!;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a round never reorder
          <li key={i} className="flex shrink-0 flex-col items-center gap-1">
            <PlayingCard index={card} size="sm" />
            <span
              className={cn(
                'rounded-full px-1.5 text-[11px] font-bold',
                step === null
                  ? 'text-fg-subtle'
                  : step.won
                    ? 'bg-positive/20 text-positive'
                    : 'bg-negative/20 text-negative',
              )}
            >
              {step === null ? t('cardOriginals.hilo.startCard') : ARROW[step.guess]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
