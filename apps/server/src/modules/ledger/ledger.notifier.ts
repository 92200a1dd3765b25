import type { LedgerRepository } from './ledger.repository.ts';

/** Entries per notification: 190 × at most 40 bytes stays below PostgreSQL's 8000-byte limit. */
export const NOTIFY_ENTRIES_MAX = 190;
/**
 * Least time between two NOTIFY statements. Under load every batch changed players, and a
 * NOTIFY per batch was one more statement per batch, paid on the server and in the event
 * loop (docs/performance.md, round 8); a push up to this much later is not visible to anyone.
 */
export const NOTIFY_INTERVAL_MS = 20;
/** Account owners remembered; the map is dropped when it grows past this. */
const OWNERS_MAX = 200_000;

/**
 * Announces, after commit, which player accounts the ledger changed: `pg_notify` on the
 * `ledger_player` channel, payload `<player_id>:<account_id>[,…]` (see LEDGER_PLAYER_CHANNEL).
 *
 * Why after the commit and not inside it (migration 0101): a transaction that notifies holds
 * a database-wide lock from pre-commit until its commit record is flushed, which made every
 * ledger batch on every instance commit one after another. Here the NOTIFY is its own tiny
 * statement, which no ledger batch waits for: it still gets a transaction id and writes and
 * flushes a commit record of its own (40 bytes of WAL, checked in round 12), so only NOTIFYs
 * wait on each other's flush. One is in flight at a time, at most one starts every
 * NOTIFY_INTERVAL_MS, and accounts changed meanwhile go in the next.
 *
 * At most once, like NOTIFY itself: a process that dies between a commit and its NOTIFY
 * loses that push (the balance is right on the next read; listeners that reconnect refresh
 * every socket). A failed NOTIFY is logged and dropped, never retried into a storm.
 */
export class ChangeNotifier {
  /** Account id → its player's id, or null for a house account. */
  private readonly owners = new Map<bigint, bigint | null>();
  private pending = new Set<bigint>();
  private running: Promise<void> | null = null;
  /** The next publish, waiting for this event-loop turn or for the interval to pass. */
  private scheduled: Promise<void> | null = null;
  private last_started = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: LedgerRepository,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  /** Remembers who owns an account (the service learns it when resolving references). */
  known(account_id: bigint, player_id: bigint | null): void {
    if (this.owners.size >= OWNERS_MAX) this.owners.clear();
    this.owners.set(account_id, player_id);
  }

  /** Accounts a committed batch changed; house accounts are filtered out here. */
  changed(account_ids: Iterable<bigint>): void {
    for (const id of account_ids) {
      if (this.owners.get(id) !== null) this.pending.add(id);
    }
    if (this.pending.size > 0) this.schedule();
  }

  /** Resolves once every change reported so far has been published (or dropped). */
  async idle(): Promise<void> {
    while (this.running || this.scheduled) await (this.running ?? this.scheduled);
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    // At the earliest after this event-loop turn, so batches answered together share a NOTIFY.
    const wait_ms = this.last_started + NOTIFY_INTERVAL_MS - performance.now();
    this.scheduled = new Promise<void>((resolve) => {
      const start = () => {
        this.scheduled = null;
        this.last_started = performance.now();
        this.running = this.publish().finally(() => {
          this.running = null;
          if (this.pending.size > 0) this.schedule();
        });
        resolve();
      };
      if (wait_ms > 0) setTimeout(start, wait_ms);
      else setImmediate(start);
    });
  }

  private async publish(): Promise<void> {
    const accounts = [...this.pending];
    this.pending = new Set();
    try {
      const unknown = accounts.filter((id) => !this.owners.has(id));
      if (unknown.length > 0) {
        for (const row of await this.repository.accountOwners(unknown)) {
          this.known(row.id, row.player_id);
        }
      }
      const entries: string[] = [];
      for (const id of accounts) {
        const player_id = this.owners.get(id);
        if (player_id !== null && player_id !== undefined) entries.push(`${player_id}:${id}`);
      }
      const payloads: string[] = [];
      for (let start = 0; start < entries.length; start += NOTIFY_ENTRIES_MAX) {
        payloads.push(entries.slice(start, start + NOTIFY_ENTRIES_MAX).join(','));
      }
      if (payloads.length > 0) await this.repository.notifyPlayers(payloads);
    } catch (error) {
      this.log('ledger: balance notification failed (pushes for this batch are lost)', error);
    }
  }
}
