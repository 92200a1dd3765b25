import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database.ts';

/**
 * Cross-instance events through PostgreSQL LISTEN/NOTIFY: one LISTEN connection per
 * instance, taken from the pool for the process's lifetime. `publish` runs `pg_notify`
 * on the caller's executor, so inside a transaction the event fires only on commit.
 * Payloads are small pointers (ids), never state: a subscriber re-reads what changed.
 *
 * NOTIFY is at-most-once: a notification sent while the LISTEN connection is down is
 * lost. Subscribers therefore get `onReconnect` to refresh whatever they push.
 */
export interface EventBus {
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  onReconnect(handler: () => void): () => void;
  publish(executor: Db, channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL refuses payloads of 8000 bytes or more; ours are ids. */
export const EVENT_PAYLOAD_BYTES_MAX = 1024;
const CHANNEL_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
const RECONNECT_DELAY_MS_MIN = 100;
const RECONNECT_DELAY_MS_MAX = 5_000;

export function createPgEventBus(pool: pg.Pool, log: (message: string, error?: unknown) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delay_ms = RECONNECT_DELAY_MS_MIN;
  let timer: NodeJS.Timeout | null = null;
  let listens: Promise<unknown> = Promise.resolve();

  const dispatch = (message: pg.Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) {
      try {
        handler(message.payload ?? '');
      } catch (error) {
        log(`event handler for ${message.channel} failed`, error);
      }
    }
  };

  const drop = (error?: unknown) => {
    const lost = client;
    client = null;
    if (!lost) return;
    lost.removeListener('notification', dispatch);
    lost.release(error instanceof Error ? error : true);
    if (!closed) {
      log('event bus lost its LISTEN connection; reconnecting', error);
      schedule();
    }
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, delay_ms);
    timer.unref();
    delay_ms = Math.min(delay_ms * 2, RECONNECT_DELAY_MS_MAX);
  };

  const connect = (isReconnect: boolean): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      let next: pg.PoolClient | null = null;
      try {
        next = await pool.connect();
        next.on('notification', dispatch);
        next.on('error', (error) => drop(error));
        for (const channel of handlers.keys()) await next.query(`listen ${channel}`);
        if (closed) {
          next.release(true);
          return;
        }
        client = next;
        delay_ms = RECONNECT_DELAY_MS_MIN;
        if (isReconnect) for (const handler of reconnectHandlers) handler();
      } catch (error) {
        // A connection lost between taking it and its LISTENs goes back to the pool to be
        // discarded; kept, it would hold a slot for ever and stop the pool from closing.
        if (next && next !== client) {
          next.removeListener('notification', dispatch);
          next.release(error instanceof Error ? error : true);
        }
        log('event bus could not LISTEN', error);
        schedule();
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  const bus: EventBus & { ready: () => Promise<void> } = {
    /** Resolves once the LISTEN connection is up and listens on every channel subscribed. */
    ready: async () => {
      await connecting;
      await listens;
    },
    subscribe(channel, handler) {
      if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (client) {
          // One statement at a time on the LISTEN connection (pg would queue them, deprecated).
          const listening = client;
          listens = listens
            .then(() => (client === listening ? listening.query(`listen ${channel}`) : undefined))
            .catch((error: unknown) => drop(error));
        } else if (!connecting && !timer) {
          void connect(false);
        }
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async publish(executor, channel, payload) {
      if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      if (Buffer.byteLength(payload) > EVENT_PAYLOAD_BYTES_MAX) {
        throw new Error('event payload too large: publish an id and let subscribers re-read');
      }
      await sql`select pg_notify(${channel}, ${payload})`.execute(executor);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      const current = client;
      client = null;
      if (current) {
        current.removeListener('notification', dispatch);
        current.release(true);
      }
    },
  };
  return bus;
}

/** For an app built without a pool: publishes work (they go to PostgreSQL), nothing is heard. */
export function createSilentEventBus(): EventBus {
  return {
    subscribe: () => () => {},
    onReconnect: () => () => {},
    publish: async (executor, channel, payload) => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(executor);
    },
    close: async () => {},
  };
}
