/**
 * Where a pushed stream stands, per key (one per stream for Crash, one per event for odds). A
 * server stamps every push with its publisher's `epoch` and a `seq` that grows by one per push
 * and key; any other step (another publisher after a failover, a lost push, a new socket on
 * another instance) means the page may have missed a change and must re-read over HTTP.
 */
export type Position = { epoch?: string | null; seq?: number | null };

export class StreamPositions {
  private readonly last = new Map<string, { epoch: string; seq: number }>();

  /** Sets where a state read stood (null: nothing pushed yet, the next push starts the count). */
  reset(key: string, position: Position | null | undefined): void {
    if (position?.epoch && typeof position.seq === 'number')
      this.last.set(key, { epoch: position.epoch, seq: position.seq });
    else this.last.delete(key);
  }

  /** Forgets every key (a reconnect: the next pushes are measured against fresh reads). */
  clear(): void {
    this.last.clear();
  }

  /**
   * 'apply' when the push follows the last one seen (or is the first after a reset without a
   * position); 'stale' for one already covered by a state read; 'gap' when something was missed.
   */
  accept(key: string, push: Position): 'apply' | 'stale' | 'gap' {
    if (!push.epoch || typeof push.seq !== 'number') return 'apply';
    const last = this.last.get(key);
    this.last.set(key, { epoch: push.epoch, seq: push.seq });
    if (!last) return 'apply';
    if (last.epoch !== push.epoch) return 'gap';
    if (push.seq <= last.seq) {
      this.last.set(key, last);
      return 'stale';
    }
    return push.seq === last.seq + 1 ? 'apply' : 'gap';
  }
}
