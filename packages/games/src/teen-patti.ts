import { type Card, cardOf, DECK_SIZE, dealFromDeck } from './cards.ts';

/**
 * Teen Patti, player against dealer, one round (the live-casino version): three cards each from
 * one 52-card deck without replacement, dealt by the single-deck splice of cards.ts from the
 * bet's first 6 floats — the Player's hand is draws 1–3, the Dealer's 4–6.
 *
 * Hands, best first: Trail (three of a rank), Pure sequence (straight flush), Sequence,
 * Colour (flush), Pair, High card. Aces are high, and also low in A-2-3 only: A-K-Q is the best
 * sequence, A-2-3 the second, then K-Q-J … 4-3-2; K-A-2 is no sequence. Within a kind, hands
 * compare rank by rank from the top (a pair by its rank, then the odd card); suits never count,
 * so equal hands tie.
 *
 * Bets: Ante — the Player's hand beats the Dealer's: it pays 2 × (1 − edge) for 1 (1.98 at the
 * default 1 % edge), a tie returns it, a loss takes it. Pair Plus — on the Player's hand alone,
 * by the paytable below, whatever the Dealer holds.
 */
export const TEEN_PATTI_FLOATS = 6;
export const TEEN_PATTI_HANDS = [
  'high_card',
  'pair',
  'colour',
  'sequence',
  'pure_sequence',
  'trail',
] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];

/** Pair Plus, per unit staked in hundredths: Trail 40:1, Pure sequence 30:1, Sequence 6:1, Colour 4:1, Pair 1:1. */
export const PAIR_PLUS_PAYS_X100: Readonly<Record<TeenPattiHand, number>> = {
  high_card: 0,
  pair: 200,
  colour: 500,
  sequence: 700,
  pure_sequence: 3100,
  trail: 4100,
};

export type TeenPattiStrength = { hand: TeenPattiHand; score: number };

/**
 * The hand's kind and a score that orders every hand (higher wins, equal ties): the kind's
 * place times 13³ plus the ranks that break ties within it.
 */
export function teenPattiStrength(cards: readonly Card[]): TeenPattiStrength {
  if (cards.length !== 3) throw new RangeError('a teen patti hand has 3 cards');
  // The ranks from high to low (three compares: this runs for every deal of a simulation).
  let a = cards[0]!.rank;
  let b = cards[1]!.rank;
  let c = cards[2]!.rank;
  if (a < b) [a, b] = [b, a];
  if (b < c) [b, c] = [c, b];
  if (a < b) [a, b] = [b, a];
  const flush = cards[0]!.suit === cards[1]!.suit && cards[1]!.suit === cards[2]!.suit;
  // A-K-Q scores 13 (above K-Q-J's 11), A-2-3 12; otherwise the top card's rank index.
  let run: number | null = null;
  if (a === b + 1 && b === c + 1) run = a === 12 ? 13 : a;
  else if (a === 12 && b === 1 && c === 0) run = 12;
  const kind = (hand: TeenPattiHand, tiebreak: number) => ({
    hand,
    score: TEEN_PATTI_HANDS.indexOf(hand) * 13 ** 3 + tiebreak,
  });
  if (a === c) return kind('trail', a);
  if (run !== null) return kind(flush ? 'pure_sequence' : 'sequence', run);
  const high = a * 169 + b * 13 + c;
  if (flush) return kind('colour', high);
  if (a === b) return kind('pair', a * 13 + c);
  if (b === c) return kind('pair', b * 13 + a);
  return kind('high_card', high);
}

export type TeenPattiDeal = {
  player: Card[];
  dealer: Card[];
  player_hand: TeenPattiHand;
  dealer_hand: TeenPattiHand;
  winner: 'player' | 'dealer' | 'tie';
};

export function teenPattiFromFloats(fs: readonly number[]): TeenPattiDeal {
  const cards = dealFromDeck(fs, TEEN_PATTI_FLOATS);
  const player = cards.slice(0, 3);
  const dealer = cards.slice(3, 6);
  const p = teenPattiStrength(player);
  const d = teenPattiStrength(dealer);
  return {
    player,
    dealer,
    player_hand: p.hand,
    dealer_hand: d.hand,
    winner: p.score > d.score ? 'player' : d.score > p.score ? 'dealer' : 'tie',
  };
}

/** The Ante's return per unit when the Player wins, in ten-thousandths: 2 × (1 − edge). */
export function teenPattiAnteWin_x10000(edge_bp: number): number {
  return 2 * (10_000 - edge_bp);
}

/** What the Ante returns per unit, in ten-thousandths (a tie returns the stake). */
export function teenPattiAnte_x10000(winner: TeenPattiDeal['winner'], edge_bp: number): number {
  if (winner === 'tie') return 10_000;
  return winner === 'player' ? teenPattiAnteWin_x10000(edge_bp) : 0;
}

/** Three-card hands of one deck by kind: C(52, 3) = 22,100 in all. */
export function teenPattiHandCounts(): Record<TeenPattiHand, number> {
  const counts = Object.fromEntries(TEEN_PATTI_HANDS.map((h) => [h, 0])) as Record<
    TeenPattiHand,
    number
  >;
  forEachHand((_cards, strength) => counts[strength.hand]++);
  return counts;
}

const DECK = Array.from({ length: DECK_SIZE }, (_, index) => cardOf(index));

function forEachHand(visit: (cards: [number, number, number], s: TeenPattiStrength) => void) {
  for (let i = 0; i < DECK_SIZE; i++)
    for (let j = i + 1; j < DECK_SIZE; j++)
      for (let k = j + 1; k < DECK_SIZE; k++)
        visit([i, j, k], teenPattiStrength([DECK[i]!, DECK[j]!, DECK[k]!]));
}

/** The exact return of Pair Plus: Σ count × pays over the 22,100 hands. */
export function pairPlusRtp(): number {
  const counts = teenPattiHandCounts();
  let sum = 0;
  for (const hand of TEEN_PATTI_HANDS) sum += counts[hand] * PAIR_PLUS_PAYS_X100[hand];
  return sum / 100 / 22_100;
}

/**
 * The exact chance that the Player wins, ties or loses, as counts of the C(52,3) × C(49,3) =
 * 407,170,400 equally likely deals. For each Player hand, the Dealer hands it beats are all hands
 * scoring lower less those that share a card with it, counted by inclusion–exclusion over the
 * hands holding one, two or all three of its cards (each list sorted by score, so every count
 * is a binary search).
 */
export function teenPattiOdds(): TeenPattiOdds {
  odds ??= countOdds();
  return odds;
}
type TeenPattiOdds = { win: number; tie: number; lose: number; deals: number };
let odds: TeenPattiOdds | null = null;

function countOdds(): TeenPattiOdds {
  const hands: { cards: [number, number, number]; score: number }[] = [];
  forEachHand((cards, s) => hands.push({ cards, score: s.score }));
  const all = hands.map((h) => h.score).sort((x, y) => x - y);
  const byCard: number[][] = Array.from({ length: DECK_SIZE }, () => []);
  const byPair = new Map<number, number[]>();
  for (const { cards, score } of hands) {
    for (const c of cards) byCard[c]!.push(score);
    const [i, j, k] = cards;
    for (const pair of [i * 64 + j, i * 64 + k, j * 64 + k]) {
      const list = byPair.get(pair);
      if (list) list.push(score);
      else byPair.set(pair, [score]);
    }
  }
  for (const list of byCard) list.sort((x, y) => x - y);
  for (const list of byPair.values()) list.sort((x, y) => x - y);
  /** How many of a sorted list are below `score`, and how many equal it. */
  const below = (list: number[], score: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < score) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const split = (list: number[], score: number) => {
    const lower = below(list, score);
    return [lower, below(list, score + 1) - lower] as const;
  };
  let win = 0;
  let tie = 0;
  for (const { cards, score } of hands) {
    const [i, j, k] = cards;
    let [lower, equal] = split(all, score);
    for (const c of cards) {
      const [l, e] = split(byCard[c]!, score);
      lower -= l;
      equal -= e;
    }
    for (const pair of [i * 64 + j, i * 64 + k, j * 64 + k]) {
      const [l, e] = split(byPair.get(pair)!, score);
      lower += l;
      equal += e;
    }
    // Inclusion–exclusion's last term: the one hand holding all three cards, the Player's own
    // (it scores `score`, so it sits among the equal ones).
    equal -= 1;
    win += lower;
    tie += equal;
  }
  const deals = 22_100 * 18_424;
  return { win, tie, lose: deals - win - tie, deals };
}

/**
 * `teenPattiOdds()`'s counts, written out so a page can show the Ante's return without the
 * second of counting (a test keeps them equal).
 */
export const TEEN_PATTI_DEALS = { win: 203_359_936, tie: 450_528, deals: 407_170_400 } as const;

/** The exact return of the Ante at an edge: P(win) × 2(1 − edge) + P(tie). */
export function teenPattiAnteRtp(edge_bp: number): number {
  const { win, tie, deals } = TEEN_PATTI_DEALS;
  return (win * teenPattiAnteWin_x10000(edge_bp) + tie * 10_000) / 10_000 / deals;
}
