import type { EventBus } from './events/event-bus.ts';

/**
 * A read-through cache of rows a module reads on every bet (a player's protection settings,
 * their bonus cap, the player row), kept correct across instances: whatever changes a row
 * publishes its key on the module's channel (`pg_notify` in the changing transaction, so on
 * commit), every instance drops that key, and a lost LISTEN connection drops everything
 * (NOTIFY is at most once). `ttl_ms` bounds what a missed notification could leave stale.
 * Entries are few bytes; past `size_max` the oldest go (Map keeps insertion order).
 */
export class SharedCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  /** Reads in flight per key, so a burst of bets on one key reads once. */
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped on every invalidation: a read that began before it does not store its result. */
  private generation = 0;

  constructor(
    private readonly options: { ttl_ms: number; size_max: number },
    private readonly load: (key: string) => Promise<V>,
  ) {}

  /** Listens on `channel` (payload: one key, or `*` for all) and on reconnects. */
  listen(bus: EventBus, channel: string): this {
    bus.subscribe(channel, (payload) => {
      if (payload === '*') this.clear();
      else this.delete(payload);
    });
    bus.onReconnect(() => this.clear());
    return this;
  }

  async get(key: string): Promise<V> {
    const entry = this.entries.get(key);
    if (entry !== undefined && Date.now() - entry.at < this.options.ttl_ms) return entry.value;
    const pending = this.loading.get(key);
    if (pending !== undefined) return pending;
    const generation = this.generation;
    const read = this.load(key).then(
      (value) => {
        this.loading.delete(key);
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, read);
    return read;
  }

  /** After a change this instance made (its own notification comes later). */
  delete(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private set(key: string, value: V) {
    if (this.entries.size >= this.options.size_max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, at: Date.now() });
  }
}
