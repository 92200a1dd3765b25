import {
  type BlackjackAction,
  type BlackjackState,
  blackjackAct,
  blackjackCards,
  blackjackDeal,
  blackjackLegal,
  blackjackPayout,
  blackjackResults,
  blackjackStaked,
  blackjackVisibleDealer,
  floats,
  handTotal,
  insuranceStake,
} from '@casino/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { betOutcome } from '../../../lib/bet-outcome.ts';
import {
  actBlackjack,
  activeBlackjack,
  type BlackjackView,
  startBlackjack,
} from '../api/card-rounds.ts';
import type { OriginalBet } from '../api/originals.ts';
import { BlackjackActions, BlackjackTable } from './blackjack-table.tsx';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { RoundStatus, useRoundGame } from './round-game.tsx';

type Round = {
  view: BlackjackView;
  over: boolean;
  staked: string;
  payout: string | null;
  /** Demo only: the whole round, played in the browser. */
  demo?: { state: BlackjackState; cards: number[]; base: bigint };
};

const fromBet = (bet: OriginalBet): Round => ({
  view: bet.details as unknown as BlackjackView,
  over: bet.state === 'settled',
  staked: bet.amount,
  payout: bet.state === 'settled' ? bet.payout : null,
});

/** A demo round's view, in the server's shape (the same package computes both). */
function demoView(state: BlackjackState, base: bigint): BlackjackView {
  const results = state.phase === 'done' ? blackjackResults(state) : null;
  const dealer = blackjackVisibleDealer(state);
  return {
    phase: state.phase,
    hands: state.hands.map((h, i) => ({
      cards: h.cards,
      ...handTotal(h.cards),
      doubled: h.doubled,
      done: h.done,
      amount: minorText(h.doubled ? base * 2n : base),
      result: results?.[i] ?? null,
    })),
    active: state.active,
    dealer: { cards: dealer, ...handTotal(dealer) },
    insurance: state.insurance,
    insurance_amount: minorText(insuranceStake(base)),
    legal: blackjackLegal(state).filter((a) => a !== 'insurance' || insuranceStake(base) > 0n),
    actions: state.actions,
    step: state.actions.length,
  };
}

/** Extra money a move puts on the round (demo balance check). */
const extraOf = (action: BlackjackAction, base: bigint) =>
  action === 'insurance'
    ? insuranceStake(base)
    : action === 'double' || action === 'split'
      ? base
      : 0n;

/** Blackjack: one hand against the dealer; hit, stand, double, split, insurance. */
export function BlackjackPage() {
  const { t } = useTranslation();
  const state = useOriginal('blackjack');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  // A hand in progress survives a reload (and a server restart): the server keeps it.
  const { round, setRound, busy, refresh, run, demoCovers } = useRoundGame(state, {
    active: activeBlackjack,
    fromBet,
    adopt: (bet) => setAmount(bet.amount),
  });

  const playing = round !== null && !round.over;

  const finishDemo = (s: BlackjackState, cards: number[], base: bigint, balance: number) => {
    const over = s.phase === 'done';
    const payout = over ? blackjackPayout(s, base) : 0n;
    if (over) state.setDemoBalance(balance + Number(payout));
    else state.setDemoBalance(balance);
    return {
      view: demoView(s, base),
      over,
      staked: minorText(blackjackStaked(s, base)),
      payout: over ? minorText(payout) : null,
      demo: { state: s, cards, base },
    };
  };

  const deal = async () => {
    const stake = stakeOf(amount);
    if (stake <= 0n) return;
    await run(async () => {
      let next: Round;
      if (state.mode === 'demo') {
        if (!demoCovers(stake)) return;
        const cards = blackjackCards(await floats(state.demoSeeds(), 52));
        state.nextDemoNonce();
        next = finishDemo(blackjackDeal(cards), cards, stake, state.demoBalance - Number(stake));
      } else {
        next = fromBet(await startBlackjack({ amount, idempotency_key: crypto.randomUUID() }));
        refresh();
      }
      setRound(next);
      sound.play(next.over ? (next.view.hands[0]?.result === 'lose' ? 'lose' : 'win') : 'tick');
    });
  };

  const move = async (action: BlackjackAction) => {
    if (!round || round.over || busy) return;
    await run(
      async () => {
        let next: Round;
        if (round.demo) {
          const { state: s, cards, base } = round.demo;
          const extra = extraOf(action, base);
          if (!demoCovers(extra)) return;
          next = finishDemo(
            blackjackAct(s, action, cards),
            cards,
            base,
            state.demoBalance - Number(extra),
          );
        } else {
          next = fromBet(await actBlackjack(action, round.view.step));
          if (next.over) refresh();
        }
        setRound(next);
        if (next.over) {
          const won = next.view.hands.some((h) => h.result === 'win' || h.result === 'blackjack');
          sound.play(won ? 'win' : 'lose');
        } else sound.play('tick');
      },
      // The hand may have moved on elsewhere (another tab): show it as it stands.
      () => {
        if (state.mode === 'real')
          void activeBlackjack().then((bet) => bet && setRound(fromBet(bet)));
      },
    );
  };

  const view = round?.view ?? null;
  const status = !round
    ? t('cardOriginals.blackjack.intro')
    : round.over
      ? betOutcome({
          state: 'settled',
          won: false,
          amount: round.staked,
          payout: round.payout ?? '0',
        }) === 'push'
        ? t('betPush.returned', { amount: round.payout })
        : Number(round.payout) > 0
          ? t('cardOriginals.blackjack.paid', { amount: round.payout })
          : t('cardOriginals.blackjack.lost')
      : view?.phase === 'insurance'
        ? t('cardOriginals.blackjack.insuranceTitle')
        : view && view.hands.length > 1
          ? t('cardOriginals.blackjack.playingHand', { n: view.active + 1 })
          : t('cardOriginals.blackjack.yourMove');

  return (
    <OriginalFrame
      game="blackjack"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={playing || busy}
            testId="bj-amount"
          />
          <Stats
            items={[
              { label: t('cardOriginals.staked'), value: round?.staked ?? '—' },
              { label: t('cardOriginals.blackjack.rtp'), value: '99.31 %' },
              {
                label: t('originals.win'),
                value: round?.payout ?? '—',
                tone: 'win',
                testId: 'bj-win',
              },
            ]}
          />
          <Button
            size="lg"
            block
            loading={busy && !playing}
            disabled={playing || stakeOf(amount) <= 0n}
            onClick={deal}
            data-testid="bj-deal"
          >
            {t('cardOriginals.blackjack.deal')}
          </Button>
          <Rules />
        </>
      }
      board={
        <>
          <BlackjackTable view={view} />
          <RoundStatus testId="bj-status">{status}</RoundStatus>
          <BlackjackActions view={playing ? view : null} busy={busy} onAct={move} />
        </>
      }
    />
  );
}

const RULES = ['deck', 'dealer', 'natural', 'insurance', 'double', 'split', 'edge'] as const;

/** The table rules, always one tap away (the issue asks that they be shown). */
function Rules() {
  const { t } = useTranslation();
  return (
    <details className="rounded-lg bg-ink-900 px-3 py-2 text-[13px] text-fg-muted" open>
      <summary className="cursor-pointer font-semibold text-fg">
        {t('cardOriginals.blackjack.rulesTitle')}
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-4" data-testid="bj-rules">
        {RULES.map((rule) => (
          <li key={rule}>{t(`cardOriginals.blackjack.rules.${rule}`)}</li>
        ))}
      </ul>
    </details>
  );
}
