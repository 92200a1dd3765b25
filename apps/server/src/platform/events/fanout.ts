import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EventBus } from './event-bus.ts';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a batch is cut below this, and a
 * single message above it is announced by its key only (receivers re-read, see `overflow`).
 */
export const FANOUT_PAYLOAD_BYTES_MAX = 7_900;
/** Pushes published within this time share one NOTIFY (a NOTIFY costs a commit flush). */
export const FANOUT_INTERVAL_MS = 10;
/** Stream keys whose sequence is remembered; past it the map starts again (clients re-read). */
export const FANOUT_KEYS_MAX = 50_000;

/** Where a push stands in its stream: `epoch` names the publisher, `seq` counts per key from 1. */
export type StreamPosition = { epoch: string; seq: number };
export type Stamped<T> = T & StreamPosition;

type Wire = { o: string; m: unknown[]; x?: string[] };

/**
 * One pushed stream shared by every instance through LISTEN/NOTIFY. The instance that makes a
 * change publishes it: its own sockets get it at once, and a batched `pg_notify` carries it to
 * the others, which hand it to their sockets unchanged. Every push is stamped with the
 * publisher's epoch and a sequence number per stream key, so a client that sees the epoch change
 * or a number skipped knows it missed something and re-reads the state over HTTP.
 *
 * At most once, like NOTIFY: a batch lost with a dying publisher or a dropped LISTEN connection
 * shows up to clients as a gap. Receivers are told of reconnects (`resync`) for the same reason.
 */
export class StreamFanout<T extends object> {
  /** This process's epoch: a new one per process, so a new publisher is always noticed. */
  readonly epoch = randomBytes(6).toString('hex');
  private readonly seqs = new Map<string, number>();
  private readonly last = new Map<string, StreamPosition>();
  private queue: string[] = [];
  private overflowed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly stops: Array<() => void>;

  constructor(
    private readonly options: {
      db: Db;
      bus: EventBus;
      channel: string;
      keyOf: (message: T) => string;
      /** Hands a push (this instance's or another's) to the local sockets. */
      deliver: (message: Stamped<T>) => void;
      /** A push too large to carry, or a LISTEN reconnect (key null): re-read and push state. */
      resync?: (key: string | null) => void;
      log: (message: string, error: unknown) => void;
    },
  ) {
    this.stops = [
      options.bus.subscribe(options.channel, (payload) => this.receive(payload)),
      options.bus.onReconnect(() => options.resync?.(null)),
    ];
  }

  /** The newest position delivered on this instance for a key (a state read is at least this new). */
  position(key: string): StreamPosition | null {
    return this.last.get(key) ?? null;
  }

  publish(message: T): Stamped<T> {
    const key = this.options.keyOf(message);
    if (this.seqs.size >= FANOUT_KEYS_MAX && !this.seqs.has(key)) this.seqs.clear();
    const seq = (this.seqs.get(key) ?? 0) + 1;
    this.seqs.set(key, seq);
    const stamped = { ...message, epoch: this.epoch, seq };
    this.deliver(key, stamped);
    const text = JSON.stringify(stamped);
    if (Buffer.byteLength(text) > FANOUT_PAYLOAD_BYTES_MAX - 64) this.overflowed.add(key);
    else this.queue.push(text);
    this.timer ??= setTimeout(() => this.flush(), FANOUT_INTERVAL_MS);
    return stamped;
  }

  /** Resolves once everything published so far has been sent (tests, shutdown). */
  async idle(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.flush();
    }
    await this.sending;
  }

  close(): void {
    for (const stop of this.stops) stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private deliver(key: string, stamped: Stamped<T>) {
    this.last.set(key, { epoch: stamped.epoch, seq: stamped.seq });
    if (this.last.size > FANOUT_KEYS_MAX) this.last.clear();
    try {
      this.options.deliver(stamped);
    } catch (error) {
      this.options.log(`fan-out ${this.options.channel}: delivery failed`, error);
    }
  }

  /** Packs the queue into payloads under the limit, sent one after another in order. */
  private flush() {
    this.timer = null;
    const messages = this.queue;
    const overflowed = [...this.overflowed];
    this.queue = [];
    this.overflowed = new Set();
    const payloads: string[] = [];
    const head = `{"o":"${this.epoch}","m":[`;
    let body: string[] = [];
    let bytes = head.length + 2;
    const cut = (x: string[]) => {
      if (body.length === 0 && x.length === 0) return;
      payloads.push(`${head}${body.join(',')}]${x.length ? `,"x":${JSON.stringify(x)}` : ''}}`);
      body = [];
      bytes = head.length + 2;
    };
    for (const text of messages) {
      const size = Buffer.byteLength(text) + 1;
      if (bytes + size > FANOUT_PAYLOAD_BYTES_MAX) cut([]);
      body.push(text);
      bytes += size;
    }
    // Keys are short; a few hundred of them fit one payload.
    for (let i = 0; i < overflowed.length; i += 100) cut(overflowed.slice(i, i + 100));
    cut([]);
    this.sending = this.sending.then(async () => {
      for (const payload of payloads) {
        try {
          await sql`select pg_notify(${this.options.channel}, ${payload})`.execute(this.options.db);
        } catch (error) {
          this.options.log(`fan-out ${this.options.channel}: notify failed (a gap)`, error);
        }
      }
    });
  }

  private receive(payload: string) {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (error) {
      this.options.log(`fan-out ${this.options.channel}: unreadable payload`, error);
      return;
    }
    if (wire.o === this.epoch) return;
    for (const message of wire.m) {
      const stamped = message as Stamped<T>;
      this.deliver(this.options.keyOf(stamped), stamped);
    }
    for (const key of wire.x ?? []) this.options.resync?.(key);
  }
}
