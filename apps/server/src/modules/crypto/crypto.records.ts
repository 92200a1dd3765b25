import type { CryptoRepository } from './crypto.repository.ts';

/**
 * What other modules read of crypto deposits and withdrawals: compliance's evidence (movements,
 * payout addresses, activity) and the player's data export. Read-only; it needs only the
 * database, so it is built before the crypto flows (which need the ledger, the gate and the
 * wallet).
 */
export class CryptoRecords {
  constructor(private readonly repository: CryptoRepository) {}

  /**
   * The player's deposits credited (or being credited) and withdrawals requested since `since`,
   * by time then reference (`crypto-deposit:` / `crypto-withdrawal:` and the tracking id), at
   * most `limit`; amounts in the wallet currency.
   */
  movementsOf(player_id: bigint, since: Date, limit: number) {
    return this.repository.movementsOf(player_id, since, limit);
  }

  /** The payout addresses of the player's withdrawals since `since`. */
  instrumentsOf(player_id: bigint, since: Date) {
    return this.repository.payoutAddressesOf(player_id, since);
  }

  /** `(address, player)` pairs of withdrawals since `since` to one of `addresses`. */
  async instrumentUsers(addresses: readonly string[], since: Date, limit: number) {
    return (await this.repository.payoutAddressUsers(addresses, since, limit)).map((row) => ({
      instrument: row.address,
      player_id: row.player_id,
    }));
  }

  /** Players with a deposit changed or a withdrawal asked since `since`, by id as text. */
  playersActiveSince(since: Date, limit: number) {
    return this.repository.playersActiveSince(since, limit);
  }

  /** One of the player's withdrawals, for the cashier's withdrawal tracker. */
  withdrawalOf(player_id: bigint, tracking_id: string) {
    return this.repository.withdrawalOf(player_id, tracking_id);
  }

  /** The player's data export: their crypto deposits and withdrawals. */
  exportOf(player_id: bigint) {
    return this.repository.exportOf(player_id);
  }
}
