import { describe, expect, it } from 'vitest';
import {
  type BlackjackAction,
  BlackjackRuleError,
  blackjackAct,
  blackjackDeal,
  blackjackLegal,
  blackjackPayout,
  blackjackReplay,
  blackjackStaked,
  blackjackVisibleDealer,
  handTotal,
} from './blackjack.ts';
import { cardLabel, cardOf, RANKS } from './cards.ts';
import { HiloRuleError, hiloMultiplier, hiloPayout, hiloReplay } from './hilo.ts';
import { recompute } from './verify.ts';

/** A card index from "A♠"-style text (the suit rarely matters). */
const SUIT = { '♦': 0, '♥': 1, '♠': 2, '♣': 3 } as const;
const c = (label: string) =>
  RANKS.indexOf(label.slice(0, -1) as never) * 4 + SUIT[label.slice(-1) as keyof typeof SUIT];
/** A shoe: the given cards in order, then nines. */
const shoe = (...labels: string[]) => [
  ...labels.map(c),
  ...Array.from({ length: 52 - labels.length }, () => c('9♣')),
];
const labels = (cards: number[]) => cards.map((i) => cardLabel(cardOf(i)));
const refused = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BlackjackRuleError);
    expect((error as BlackjackRuleError).code).toBe(code);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('blackjack rules', () => {
  it('deals player, dealer, player, dealer (hole)', () => {
    const s = blackjackDeal(shoe('10♦', '6♠', '7♥', 'K♣'));
    expect(labels(s.hands[0]!.cards)).toEqual(['10♦', '7♥']);
    expect(labels(s.dealer)).toEqual(['6♠', 'K♣']);
    expect(labels(blackjackVisibleDealer(s))).toEqual(['6♠']);
    expect(blackjackLegal(s)).toEqual(['hit', 'stand', 'double']);
  });

  it('dealer stands on soft 17', () => {
    const s = blackjackAct(blackjackDeal(shoe('10♦', 'A♠', '8♥', '6♣')), 'no_insurance', []);
    expect(s.phase).toBe('player');
    const done = blackjackAct(s, 'stand', shoe());
    expect(labels(done.dealer)).toEqual(['A♠', '6♣']);
    expect(handTotal(done.dealer)).toEqual({ total: 17, soft: true });
    expect(blackjackPayout(done, 100n)).toBe(200n);
  });

  it('blackjack pays 3:2; the peek ends the round on a dealer blackjack', () => {
    const natural = blackjackDeal(shoe('A♦', '9♠', 'K♥', '7♣'));
    expect(natural.phase).toBe('done');
    expect(blackjackPayout(natural, 100n)).toBe(250n);
    const peeked = blackjackDeal(shoe('9♦', 'K♠', '9♥', 'A♣'));
    expect(peeked.phase).toBe('done');
    expect(blackjackPayout(peeked, 100n)).toBe(0n);
    const both = blackjackDeal(shoe('A♦', 'K♠', 'Q♥', 'A♣'));
    expect(blackjackPayout(both, 100n)).toBe(100n);
  });

  it('insurance: offered on an ace, answered before anything else, pays 2:1', () => {
    const s = blackjackDeal(shoe('9♦', 'A♠', '9♥', 'K♣'));
    expect(s.phase).toBe('insurance');
    expect(blackjackLegal(s)).toEqual(['insurance', 'no_insurance']);
    // Out of turn: a hit before the insurance answer.
    refused(() => blackjackAct(s, 'hit', shoe()), 'ACTION_NOT_ALLOWED');
    const insured = blackjackAct(s, 'insurance', shoe());
    expect(insured.phase).toBe('done');
    expect(blackjackStaked(insured, 100n)).toBe(150n);
    expect(blackjackPayout(insured, 100n)).toBe(150n);
    // Insurance when the dealer shows no ace is refused.
    const plain = blackjackDeal(shoe('9♦', '6♠', '9♥', 'K♣'));
    refused(() => blackjackAct(plain, 'insurance', shoe()), 'ACTION_NOT_ALLOWED');
  });

  it('double: one card, two stakes; not after a split', () => {
    const cards = shoe('6♦', '5♠', '5♥', 'K♣', 'K♦');
    const doubled = blackjackAct(blackjackDeal(cards), 'double', cards);
    expect(doubled.phase).toBe('done');
    expect(blackjackStaked(doubled, 100n)).toBe(200n);
    expect(blackjackPayout(doubled, 100n)).toBe(400n);
    const pair = shoe('8♦', '6♠', '8♥', 'K♣', '3♦', '2♠');
    const split = blackjackAct(blackjackDeal(pair), 'split', pair);
    expect(blackjackLegal(split)).toEqual(['hit', 'stand']);
    expect(refused(() => blackjackAct(split, 'double', pair), 'ACTION_NOT_ALLOWED')).toMatch(
      /double after a split/,
    );
    refused(() => blackjackAct(split, 'split', pair), 'ACTION_NOT_ALLOWED');
  });

  it('split: hands in turn, the second card of hand 2 dealt when play reaches it', () => {
    const pair = shoe('8♦', '6♠', '8♥', 'K♣', '3♦', '10♠', '9♥', '10♣');
    let s = blackjackAct(blackjackDeal(pair), 'split', pair);
    expect(labels(s.hands[0]!.cards)).toEqual(['8♦', '3♦']);
    expect(labels(s.hands[1]!.cards)).toEqual(['8♥']);
    s = blackjackAct(s, 'hit', pair); // 8 3 10 = 21: stands by itself
    expect(s.active).toBe(1);
    expect(labels(s.hands[1]!.cards)).toEqual(['8♥', '9♥']);
    s = blackjackAct(s, 'stand', pair);
    // Dealer 6 K then 10: bust. Both hands win.
    expect(s.phase).toBe('done');
    expect(labels(s.dealer)).toEqual(['6♠', 'K♣', '10♣']);
    expect(blackjackStaked(s, 100n)).toBe(200n);
    expect(blackjackPayout(s, 100n)).toBe(400n);
    expect(blackjackReplay(pair, s.actions)).toEqual(s);
    refused(() => blackjackAct(s, 'hit', pair), 'ROUND_OVER');
  });

  it('split aces take one card each; 21 there is not a blackjack', () => {
    const aces = shoe('A♦', '7♠', 'A♥', 'K♣', 'K♦', '5♠');
    const s = blackjackAct(blackjackDeal(aces), 'split', aces);
    expect(s.phase).toBe('done');
    expect(s.hands.map((h) => labels(h.cards))).toEqual([
      ['A♦', 'K♦'],
      ['A♥', '5♠'],
    ]);
    // 21 wins 1:1, soft 16 loses to 17.
    expect(blackjackPayout(s, 100n)).toBe(200n);
    refused(() => blackjackAct(s, 'hit', aces), 'ROUND_OVER');
  });

  it('the verifier replays a round from the seeds and the recorded actions', async () => {
    const seeds = {
      serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
      clientSeed: '3c83fc7e07',
      nonce: 3,
    };
    // Cards (Python, from the published scheme): 4♠ 7♣ 10♣ J♦ 7♣ 10♣ …
    const actions: BlackjackAction[] = ['hit'];
    const out = await recompute(seeds, { game: 'blackjack', actions });
    if (out.game !== 'blackjack') throw new Error('game');
    expect(labels(out.round.hands[0]!.cards)).toEqual(['4♠', '10♣', '7♣']);
    expect(labels(out.round.dealer)).toEqual(['7♣', 'J♦']);
    expect(blackjackPayout(out.round, 100n)).toBe(200n);
  });
});

describe('hilo rules', () => {
  it('multiplier: the run’s fair odds less the edge once', () => {
    expect(hiloMultiplier([1])).toBe('12.8700');
    expect(hiloMultiplier([1, 12])).toBe('13.9425');
    expect(hiloPayout(100n, [])).toBe(100n);
  });

  it('the verifier replays the guesses over the seeds’ cards', async () => {
    const seeds = {
      serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
      clientSeed: 'bb62964774',
      nonce: 1,
    };
    // Cards (Python): Q♦ K♠ 6♦ Q♥ 2♥ …
    const out = await recompute(seeds, { game: 'hilo', guesses: ['higher', 'lower', 'skip'] });
    if (out.game !== 'hilo') throw new Error('game');
    expect(labels(out.round.cards)).toEqual(['Q♦', 'K♠', '6♦', 'Q♥']);
    expect(out.round.ks).toEqual([1, 12]);
    expect(out.round.lost).toBe(false);
    const lost = hiloReplay(out.round.cards, ['lower']);
    expect(lost.lost).toBe(true);
    expect(() => hiloReplay([c('K♠'), c('2♦')], ['higher'])).toThrow(HiloRuleError);
  });
});
