import { setTimeout as sleep } from 'node:timers/promises';
import type { BonusStakes } from '../casino/index.ts';
import { isLedgerError, type LedgerService } from '../ledger/index.ts';
import type {
  BonusRepository,
  BonusRow,
  BonusStakeRow,
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
 * takes its stake here (bonus → wagers), and its return comes back here (wagers → bonus), both
 * decided under the bonus's row lock and booked right after as ledger transfers keyed by the
 * bet. While one is open the bonus cannot end; when the last closes, `decideEnd` ends it if it
 * is spent (lost), wagered (converted, capped) or past its date (expired).
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

  async stake(input: Parameters<BonusStakes['stake']>[0]): Promise<boolean> {
    if (input.amount_minor <= 0n) return false;
    const row = await this.repository.transaction(async (tx) => {
      // The bonus's lock first: a retry racing the first call then finds its row.
      const bonus = await this.repository.lockBonus(tx, input.bonus_id);
      const prior = await this.repository.stake(input.bet_ref, tx, true);
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
      await this.repository.moveBalance(tx, bonus.id, -input.amount_minor, 1);
      return this.repository.insertStake(tx, {
        bet_ref: input.bet_ref,
        bonus_id: bonus.id,
        player_id: input.player_id,
        currency: input.currency,
        house_purpose: input.house_purpose,
        stake_minor: input.amount_minor,
      });
    });
    if (!row || row.status === 'refused') return false;
    return this.bookStake(row, STAKE_ATTEMPTS, row.status === 'taken');
  }

  async settle(input: { bet_ref: string; payout_minor: bigint }): Promise<void> {
    if (input.payout_minor < 0n) throw new Error('A return cannot be negative');
    const outcome = await this.repository.transaction(async (tx) => {
      const row = await this.repository.stake(input.bet_ref, tx, true);
      if (!row) return null;
      if (row.status !== 'taken') return { row, ended: null };
      const bonus = await this.repository.lockBonus(tx, row.bonus_id);
      await this.repository.closeStake(tx, row.bet_ref, {
        status: 'settled',
        payout_minor: input.payout_minor,
      });
      const moved = await this.repository.moveBalance(tx, bonus!.id, input.payout_minor, -1);
      return {
        row: { ...row, status: 'settled' as const, payout_minor: input.payout_minor },
        ended: await this.decideEnd(tx, moved),
      };
    });
    if (!outcome) return;
    await this.bookReturn(outcome.row);
    if (outcome.ended) await this.sendEnd(outcome.ended);
  }

  /**
   * Books the stake (bonus → wagers). While the bet is still open, a ledger that keeps refusing
   * it refuses the bet; once the bet has settled the stake must go, and a refusal is an error
   * the sweep meets again.
   */
  private async bookStake(
    row: BonusStakeRow,
    attempts: number,
    refusable: boolean,
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        const transfer = await this.ledger.transfer({
          idempotency_key: `bonus-stake:${row.bet_ref}`,
          debit: { player_id: row.player_id, wallet: 'bonus' },
          credit: { house: 'wagers', purpose: row.house_purpose },
          amount_minor: row.stake_minor,
          currency: row.currency,
          reason_code: 'bet',
          object: { type: 'bet', id: row.bet_ref },
          actor: { type: 'player', id: String(row.player_id) },
        });
        if (row.stake_transfer_id === null)
          await this.repository.setStakeTransfers(row.bet_ref, { stake_transfer_id: transfer.id });
        return true;
      } catch (error) {
        if (!refusable || !isLedgerError(error, 'INSUFFICIENT_FUNDS')) throw error;
        if (attempt < attempts) {
          await sleep(20 * attempt);
          continue;
        }
        await this.refuse(row);
        return false;
      }
    }
  }

  /** The stake never left: the bonus gets it back and the bet is refused. */
  private async refuse(row: BonusStakeRow) {
    const ended = await this.repository.transaction(async (tx) => {
      const locked = await this.repository.stake(row.bet_ref, tx, true);
      if (locked?.status !== 'taken') return null;
      const bonus = await this.repository.lockBonus(tx, row.bonus_id);
      await this.repository.closeStake(tx, row.bet_ref, { status: 'refused' });
      const moved = await this.repository.moveBalance(tx, bonus!.id, row.stake_minor, -1);
      return this.decideEnd(tx, moved);
    });
    if (ended) await this.sendEnd(ended);
  }

  /** Books a settled bet's return (wagers → bonus), after its stake. */
  private async bookReturn(row: BonusStakeRow): Promise<void> {
    if (row.stake_transfer_id === null) await this.bookStake(row, STAKE_ATTEMPTS, false);
    if (row.payout_minor === null || row.payout_minor === 0n) return;
    const transfer = await this.ledger.transfer({
      idempotency_key: `bonus-return:${row.bet_ref}`,
      debit: { house: 'wagers', purpose: row.house_purpose },
      credit: { player_id: row.player_id, wallet: 'bonus' },
      amount_minor: row.payout_minor,
      currency: row.currency,
      reason_code: 'win',
      object: { type: 'bet', id: row.bet_ref },
      actor: { type: 'system', id: 'bonus' },
    });
    if (row.payout_transfer_id === null)
      await this.repository.setStakeTransfers(row.bet_ref, { payout_transfer_id: transfer.id });
  }

  /** Books stakes and returns a crash left unsent. */
  async sweep(now = new Date()): Promise<number> {
    const rows = await this.repository.unsentStakes(
      new Date(now.getTime() - SWEEP_GRACE_MS),
      SWEEP_BATCH,
    );
    for (const row of rows) {
      if (row.status === 'taken') await this.bookStake(row, 1, true);
      else await this.bookReturn(row);
    }
    return rows.length;
  }
}
