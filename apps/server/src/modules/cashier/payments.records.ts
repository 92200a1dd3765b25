import type { PaymentsRepository } from './payments.repository.ts';

/**
 * What other modules read of the payments: compliance's evidence (movements, instruments,
 * activity) and the player's data export. Read-only; it needs only the database, so the
 * cashier module offers it before the payments flow (which needs the ledger, the gate and the
 * wallet) is built.
 */
export class PaymentRecords {
  constructor(private readonly repository: PaymentsRepository) {}

  /**
   * The player's deposits credited (or being credited) and withdrawals requested since `since`,
   * by time then reference (`payment:<public id>`), at most `limit`.
   */
  movementsOf(player_id: bigint, since: Date, limit: number) {
    return this.repository.movementsOf(player_id, since, limit);
  }

  /** The account numbers and UPI ids (lower case) the player paid with or to since `since`. */
  instrumentsOf(player_id: bigint, since: Date) {
    return this.repository.instrumentsOf(player_id, since);
  }

  /** `(instrument, player)` pairs of payments since `since` naming one of `instruments`. */
  instrumentUsers(instruments: readonly string[], since: Date, limit: number) {
    return this.repository.instrumentUsers(instruments, since, limit);
  }

  /** Players whose payments were created or changed since `since`, by id as text. */
  playersActiveSince(since: Date, limit: number) {
    return this.repository.playersActiveSince(since, limit);
  }

  /** The player's data export: their payments. */
  async exportOf(player_id: bigint) {
    return { payments: await this.repository.exportOf(player_id) };
  }
}
