import { describe, expect, it } from 'vitest';
import {
  ANDAR_BAHAR_RANGES,
  andarBaharDealtOdds,
  andarBaharFromFloats,
  andarBaharRangeOf,
  andarBaharRtp,
} from './andar-bahar.ts';
import {
  BACCARAT_BETS,
  baccaratFromFloats,
  baccaratOdds,
  baccaratReturn_x100,
  baccaratRtp,
  baccaratValue,
  bankerDraws,
} from './baccarat.ts';
import { type Card, cardOf, DECK_SIZE, RANKS, SUITS } from './cards.ts';
import { dragonTigerFromFloats, dragonTigerReturn_x100, dragonTigerRtp } from './dragon-tiger.ts';
import {
  PAIR_PLUS_PAYS_X100,
  pairPlusRtp,
  TEEN_PATTI_DEALS,
  teenPattiAnte_x10000,
  teenPattiAnteRtp,
  teenPattiFromFloats,
  teenPattiHandCounts,
  teenPattiOdds,
  teenPattiStrength,
} from './teen-patti.ts';

/** The float that draws `label` ("Q♥") from an infinite deck: the middle of its 1/52 slice. */
const infinite = (label: string) => (index(label) + 0.5) / DECK_SIZE;
function index(label: string): number {
  const rank = RANKS.indexOf(label.slice(0, -1) as (typeof RANKS)[number]);
  const suit = '♦♥♠♣'.indexOf(label.slice(-1));
  if (rank < 0 || suit < 0) throw new Error(`bad card ${label}`);
  return rank * 4 + suit;
}
const hand = (...labels: string[]): Card[] => labels.map((l) => cardOf(index(l)));
/** Floats that make the single-deck splice deal exactly these cards, in order. */
function singleDeck(labels: string[]): number[] {
  const remaining = Array.from({ length: DECK_SIZE }, (_, i) => i);
  return labels.map((label) => {
    const at = remaining.indexOf(index(label));
    remaining.splice(at, 1);
    return (at + 0.5) / (remaining.length + 1);
  });
}

describe('baccarat', () => {
  const coup = (...labels: string[]) =>
    baccaratFromFloats([...labels, '2♦', '2♦', '2♦', '2♦'].slice(0, 6).map(infinite));

  it('values: A = 1, 2–9 the pip, 10 and faces 0', () => {
    expect(RANKS.map((_, r) => baccaratValue(r))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1]);
  });

  it('deals P, P, B, B; a natural stops the coup', () => {
    const c = coup('9♠', 'Q♠', '4♦', '5♠', 'A♣', 'A♣');
    expect([c.player.length, c.banker.length, c.player_total, c.banker_total]).toEqual([
      2, 2, 9, 9,
    ]);
    expect(c.winner).toBe('tie');
  });

  it('the Player stands on 6–7; the Banker then draws on 0–5 with the fifth card', () => {
    const c = coup('6♠', 'K♠', '2♦', '3♠', '4♣', 'A♣');
    expect(c.player).toHaveLength(2);
    expect(c.banker.map((x) => x.index)).toEqual([index('2♦'), index('3♠'), index('4♣')]);
    expect(c.winner).toBe('banker');
  });

  it("the Banker's tableau against the Player's third card", () => {
    // Banker on 3 draws unless the third card is an 8; on 6 only against 6 or 7.
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(6, 7)).toBe(true);
    expect(bankerDraws(7, 6)).toBe(false);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(5, null)).toBe(true);
    // Player 0 draws an 8; Banker on 3 stands: 8 beats 3.
    const c = coup('K♠', 'Q♠', 'A♦', '2♠', '8♣', '9♣');
    expect([c.player_total, c.banker_total, c.banker.length, c.winner]).toEqual([
      8,
      3,
      2,
      'player',
    ]);
  });

  it('pays Player 1:1, Banker 0.95:1, Tie 8:1 (Player and Banker pushed), pairs 11:1', () => {
    const tie = { winner: 'tie', player_pair: true, banker_pair: false } as const;
    expect(BACCARAT_BETS.map((b) => baccaratReturn_x100(tie, b))).toEqual([100, 100, 900, 1200, 0]);
    const banker = { winner: 'banker', player_pair: false, banker_pair: true } as const;
    expect(BACCARAT_BETS.map((b) => baccaratReturn_x100(banker, b))).toEqual([0, 195, 0, 0, 1200]);
  });

  it('exact returns from the 13⁶ enumeration', () => {
    const odds = baccaratOdds();
    expect(odds.player + odds.banker + odds.tie).toBe(13 ** 6);
    expect(baccaratRtp('player')).toBeCloseTo(0.987719, 6);
    expect(baccaratRtp('banker')).toBeCloseTo(0.98936, 5);
    expect(baccaratRtp('tie')).toBeCloseTo(0.85883, 5);
    expect(baccaratRtp('player_pair')).toBeCloseTo(12 / 13, 12);
  });
});

describe('dragon tiger', () => {
  it('aces low, suits ignored; a tie halves Dragon and Tiger, Tie pays 11:1', () => {
    const deal = (d: string, t: string) => dragonTigerFromFloats([infinite(d), infinite(t)]);
    expect(deal('K♠', 'A♠').winner).toBe('dragon');
    expect(deal('A♥', '2♣').winner).toBe('tiger');
    expect(deal('7♦', '7♣').winner).toBe('tie');
    expect(dragonTigerReturn_x100('tie', 'dragon')).toBe(50);
    expect(dragonTigerReturn_x100('tie', 'tie')).toBe(1200);
    expect(dragonTigerReturn_x100('tiger', 'dragon')).toBe(0);
    expect(dragonTigerRtp('dragon')).toBeCloseTo(25 / 26, 12);
    expect(dragonTigerRtp('tiger')).toBeCloseTo(25 / 26, 12);
    expect(dragonTigerRtp('tie')).toBeCloseTo(12 / 13, 12);
  });
});

describe('teen patti', () => {
  const s = (...labels: string[]) => teenPattiStrength(hand(...labels));

  it('ranks trail > pure sequence > sequence > colour > pair > high card', () => {
    const order = [
      s('2♦', '2♥', '2♠'),
      s('4♥', '5♥', '6♥'),
      s('Q♦', 'K♠', 'A♥'),
      s('2♠', '7♠', '9♠'),
      s('A♦', 'A♥', 'K♣'),
      s('A♦', 'K♥', 'J♣'),
    ];
    expect(order.map((x) => x.hand)).toEqual([
      'trail',
      'pure_sequence',
      'sequence',
      'colour',
      'pair',
      'high_card',
    ]);
    for (let i = 1; i < order.length; i++)
      expect(order[i - 1]!.score).toBeGreaterThan(order[i]!.score);
  });

  it('A-K-Q is the top sequence, A-2-3 the second, K-A-2 none; 4-3-2 the lowest', () => {
    const akq = s('A♦', 'K♥', 'Q♣');
    const a23 = s('A♠', '2♥', '3♣');
    const kqj = s('K♦', 'Q♥', 'J♣');
    const low = s('4♦', '3♥', '2♣');
    expect([akq.hand, a23.hand, kqj.hand, low.hand]).toEqual(Array(4).fill('sequence'));
    expect(akq.score).toBeGreaterThan(a23.score);
    expect(a23.score).toBeGreaterThan(kqj.score);
    expect(kqj.score).toBeGreaterThan(low.score);
    expect(s('K♦', 'A♥', '2♣').hand).toBe('high_card');
    expect(s('A♥', '2♥', '3♥').hand).toBe('pure_sequence');
  });

  it('within a kind: the pair first, then the odd card; high cards top down; suits tie', () => {
    expect(s('9♦', '9♥', '2♣').score).toBeGreaterThan(s('8♦', '8♥', 'A♣').score);
    expect(s('9♦', '9♥', '3♣').score).toBeGreaterThan(s('9♠', '9♣', '2♦').score);
    expect(s('A♦', '7♥', '3♣').score).toBeGreaterThan(s('A♠', '7♣', '2♦').score);
    expect(s('A♦', '7♥', '3♣').score).toBe(s('A♠', '7♣', '3♦').score);
  });

  it('deals the Player draws 1–3 and the Dealer 4–6 from one deck; the Ante', () => {
    const deal = teenPattiFromFloats(singleDeck(['A♦', 'A♥', 'A♠', 'K♦', 'K♥', 'K♠']));
    expect([deal.player_hand, deal.dealer_hand, deal.winner]).toEqual(['trail', 'trail', 'player']);
    expect(teenPattiAnte_x10000('player', 100)).toBe(19_800);
    expect(teenPattiAnte_x10000('tie', 100)).toBe(10_000);
    expect(teenPattiAnte_x10000('dealer', 100)).toBe(0);
  });

  it('hand counts of one deck, Pair Plus 97.86 % and the Ante exactly', () => {
    expect(teenPattiHandCounts()).toEqual({
      trail: 52,
      pure_sequence: 48,
      sequence: 720,
      colour: 1096,
      pair: 3744,
      high_card: 16_440,
    });
    expect(PAIR_PLUS_PAYS_X100).toMatchObject({ trail: 4100, pair: 200 });
    expect(pairPlusRtp()).toBeCloseTo(21_628 / 22_100, 12);
    const odds = teenPattiOdds();
    // The game is symmetric: the Player wins as often as the Dealer.
    expect(odds).toEqual({ win: 203_359_936, tie: 450_528, lose: 203_359_936, deals: 407_170_400 });
    expect(TEEN_PATTI_DEALS).toEqual({ win: odds.win, tie: odds.tie, deals: odds.deals });
    expect(teenPattiAnteRtp(100)).toBeCloseTo(0.990011, 6);
    expect(teenPattiAnteRtp(0)).toBeCloseTo(1, 12);
  });
});

describe('andar bahar', () => {
  it('the Joker, then Andar first, alternating, until its rank comes', () => {
    const deal = andarBaharFromFloats(singleDeck(['7♦', '2♣', 'K♠', '9♥', '7♣']));
    expect(deal.joker.index).toBe(index('7♦'));
    expect(deal.andar.map((c) => c.index)).toEqual([index('2♣'), index('9♥')]);
    expect(deal.bahar.map((c) => c.index)).toEqual([index('K♠'), index('7♣')]);
    expect([deal.winner, deal.dealt, andarBaharRangeOf(deal.dealt)]).toEqual(['bahar', 4, '1-5']);
    const first = andarBaharFromFloats(singleDeck(['7♦', '7♣']));
    expect([first.winner, first.dealt]).toEqual(['andar', 1]);
    expect(andarBaharRangeOf(41)).toBe('41-49');
  });

  it('the last match can be the 49th card: 50 floats always suffice', () => {
    // The Joker an ace, every other rank's 48 cards, then the next ace.
    const others = Array.from({ length: DECK_SIZE }, (_, i) => cardOf(i))
      .filter((c) => c.rank !== 12)
      .map((c) => `${RANKS[c.rank]}${'♦♥♠♣'[SUITS.indexOf(c.suit)]}`);
    const order = ['A♦', ...others, 'A♥'];
    expect(order).toHaveLength(50);
    const deal = andarBaharFromFloats(singleDeck(order));
    expect(deal.dealt).toBe(49);
    expect(deal.winner).toBe('andar');
  });

  it('exact odds by the deck: C(51 − n, 2) / C(51, 3); Andar 97.85 %, Bahar 97.00 %', () => {
    const odds = andarBaharDealtOdds();
    const c = (n: number, k: number) => {
      let r = 1;
      for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
      return r;
    };
    for (let n = 1; n <= 49; n++) expect(odds[n]).toBeCloseTo(c(51 - n, 2) / c(51, 3), 14);
    expect(odds.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(andarBaharRtp('andar')).toBeCloseTo(0.978511, 6);
    expect(andarBaharRtp('bahar')).toBeCloseTo(0.969988, 6);
    const rtps = ANDAR_BAHAR_RANGES.map((r) => andarBaharRtp(r.id));
    for (const rtp of rtps) {
      expect(rtp).toBeGreaterThan(0.91);
      expect(rtp).toBeLessThan(0.99);
    }
    expect(rtps[0]).toBeCloseTo(0.948739, 6);
  });
});
