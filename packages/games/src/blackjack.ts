import { cardFromFloat, DECK_SIZE } from './cards.ts';

/**
 * Blackjack, one player against the dealer, from an infinite deck (docs/decisions/0550).
 *
 * Cards: float k of the bet is card k, `floor(f_k × 52)` in Stake's index order (cards.ts), at
 * most 52 cards a round. They are dealt in the order they are revealed: player, dealer (up),
 * player, dealer (hole), then each further card when it is needed — the player's hits, the
 * second card of a split hand when play reaches it, then the dealer's draws.
 *
 * Rules: dealer stands on all 17s; blackjack pays 3:2; the dealer peeks on an ace or a ten
 * (a dealer blackjack ends the round at once, the player losing only the first stake); insurance
 * (half the stake, pays 2:1) is offered when the dealer shows an ace; double on any first two
 * cards; one split of any two cards of the same rank; split aces take one card each; no double
 * after a split; 21 on a split hand is not a blackjack. A hand that reaches 21 stands by itself.
 */
export const BLACKJACK_CARDS_MAX = DECK_SIZE;

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no_insurance';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no_insurance',
];

export type BlackjackHand = {
  /** Card indices 0–51. */
  cards: number[];
  doubled: boolean;
  /** No more cards: stood, doubled, busted, 21, or a split ace. */
  done: boolean;
};

export type BlackjackPhase = 'insurance' | 'player' | 'done';

export type BlackjackState = {
  /** The next card's position in the bet's stream. */
  cursor: number;
  /** dealer[1] is the hole card: hidden until the round is over. */
  dealer: number[];
  hands: BlackjackHand[];
  /** The hand being played. */
  active: number;
  phase: BlackjackPhase;
  insurance: 'offered' | 'taken' | 'declined' | null;
  /** Every action applied, in order: with the seeds, enough to replay the round. */
  actions: BlackjackAction[];
};

/** Why an action is refused (the server turns it into a 409 with this code). */
export class BlackjackRuleError extends Error {
  constructor(
    readonly code: 'ACTION_NOT_ALLOWED' | 'ROUND_OVER' | 'OUT_OF_CARDS',
    message: string,
  ) {
    super(message);
    this.name = 'BlackjackRuleError';
  }
}

/** Blackjack points of a card index: 2–9, 10 for tens and faces, 1 for an ace (see `total`). */
export function cardPoints(index: number): number {
  const rank = Math.floor(index / 4);
  if (rank === 12) return 1;
  return rank >= 8 ? 10 : rank + 2;
}

/** A hand's best total and whether an ace counts 11 in it (soft). */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  const total = bestTotal(cards);
  return { total, soft: total !== hardTotal(cards) };
}

/** The hand's points with every ace counted 1. */
function hardTotal(cards: readonly number[]): number {
  let hard = 0;
  for (let i = 0; i < cards.length; i++) hard += cardPoints(cards[i]!);
  return hard;
}

/**
 * The hand's best total (an ace counts 11 when that stays within 21), as a number: the engine
 * asks for it at every card, and a simulation plays millions of rounds, so no object per call.
 */
export function bestTotal(cards: readonly number[]): number {
  let hard = 0;
  let ace = false;
  for (let i = 0; i < cards.length; i++) {
    const p = cardPoints(cards[i]!);
    hard += p;
    if (p === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? hard + 10 : hard;
}

const rankOf = (index: number) => Math.floor(index / 4);
const isAce = (index: number) => rankOf(index) === 12;

export function isBlackjack(cards: readonly number[]): boolean {
  return cards.length === 2 && bestTotal(cards) === 21;
}

/** The round's cards from its floats (as many as there are floats, at most 52). */
export function blackjackCards(fs: readonly number[]): number[] {
  return fs.slice(0, BLACKJACK_CARDS_MAX).map((f) => cardFromFloat(f).index);
}

/**
 * The round's cards: the list (the server and the verifier hold all 52), or a function from a
 * position to its card (a simulation drawing cards only as the round needs them).
 */
export type BlackjackCards = readonly number[] | ((position: number) => number);

/** The card at `position` of the round's stream (the function form is called once per position). */
function cardAt(cards: BlackjackCards, position: number): number {
  if (position >= (typeof cards === 'function' ? BLACKJACK_CARDS_MAX : cards.length)) {
    throw new BlackjackRuleError('OUT_OF_CARDS', 'The round has used all of its 52 cards.');
  }
  return typeof cards === 'function' ? cards(position) : cards[position]!;
}

function draw(state: BlackjackState, cards: BlackjackCards): number {
  const card = cardAt(cards, state.cursor);
  state.cursor++;
  return card;
}

const dealerBlackjack = (state: BlackjackState) => isBlackjack(state.dealer);
const playerNatural = (state: BlackjackState) =>
  state.hands.length === 1 && isBlackjack(state.hands[0]!.cards);

/** Deals the first four cards and settles what a natural settles. */
export function blackjackDeal(cards: BlackjackCards): BlackjackState {
  // In the order dealt; the hands are built whole (a simulation deals millions of rounds).
  const player1 = cardAt(cards, 0);
  const up = cardAt(cards, 1);
  const player2 = cardAt(cards, 2);
  const hole = cardAt(cards, 3);
  const state: BlackjackState = {
    cursor: 4,
    dealer: [up, hole],
    hands: [{ cards: [player1, player2], doubled: false, done: false }],
    active: 0,
    phase: 'player',
    insurance: null,
    actions: [],
  };
  if (isAce(up)) {
    state.phase = 'insurance';
    state.insurance = 'offered';
    return state;
  }
  return afterPeek(state, cards);
}

/** The peek (dealer blackjack ends the round), then a player natural ends it too. */
function afterPeek(state: BlackjackState, cards: BlackjackCards): BlackjackState {
  if (dealerBlackjack(state) || playerNatural(state)) {
    state.hands[0]!.done = true;
    state.phase = 'done';
    return state;
  }
  state.phase = 'player';
  return settleHand(state, cards);
}

/** The actions legal now, in a fixed order. */
export function blackjackLegal(state: BlackjackState): BlackjackAction[] {
  return BLACKJACK_ACTIONS.filter((action) => blackjackIsLegal(state, action));
}

/** Whether `action` is legal now (the check every action makes, without building the list). */
export function blackjackIsLegal(state: BlackjackState, action: BlackjackAction): boolean {
  if (state.phase === 'insurance') return action === 'insurance' || action === 'no_insurance';
  if (state.phase !== 'player') return false;
  if (action === 'hit' || action === 'stand') return true;
  if (action !== 'double' && action !== 'split') return false;
  const hand = state.hands[state.active]!;
  const first = state.hands.length === 1 && hand.cards.length === 2;
  return action === 'double' ? first : first && rankOf(hand.cards[0]!) === rankOf(hand.cards[1]!);
}

/** Why `action` is not legal now, in words a player understands. */
function refusal(state: BlackjackState, action: BlackjackAction): string {
  if (state.phase === 'done') return 'The round is over.';
  if (state.phase === 'insurance') return 'Answer the insurance offer first (take it or not).';
  if (action === 'insurance' || action === 'no_insurance')
    return 'Insurance is offered only before play, when the dealer shows an ace.';
  if (state.hands.length > 1 && action === 'double') return 'No double after a split.';
  if (action === 'split' && state.hands.length > 1) return 'A hand can be split once.';
  if (action === 'split') return 'Only two cards of the same rank can be split.';
  return 'Double only on the first two cards.';
}

/** A copy of the state with `action` applied; throws BlackjackRuleError when it is not legal. */
export function blackjackAct(
  previous: BlackjackState,
  action: BlackjackAction,
  cards: BlackjackCards,
): BlackjackState {
  check(previous, action);
  // Field by field (not a spread): the copies keep one shape, which keeps a simulation fast.
  const state: BlackjackState = {
    cursor: previous.cursor,
    dealer: previous.dealer.slice(),
    hands: previous.hands.map((h) => ({
      cards: h.cards.slice(),
      doubled: h.doubled,
      done: h.done,
    })),
    active: previous.active,
    phase: previous.phase,
    insurance: previous.insurance,
    actions: previous.actions.slice(),
  };
  return apply(state, action, cards);
}

/**
 * `blackjackAct` on the state itself, no copy: the same rules for a simulation that plays
 * millions of rounds and never looks back at a state it has moved on from. Not in the package's
 * index: the server and the verifier keep every state they have seen.
 */
export function blackjackActInPlace(
  state: BlackjackState,
  action: BlackjackAction,
  cards: BlackjackCards,
): BlackjackState {
  check(state, action);
  return apply(state, action, cards);
}

function check(state: BlackjackState, action: BlackjackAction) {
  if (state.phase === 'done') throw new BlackjackRuleError('ROUND_OVER', 'The round is over.');
  if (!blackjackIsLegal(state, action)) {
    throw new BlackjackRuleError('ACTION_NOT_ALLOWED', refusal(state, action));
  }
}

function apply(
  state: BlackjackState,
  action: BlackjackAction,
  cards: BlackjackCards,
): BlackjackState {
  state.actions.push(action);
  if (action === 'insurance' || action === 'no_insurance') {
    state.insurance = action === 'insurance' ? 'taken' : 'declined';
    return afterPeek(state, cards);
  }
  const hand = state.hands[state.active]!;
  switch (action) {
    case 'hit':
      hand.cards.push(draw(state, cards));
      break;
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      hand.doubled = true;
      hand.cards.push(draw(state, cards));
      hand.done = true;
      break;
    case 'split': {
      const second = hand.cards.pop()!;
      state.hands.push({ cards: [second], doubled: false, done: false });
      hand.cards.push(draw(state, cards));
      if (isAce(second)) {
        // Split aces: one card each, then both stand.
        state.hands[1]!.cards.push(draw(state, cards));
        for (const h of state.hands) h.done = true;
      }
      break;
    }
  }
  return settleHand(state, cards);
}

/**
 * Closes the active hand when it can take no more (bust, 21), moves play on to the next hand
 * (dealing its second card), and once every hand is done lets the dealer draw.
 */
function settleHand(state: BlackjackState, cards: BlackjackCards): BlackjackState {
  for (;;) {
    const hand = state.hands[state.active]!;
    if (hand.cards.length === 1) hand.cards.push(draw(state, cards));
    if (!hand.done && bestTotal(hand.cards) >= 21) hand.done = true;
    if (!hand.done) return state;
    if (state.active + 1 < state.hands.length) {
      state.active++;
      continue;
    }
    break;
  }
  // Every hand is done: the dealer draws to 17 unless every hand busted.
  if (state.hands.some((h) => bestTotal(h.cards) <= 21)) {
    while (bestTotal(state.dealer) < 17) state.dealer.push(draw(state, cards));
  }
  state.phase = 'done';
  return state;
}

/**
 * What a finished round returns, in minor units: each hand against the dealer, and the
 * insurance. `stake` is the first stake; a doubled hand carries 2 × stake; insurance is
 * `insuranceStake(stake)`.
 */
export function blackjackPayout(state: BlackjackState, stake: bigint): bigint {
  if (state.phase !== 'done') throw new RangeError('the round is not over');
  const dealer = bestTotal(state.dealer);
  const dealerBj = dealerBlackjack(state);
  let out = 0n;
  if (state.insurance === 'taken' && dealerBj) out += insuranceStake(stake) * 3n;
  for (const hand of state.hands) {
    out += handReturn(hand, state, stake, dealer, dealerBj);
  }
  return out;
}

function handReturn(
  hand: BlackjackHand,
  state: BlackjackState,
  stake: bigint,
  dealer: number,
  dealerBj: boolean,
): bigint {
  const bet = hand.doubled ? stake * 2n : stake;
  const natural = state.hands.length === 1 && isBlackjack(hand.cards);
  if (natural) return dealerBj ? bet : bet + (bet * 3n) / 2n;
  if (dealerBj) return 0n;
  const total = bestTotal(hand.cards);
  if (total > 21) return 0n;
  if (dealer > 21 || total > dealer) return bet * 2n;
  return total === dealer ? bet : 0n;
}

export type BlackjackResult = 'blackjack' | 'win' | 'push' | 'lose';

/** Each hand's result once the round is over (what the table shows beside it). */
export function blackjackResults(state: BlackjackState): BlackjackResult[] {
  const dealer = handTotal(state.dealer).total;
  const dealerBj = dealerBlackjack(state);
  return state.hands.map((hand) => {
    const r = handReturn({ ...hand, doubled: false }, state, 2n, dealer, dealerBj);
    return r === 5n ? 'blackjack' : r === 4n ? 'win' : r === 2n ? 'push' : 'lose';
  });
}

/** Half the stake, toward zero (an odd minor unit stays with the player). */
export function insuranceStake(stake: bigint): bigint {
  return stake / 2n;
}

/** Everything the player has staked on the round: stake, doubles, the split, insurance. */
export function blackjackStaked(state: BlackjackState, stake: bigint): bigint {
  let total = 0n;
  for (const hand of state.hands) total += hand.doubled ? stake * 2n : stake;
  if (state.insurance === 'taken') total += insuranceStake(stake);
  return total;
}

/** The most a round can return for a stake: two hands won (a split), or a double won. */
export function blackjackBestPayout(stake: bigint): bigint {
  return stake * 4n;
}

/** Replays a round from its cards and its recorded actions (the verifier's path). */
export function blackjackReplay(
  cards: readonly number[],
  actions: readonly BlackjackAction[],
): BlackjackState {
  let state = blackjackDeal(cards);
  for (const action of actions) state = blackjackAct(state, action, cards);
  return state;
}

/** The cards a player may see: the dealer's hole card and draws only once the round is over. */
export function blackjackVisibleDealer(state: BlackjackState): number[] {
  return state.phase === 'done' ? state.dealer : state.dealer.slice(0, 1);
}
