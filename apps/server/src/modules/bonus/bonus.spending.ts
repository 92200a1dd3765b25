import { setTimeout as sleep } from 'node:timers/promises';
import { isLedgerError, type LedgerService } from '../ledger/index.ts';
import type { BonusStakes } from './bonus.ports.ts';
import type {
  BonusMoveRow,
  BonusRepository,
  BonusRow,
  BonusTx,
  SpendingOrder,
} from './bonus.repository.ts';

/** How long the spending order is read from memory before the table is asked again. */
const ORDER_CACHE_MS = 5_000;
/**
 * A stake's transfer can reach the ledger before the transfer of a return it counts on (two
 * bets of one player at once): it is tried again this many times, then the bet is refused.
 */
const STAKE_ATTEMPTS = 5;
/** Stakes and returns younger than this belong to a request still running: the sweep waits. */
const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 200;

/**
 * Bonus-first spending (decision 0805). A bonus's balance is the bonus module's: a bet it funds
 * takes its stakes here (bonus → wagers) and its returns come back here (wagers → bonus), each
 * decided under the bonus's row lock, recorded as a move, and booked right after as a ledger
 * transfer keyed by the move. While a bet is open its bonus cannot end; when the last closes,
 * `decideEnd` ends it if it is spent (lost), wagered (converted, capped) or past its date.
 */
export class BonusSpending implements BonusStakes {
  private order: { value: SpendingOrder; read_at: number } | null = null;

  constructor(
    private readonly repository: BonusRepository,
    private readonly ledger: LedgerService,
    /** Under the bonus's lock: ends it if its time has come, returning the ended row. */
    private readonly decideEnd: (tx: BonusTx, bonus: BonusRow) => Promise<BonusRow | null>,
    /** Books an ended bonus's conversion or return (idempotent). */
    private readonly sendEnd: (bonus: BonusRow) => Promise<void>,
  ) {}

  async spendingOrder(): Promise<SpendingOrder> {
    if (this.order && Date.now() - this.order.read_at < ORDER_CACHE_MS) return this.order.value;
    const value = await this.repository.spendingOrder();
    this.order = { value, read_at: Date.now() };
    return value;
  }

  async setSpendingOrder(order: SpendingOrder): Promise<void> {
    await this.repository.setSpendingOrder(order);
    this.order = { value: order, read_at: Date.now() };
  }

  async pick(player_id: bigint, currency: string, amount_minor: bigint): Promise<bigint | null> {
    if ((await this.spendingOrder()) !== 'bonus_first') return null;
    return this.repository.fundingBonus(player_id, currency, amount_minor);
  }

  async stakeable(player_id: bigint, currency: string): Promise<bigint> {
    if ((await this.spendingOrder()) !== 'bonus_first') return 0n;
    return this.repository.runningBalance(player_id, currency);
  }

  async stake(input: Parameters<BonusStakes['stake']>[0]): Promise<boolean> {
    if (input.amount_minor <= 0n) return false;
    const move_ref = input.move_ref ?? `${input.bet_ref}:stake`;
    const move = await this.repository.transaction(async (tx) => {
      // The bonus's lock first: every change to its balance and its bets queues here, and a
      // retry racing the first call then finds its move.
      const bonus = await this.repository.lockBonus(tx, input.bonus_id);
      const prior = await this.repository.bonusMove(move_ref, tx);
      if (prior) return prior;
      if (
        bonus?.status !== 'active' ||
        bonus.player_id !== input.player_id ||
        bonus.currency !== input.currency ||
        bonus.grant_transfer_id === null ||
        bonus.balance_minor < input.amount_minor
      ) {
        return null;
      }
      const bet = await this.repository.bonusBet(input.bet_ref, tx, true);
      if (bet && (bet.status !== 'open' || bet.bonus_id !== bonus.id)) return null;
      if (!bet) {
        await this.repository.openBonusBet(tx, {
          bet_ref: input.bet_ref,
          bonus_id: bonus.id,
          player_id: input.player_id,
          currency: input.currency,
          house_purpose: input.house_purpose,
        });
      }
      await this.repository.addToBonusBet(tx, input.bet_ref, input.amount_minor, 0n);
      await this.repository.moveBalance(tx, bonus.id, -input.amount_minor, bet ? 0 : 1);
      return this.repository.insertBonusMove(tx, {
        move_ref,
        bet_ref: input.bet_ref,
        kind: 'stake',
        amount_minor: input.amount_minor,
      });
    });
    if (!move || move.status === 'refused') return false;
    return this.book(move, STAKE_ATTEMPTS);
  }

  async credit(input: { bet_ref: string; move_ref: string; amount_minor: bigint }) {
    if (input.amount_minor <= 0n) return false;
    const found = await this.repository.bonusBet(input.bet_ref);
    if (!found) return false;
    const move = await this.repository.transaction(async (tx) => {
      const bonus = await this.repository.lockBonus(tx, found.bonus_id);
      const prior = await this.repository.bonusMove(input.move_ref, tx);
      if (prior) return prior;
      const bet = await this.repository.bonusBet(input.bet_ref, tx, true);
      // An open bet's bonus is still running (it cannot end while the bet is open).
      if (bet?.status !== 'open' || bonus?.status !== 'active') return null;
      await this.repository.addToBonusBet(tx, bet.bet_ref, 0n, input.amount_minor);
      await this.repository.moveBalance(tx, bonus.id, input.amount_minor, 0);
      return this.repository.insertBonusMove(tx, {
        move_ref: input.move_ref,
        bet_ref: bet.bet_ref,
        kind: 'return',
        amount_minor: input.amount_minor,
      });
    });
    if (!move) return false;
    await this.book(move, STAKE_ATTEMPTS);
    return true;
  }

  async close(bet_ref: string): Promise<void> {
    const found = await this.repository.bonusBet(bet_ref);
    if (found?.status !== 'open') return;
    const ended = await this.repository.transaction(async (tx) => {
      const bonus = await this.repository.lockBonus(tx, found.bonus_id);
      const bet = await this.repository.bonusBet(bet_ref, tx, true);
      if (bet?.status !== 'open' || !bonus) return null;
      await this.repository.closeBonusBet(tx, bet_ref);
      return this.decideEnd(tx, await this.repository.moveBalance(tx, bonus.id, 0n, -1));
    });
    if (ended) await this.sendEnd(ended);
  }

  async settle(input: { bet_ref: string; payout_minor: bigint }): Promise<void> {
    if (input.payout_minor < 0n) throw new Error('A return cannot be negative');
    if (input.payout_minor > 0n)
      await this.credit({
        bet_ref: input.bet_ref,
        move_ref: `${input.bet_ref}:return`,
        amount_minor: input.payout_minor,
      });
    await this.close(input.bet_ref);
  }

  /**
   * Books a move's ledger transfer. A stake the ledger keeps refusing (a return it counts on has
   * not reached the ledger yet, e.g. two bets of one player at once) is refused: its amount goes
   * back to the bonus. A return is never refused (the house pays it); an error is met again by
   * the sweep. A stake is booked before any return of its bet (the product asks in that order).
   */
  private async book(move: BonusMoveRow, attempts: number): Promise<boolean> {
    if (move.status === 'booked') return true;
    const bet = (await this.repository.bonusBet(move.bet_ref))!;
    const player = { player_id: bet.player_id, wallet: 'bonus' } as const;
    const house = { house: 'wagers', purpose: bet.house_purpose } as const;
    for (let attempt = 1; ; attempt++) {
      try {
        const transfer = await this.ledger.transfer({
          idempotency_key: `bonus-${move.kind}:${move.move_ref}`,
          debit: move.kind === 'stake' ? player : house,
          credit: move.kind === 'stake' ? house : player,
          amount_minor: move.amount_minor,
          currency: bet.currency,
          reason_code: move.kind === 'stake' ? 'bet' : 'win',
          object: { type: 'bet', id: bet.bet_ref },
          actor:
            move.kind === 'stake'
              ? { type: 'player', id: String(bet.player_id) }
              : { type: 'system', id: 'bonus' },
        });
        await this.repository.setBonusMove(move.move_ref, {
          status: 'booked',
          transfer_id: transfer.id,
        });
        return true;
      } catch (error) {
        if (move.kind !== 'stake' || !isLedgerError(error, 'INSUFFICIENT_FUNDS')) throw error;
        if (attempt < attempts) {
          await sleep(20 * attempt);
          continue;
        }
        await this.refuse(move);
        return false;
      }
    }
  }

  /** A stake the ledger refused: back into the bonus; a bet left with nothing staked closes. */
  private async refuse(move: BonusMoveRow) {
    const found = (await this.repository.bonusBet(move.bet_ref))!;
    const ended = await this.repository.transaction(async (tx) => {
      const bonus = await this.repository.lockBonus(tx, found.bonus_id);
      const locked = await this.repository.bonusMove(move.move_ref, tx, true);
      if (locked?.status !== 'pending' || !bonus) return null;
      await this.repository.setBonusMove(move.move_ref, { status: 'refused' }, tx);
      const bet = await this.repository.addToBonusBet(tx, move.bet_ref, -move.amount_minor, 0n);
      const empty = bet.status === 'open' && bet.staked_minor === 0n && bet.returned_minor === 0n;
      if (empty) await this.repository.closeBonusBet(tx, move.bet_ref);
      const moved = await this.repository.moveBalance(
        tx,
        bonus.id,
        move.amount_minor,
        empty ? -1 : 0,
      );
      return this.decideEnd(tx, moved);
    });
    if (ended) await this.sendEnd(ended);
  }

  /** Books stakes and returns a crash left pending (a stake still refusable, once). */
  async sweep(now = new Date()): Promise<number> {
    const moves = await this.repository.pendingMoves(
      new Date(now.getTime() - SWEEP_GRACE_MS),
      SWEEP_BATCH,
    );
    for (const move of moves) await this.book(move, 1);
    return moves.length;
  }
}
