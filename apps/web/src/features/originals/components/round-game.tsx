import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import type { OriginalBet } from '../api/originals.ts';
import type { OriginalState } from './original-shell.tsx';

/**
 * What the games played in steps (Mines, HiLo, Blackjack) share around their round: the round
 * in progress restored after a reload (the server keeps it), one request at a time, errors as
 * toasts, the fairness panel and the history refreshed when money moves, and the demo
 * balance's check before a stake.
 */
export function useRoundGame<R>(
  state: OriginalState,
  restore: {
    active: () => Promise<OriginalBet | null>;
    fromBet: (bet: OriginalBet) => R;
    /** The controls set from the round found (its amount, its number of mines). */
    adopt: (bet: OriginalBet) => void;
  },
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [round, setRound] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const { active, fromBet, adopt } = restore;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restored when the mode changes only
  useEffect(() => {
    if (state.mode !== 'real') {
      setRound(null);
      return;
    }
    void active()
      .then((bet) => {
        if (bet) {
          setRound(fromBet(bet));
          adopt(bet);
        } else setRound(null);
      })
      .catch(() => undefined);
  }, [state.mode]);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['fairness'] });
    void client.invalidateQueries({ queryKey: ['casino-bets'] });
  };
  const fail = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : String(error));
  /** Runs one request of the round: busy meanwhile, a refusal shown (then `recover`). */
  const run = async (work: () => Promise<void>, recover?: () => void) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
      recover?.();
    } finally {
      setBusy(false);
    }
  };
  /** Whether the demo balance covers `stake` (else the player is told). */
  const demoCovers = (stake: bigint) => {
    if (Number(stake) <= state.demoBalance) return true;
    toast.error(t('originals.demoTooLow'));
    return false;
  };
  return { round, setRound, busy, setBusy, refresh, fail, run, demoCovers };
}

/** The round's main button: the cash-out while it runs, the bet before and after. */
export function RoundButton({
  game,
  playing,
  busy,
  canCashOut,
  win,
  startDisabled,
  onStart,
  onCashOut,
}: {
  game: 'mines' | 'hilo';
  playing: boolean;
  busy: boolean;
  canCashOut: boolean;
  /** The win a cash-out takes now, as text. */
  win: string;
  startDisabled: boolean;
  onStart: () => void;
  onCashOut: () => void;
}) {
  const { t } = useTranslation();
  return playing ? (
    <Button
      size="lg"
      block
      loading={busy}
      disabled={!canCashOut}
      onClick={onCashOut}
      data-testid={`${game}-cashout`}
    >
      {t('originals2.cashOut', { amount: win })}
    </Button>
  ) : (
    <Button
      size="lg"
      block
      loading={busy}
      disabled={startDisabled}
      onClick={onStart}
      data-testid={`${game}-start`}
    >
      {t('originals2.bet')}
    </Button>
  );
}

/** The line under the board saying what happened and what to do next (read out when it changes). */
export function RoundStatus({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      className="min-h-5 text-center text-sm text-balance text-fg-muted"
      aria-live="polite"
      data-testid={testId}
    >
      {children}
    </p>
  );
}
