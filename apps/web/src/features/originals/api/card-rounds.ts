import { envelope } from '@casino/contracts/envelope';
import type { BlackjackAction, HiloGuess } from '@casino/games';
import { parseResponse, request } from '../../../lib/api-client.ts';
import { diceBet } from './originals.ts';

/** HiLo and Blackjack: rounds of several requests (the server keeps them across reloads). */
async function call(path: string, label: string, input?: object) {
  return parseResponse(
    envelope(diceBet),
    await request(path, input ? { json: input } : { json: {} }),
    label,
  ).data;
}
async function active(path: string, label: string) {
  return parseResponse(envelope(diceBet.nullable()), await request(path), label).data;
}

export const startHilo = (input: { amount: string; idempotency_key: string }) =>
  call('/customer/casino/originals/hilo/start', 'hilo start', input);
export const guessHilo = (guess: HiloGuess, step: number) =>
  call('/customer/casino/originals/hilo/guess', 'hilo guess', { guess, step });
export const cashOutHilo = (step: number) =>
  call('/customer/casino/originals/hilo/cashout', 'hilo cash-out', { step });
export const activeHilo = () => active('/customer/casino/originals/hilo/active', 'hilo round');

export const startBlackjack = (input: { amount: string; idempotency_key: string }) =>
  call('/customer/casino/originals/blackjack/start', 'blackjack deal', input);
export const actBlackjack = (action: BlackjackAction, step: number) =>
  call('/customer/casino/originals/blackjack/action', 'blackjack move', { action, step });
export const activeBlackjack = () =>
  active('/customer/casino/originals/blackjack/active', 'blackjack hand');

/** Blackjack's `details`, as the server sends them. */
export type BlackjackView = {
  phase: 'insurance' | 'player' | 'done';
  hands: {
    cards: number[];
    total: number;
    soft: boolean;
    doubled: boolean;
    done: boolean;
    amount: string;
    result: 'blackjack' | 'win' | 'push' | 'lose' | null;
  }[];
  active: number;
  dealer: { cards: number[]; total: number; soft: boolean };
  insurance: 'offered' | 'taken' | 'declined' | null;
  insurance_amount: string;
  legal: BlackjackAction[];
  actions: BlackjackAction[];
  step: number;
};

/** HiLo's `details`. */
export type HiloView = {
  cards: number[];
  steps: { guess: HiloGuess; card: number; won: boolean; winning_ranks: number }[];
  guesses_made: HiloGuess[];
  lost: boolean;
  current_multiplier: string;
  next: Record<
    'higher' | 'lower' | 'same',
    { chance_bp: number; multiplier: string | null }
  > | null;
  cards_left: number;
  step: number;
  can_cash_out: boolean;
};
