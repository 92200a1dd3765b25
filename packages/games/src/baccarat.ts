import { type Card, cardFromFloat } from './cards.ts';

/**
 * Baccarat (Punto Banco), as Stake deals it: an infinite deck, one float per card,
 * `floor(f × 52)` in the order of cards.ts. Cards are taken in the order they are dealt: Player,
 * Player, Banker, Banker, then the Player's third card if the rules draw one, then the Banker's.
 * A round never needs more than 6 floats; the ones it does not use are ignored.
 *
 * Values: A = 1, 2–9 their pip, 10 J Q K = 0; a total is the sum modulo 10. Third cards by the
 * standard tableau: a natural 8 or 9 on either side ends the coup; the Player draws on 0–5; a
 * Player who stood leaves the Banker to draw on 0–5; otherwise the Banker draws on 0–2, on 3
 * unless the Player's third card is an 8, on 4 against 2–7, on 5 against 4–7, on 6 against 6–7.
 */
export const BACCARAT_FLOATS = 6;
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];
export type BaccaratWinner = 'player' | 'banker' | 'tie';

/**
 * What each bet returns for a unit staked, in hundredths, when it wins: Player 1:1, Banker
 * 0.95:1 (the 5 % commission), Tie 8:1, either Pair 11:1 — Stake's table, with the pairs of the
 * live tables. On a tie, Player and Banker bets are returned (100).
 */
export const BACCARAT_PAYS_X100: Readonly<Record<BaccaratBet, number>> = {
  player: 200,
  banker: 195,
  tie: 900,
  player_pair: 1200,
  banker_pair: 1200,
};

export type BaccaratCoup = {
  player: Card[];
  banker: Card[];
  player_total: number;
  banker_total: number;
  winner: BaccaratWinner;
  /** The Player's (Banker's) first two cards are of one rank. */
  player_pair: boolean;
  banker_pair: boolean;
};

/** A = 1, 2–9 the pip, 10 and faces 0, from cards.ts's rank index (0 = two … 12 = ace). */
export function baccaratValue(rank: number): number {
  if (rank === 12) return 1;
  return rank <= 7 ? rank + 2 : 0;
}

/** Whether the Banker, on `banker` (0–7), draws against the Player's third card's value. */
export function bankerDraws(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

const total = (cards: readonly Card[]) =>
  cards.reduce((sum, card) => sum + baccaratValue(card.rank), 0) % 10;

export function baccaratFromFloats(fs: readonly number[]): BaccaratCoup {
  if (fs.length < BACCARAT_FLOATS) throw new RangeError('baccarat needs 6 floats');
  let next = 0;
  const draw = () => cardFromFloat(fs[next++]!);
  const player = [draw(), draw()];
  const banker = [draw(), draw()];
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (total(player) <= 5) {
      const card = draw();
      player.push(card);
      playerThird = baccaratValue(card.rank);
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(draw());
  }
  const player_total = total(player);
  const banker_total = total(banker);
  return {
    player,
    banker,
    player_total,
    banker_total,
    winner: player_total > banker_total ? 'player' : banker_total > player_total ? 'banker' : 'tie',
    player_pair: player[0]!.rank === player[1]!.rank,
    banker_pair: banker[0]!.rank === banker[1]!.rank,
  };
}

/** What one bet returns per unit staked, in hundredths, for a coup (0 when it loses). */
export function baccaratReturn_x100(
  coup: Pick<BaccaratCoup, 'winner' | 'player_pair' | 'banker_pair'>,
  bet: BaccaratBet,
): number {
  switch (bet) {
    case 'player':
    case 'banker':
      if (coup.winner === 'tie') return 100;
      return coup.winner === bet ? BACCARAT_PAYS_X100[bet] : 0;
    case 'tie':
      return coup.winner === 'tie' ? BACCARAT_PAYS_X100.tie : 0;
    case 'player_pair':
      return coup.player_pair ? BACCARAT_PAYS_X100.player_pair : 0;
    case 'banker_pair':
      return coup.banker_pair ? BACCARAT_PAYS_X100.banker_pair : 0;
  }
}

/**
 * The exact chance of each result, as counts out of 13⁶ (every card is one of 13 equally
 * likely ranks; the cards a coup does not draw count 13 ways each). By enumeration of the ten
 * card values, the tens and faces weighing 4 of 13.
 */
export function baccaratOdds(): Record<BaccaratWinner, number> {
  const weight = (value: number) => (value === 0 ? 4 : 1);
  const out = { player: 0, banker: 0, tie: 0 };
  const record = (p: number, b: number, ways: number) => {
    out[p > b ? 'player' : b > p ? 'banker' : 'tie'] += ways;
  };
  for (let p1 = 0; p1 < 10; p1++)
    for (let p2 = 0; p2 < 10; p2++)
      for (let b1 = 0; b1 < 10; b1++)
        for (let b2 = 0; b2 < 10; b2++) {
          const ways = weight(p1) * weight(p2) * weight(b1) * weight(b2);
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8) {
            record(p, b, ways * 13 * 13);
            continue;
          }
          if (p >= 6) {
            if (!bankerDraws(b, null)) record(p, b, ways * 13 * 13);
            else for (let b3 = 0; b3 < 10; b3++) record(p, (b + b3) % 10, ways * weight(b3) * 13);
            continue;
          }
          for (let p3 = 0; p3 < 10; p3++) {
            const pt = (p + p3) % 10;
            const w = ways * weight(p3);
            if (!bankerDraws(b, p3)) record(pt, b, w * 13);
            else for (let b3 = 0; b3 < 10; b3++) record(pt, (b + b3) % 10, w * weight(b3));
          }
        }
  return out;
}

/** The exact return to player of one bet (1 = 100 %). */
export function baccaratRtp(bet: BaccaratBet): number {
  const odds = baccaratOdds();
  const all = 13 ** 6;
  const pays = BACCARAT_PAYS_X100[bet] / 100;
  switch (bet) {
    case 'player':
    case 'banker':
      return (odds[bet] * pays + odds.tie) / all;
    case 'tie':
      return (odds.tie * pays) / all;
    default:
      // The first two cards of a side share a rank 1 time in 13.
      return pays / 13;
  }
}
