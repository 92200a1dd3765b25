import { MINES_TILES, minesMultiplier, minesPayout, minesPositions } from '@casino/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/cn.ts';
import {
  activeMines,
  cashOutMines,
  type OriginalBet,
  revealMine,
  startMines,
} from '../api/originals.ts';
import {
  AmountField,
  minorText,
  OriginalFrame,
  Stats,
  stakeOf,
  useOriginal,
  useSound,
} from './original-shell.tsx';
import { RoundButton, RoundStatus, useRoundGame } from './round-game.tsx';

type Round = {
  stake: bigint;
  mines: number;
  revealed: number[];
  /** Known once the round is over (or, in demo, to the browser from the start). */
  positions: number[] | null;
  over: boolean;
  busted: boolean;
  payout: string | null;
  edge_bp: number;
};

function fromBet(bet: OriginalBet): Round {
  const d = bet.details as {
    mines: number;
    revealed: number[];
    mine_positions: number[] | null;
    busted: boolean;
  };
  return {
    stake: stakeOf(bet.amount),
    mines: d.mines,
    revealed: d.revealed,
    positions: d.mine_positions,
    over: bet.state === 'settled',
    busted: d.busted,
    payout: bet.state === 'settled' ? bet.payout : null,
    edge_bp: bet.edge_bp,
  };
}

function Gem() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-3/5 drop-shadow-[0_2px_6px_rgb(34_197_94/0.6)]"
      aria-hidden="true"
    >
      <path d="M6 3h12l4 6-10 12L2 9z" fill="#22c55e" />
      <path
        d="M2 9h20M8.5 3 6 9l6 12 6-12-2.5-6"
        stroke="#bbf7d0"
        strokeWidth="1"
        fill="none"
        opacity=".7"
      />
    </svg>
  );
}
function Mine() {
  return (
    <svg viewBox="0 0 24 24" className="size-3/5" aria-hidden="true">
      <circle cx="12" cy="13" r="7" fill="#ef4444" />
      <path
        d="M12 2v4M4.5 5.5l2.5 2.5M19.5 5.5 17 8"
        stroke="#fca5a5"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="9.5" cy="10.5" r="1.8" fill="#fecaca" />
    </svg>
  );
}

/** Mines: a 5×5 field; pick gems, avoid the mines, cash out when you like. */
export function MinesPage() {
  const { t } = useTranslation();
  const state = useOriginal('mines');
  const sound = useSound();
  const [amount, setAmount] = useState('1.00');
  const [mines, setMines] = useState(3);
  const [pending, setPending] = useState<number | null>(null);
  const { round, setRound, busy, refresh, fail, run, demoCovers } = useRoundGame(state, {
    active: activeMines,
    fromBet,
    adopt: (bet) => {
      setMines((bet.details as { mines: number }).mines);
      setAmount(bet.amount);
    },
  });

  const playing = round !== null && !round.over;
  const gems = round ? round.revealed.length - (round.busted ? 1 : 0) : 0;
  const edge = round?.edge_bp ?? state.edge_bp;
  const currentWin = round && gems > 0 ? minesPayout(round.stake, round.mines, gems, edge) : 0n;
  const nextMultiplier =
    gems < MINES_TILES - mines
      ? minesMultiplier(playing ? round!.mines : mines, gems + 1, edge)
      : '—';

  const start = async () => {
    const stake = stakeOf(amount);
    if (stake <= 0n) return;
    await run(async () => {
      if (state.mode === 'demo') {
        if (!demoCovers(stake)) return;
        const positions = await minesPositions(state.demoSeeds(), mines);
        state.setDemoBalance(state.demoBalance - Number(stake));
        state.nextDemoNonce();
        setRound({
          stake,
          mines,
          revealed: [],
          positions,
          over: false,
          busted: false,
          payout: null,
          edge_bp: state.edge_bp,
        });
      } else {
        const bet = await startMines({ amount, mines, idempotency_key: crypto.randomUUID() });
        setRound(fromBet(bet));
        refresh();
      }
    });
  };

  const finishDemo = (next: Round, cashout: boolean) => {
    const g = next.revealed.length - (next.busted ? 1 : 0);
    if (next.busted) return { ...next, over: true, payout: '0.00' };
    if (cashout || g === MINES_TILES - next.mines) {
      const win = minesPayout(next.stake, next.mines, g, next.edge_bp);
      state.setDemoBalance(state.demoBalance + Number(win));
      return { ...next, over: true, payout: minorText(win) };
    }
    return next;
  };

  const reveal = async (tile: number) => {
    if (!round || round.over || round.revealed.includes(tile) || pending !== null) return;
    setPending(tile);
    try {
      let next: Round;
      if (state.mode === 'demo') {
        const busted = round.positions!.includes(tile);
        next = finishDemo({ ...round, revealed: [...round.revealed, tile], busted }, false);
      } else {
        next = fromBet(await revealMine(tile));
        if (next.over) refresh();
      }
      sound.play(next.busted ? 'lose' : next.over ? 'win' : 'tick');
      setRound(next);
    } catch (error) {
      fail(error);
    } finally {
      setPending(null);
    }
  };

  const cashout = async () => {
    if (!round || gems === 0) return;
    await run(async () => {
      const next = state.mode === 'demo' ? finishDemo(round, true) : fromBet(await cashOutMines());
      sound.play('win');
      setRound(next);
      refresh();
    });
  };

  return (
    <OriginalFrame
      game="mines"
      state={state}
      sound={sound}
      controls={
        <>
          <AmountField
            amount={amount}
            setAmount={setAmount}
            disabled={playing || busy}
            testId="mines-amount"
            game="mines"
          />
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
            {t('originals2.mines.count')}
            <select
              className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-[15px] text-fg disabled:opacity-60"
              value={mines}
              disabled={playing}
              onChange={(event) => setMines(Number(event.target.value))}
              data-testid="mines-count"
            >
              {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <Stats
            items={[
              { label: t('originals2.mines.gems'), value: String(gems) },
              {
                label: t('originals2.mines.next'),
                value: nextMultiplier === '—' ? '—' : `${Number(nextMultiplier).toFixed(2)}×`,
              },
              {
                label: t('originals.win'),
                value: minorText(currentWin),
                tone: 'win',
                testId: 'mines-win',
              },
            ]}
          />
          <RoundButton
            game="mines"
            playing={playing}
            busy={busy}
            canCashOut={gems > 0}
            win={minorText(currentWin)}
            startDisabled={stakeOf(amount) <= 0n}
            onStart={start}
            onCashOut={cashout}
          />
        </>
      }
      board={
        <>
          <div
            className="mx-auto grid w-full max-w-[30rem] grid-cols-5 gap-2 sm:gap-2.5"
            data-testid="mines-grid"
          >
            {Array.from({ length: MINES_TILES }, (_, tile) => {
              const open = round?.revealed.includes(tile) ?? false;
              const isMine = round?.positions?.includes(tile) ?? false;
              const shown = open || (round?.over && round.positions !== null);
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: the tiles are the positions 0–24
                  key={tile}
                  type="button"
                  disabled={!playing || open || pending !== null}
                  onClick={() => reveal(tile)}
                  aria-label={t('originals2.mines.tile', { n: tile + 1 })}
                  data-testid={`tile-${tile}`}
                  data-state={open ? (isMine ? 'mine' : 'gem') : 'hidden'}
                  className={cn(
                    'relative flex aspect-square items-center justify-center rounded-xl transition-[transform,background-color,opacity] duration-200 ease-out will-change-transform',
                    shown
                      ? isMine
                        ? open
                          ? 'bg-negative/25'
                          : 'bg-ink-900 opacity-60'
                        : open
                          ? 'bg-positive/15'
                          : 'bg-ink-900 opacity-50'
                      : 'bg-ink-700 shadow-[inset_0_-4px_0_rgb(0_0_0/0.25)] enabled:hover:-translate-y-0.5 enabled:hover:bg-ink-600 enabled:active:scale-95',
                    pending === tile && 'animate-pulse',
                  )}
                >
                  {shown && (
                    <span className="flex size-full scale-100 items-center justify-center transition-transform duration-200 starting:scale-50">
                      {isMine ? <Mine /> : <Gem />}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          <RoundStatus testId="mines-status">
            {round?.over
              ? round.busted
                ? t('originals2.mines.boom')
                : t('originals.youWon', { amount: round.payout })
              : playing
                ? t('originals2.mines.pick')
                : t('originals2.mines.intro')}
          </RoundStatus>
        </>
      }
    />
  );
}
