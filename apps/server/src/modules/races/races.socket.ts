import {
  type RaceSocketServerMessage,
  raceSocketClientMessage,
  WS_CLOSE_TOO_MANY,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import type { RacesService } from './races.service.ts';

/** Every instance hears a race's standings changed on this channel (race ids, comma-separated). */
export const RACES_CHANNEL = 'races';
/** A race's watchers get at most one push per this interval, however busy the race. */
export const RACE_PUSH_INTERVAL_MS = 1_000;
/** Bursts of changes are gathered this long before the first push. */
const PUSH_COALESCE_MS = 50;
export const RACE_SOCKETS_PER_INSTANCE_MAX = 20_000;
const SOCKET_MESSAGES_PER_MINUTE_MAX = 60;
const MINUTE_MS = 60_000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN_LATER = 1013;

type Watcher = { socket: WebSocket; player_id: bigint | null };

const send = (socket: WebSocket, message: RaceSocketServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The live leaderboards on this instance: who watches which race, and a push of the standings
 * (top 100 and each watcher's own place) when they change, throttled per race. Scores change on
 * whichever instance delivers the outbox; it NOTIFYs `races`, and every instance pushes to its
 * own sockets. A lost notification is made good by the next one or a reconnect's fresh read.
 */
export class RaceHub {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly last_push = new Map<string, number>();
  private readonly scheduled = new Map<string, NodeJS.Timeout>();
  private readonly unsubscribe: Array<() => void>;
  private count = 0;

  constructor(
    private readonly service: RacesService,
    events: EventBus,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    this.unsubscribe = [
      events.subscribe(RACES_CHANNEL, (payload) => {
        for (const id of payload.split(',')) if (/^\d{1,18}$/.test(id)) this.changed(id);
      }),
      events.onReconnect(() => {
        for (const id of this.watchers.keys()) this.changed(id);
      }),
    ];
  }

  get size(): number {
    return this.count;
  }

  /** Starts (or moves) a socket's watch; returns a close code when refused. */
  watch(race_id: string, watcher: Watcher, previous: string | null): number | null {
    if (previous !== null) this.unwatch(previous, watcher);
    if (this.count >= RACE_SOCKETS_PER_INSTANCE_MAX) return CLOSE_TRY_AGAIN_LATER;
    let set = this.watchers.get(race_id);
    if (!set) {
      set = new Set();
      this.watchers.set(race_id, set);
    }
    set.add(watcher);
    this.count += 1;
    void this.push(race_id, [watcher]);
    return null;
  }

  unwatch(race_id: string, watcher: Watcher): void {
    const set = this.watchers.get(race_id);
    if (!set?.delete(watcher)) return;
    this.count -= 1;
    if (set.size === 0) this.watchers.delete(race_id);
  }

  /** A race changed: push once the interval since its last push has passed. */
  changed(race_id: string): void {
    if (!this.watchers.has(race_id) || this.scheduled.has(race_id)) return;
    const since = Date.now() - (this.last_push.get(race_id) ?? 0);
    const wait = Math.max(PUSH_COALESCE_MS, RACE_PUSH_INTERVAL_MS - since);
    const timer = setTimeout(() => {
      this.scheduled.delete(race_id);
      this.last_push.set(race_id, Date.now());
      void this.push(race_id);
    }, wait);
    this.scheduled.set(race_id, timer);
  }

  private async push(race_id: string, only?: Watcher[]): Promise<void> {
    const watchers = only ?? [...(this.watchers.get(race_id) ?? [])];
    if (watchers.length === 0) return;
    try {
      const readers = [...new Set(watchers.map((w) => w.player_id))];
      const boards = await this.service.boards(BigInt(race_id), readers);
      for (const watcher of watchers) {
        const data = boards.get(watcher.player_id);
        if (data) send(watcher.socket, { type: 'leaderboard', data });
      }
    } catch (error) {
      for (const watcher of watchers)
        send(watcher.socket, { type: 'error', message: 'No such race' });
      this.log('race push failed', error);
    }
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    for (const timer of this.scheduled.values()) clearTimeout(timer);
    this.scheduled.clear();
    for (const set of this.watchers.values())
      for (const watcher of set) watcher.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    this.watchers.clear();
    this.count = 0;
  }
}

export const racesSocketRoutes =
  (hub: RaceHub, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/races/ws',
      {
        websocket: true,
        schema: {
          tags: ['races'],
          summary: 'WebSocket: a race’s live leaderboard',
          description:
            'Send `{"type":"watch","race_id":"<id>","token":"<bearer token, optional>"}`; the ' +
            'server answers `{"type":"leaderboard","data":{…}}` (the REST leaderboard’s shape) at ' +
            `once and whenever the standings change, at most once per ${RACE_PUSH_INTERVAL_MS / 1000} s. ` +
            'A token adds the reader’s own place. `{"type":"ping"}` gets `{"type":"pong"}`.',
        },
      },
      (socket) => {
        const watcher: Watcher = { socket, player_id: null };
        let race_id: string | null = null;
        let messages = 0;
        const reset = setInterval(() => {
          messages = 0;
        }, MINUTE_MS);
        socket.on('message', (raw) => {
          messages += 1;
          if (messages > SOCKET_MESSAGES_PER_MINUTE_MAX) {
            socket.close(WS_CLOSE_TOO_MANY, 'too many messages');
            return;
          }
          let parsed: ReturnType<typeof raceSocketClientMessage.safeParse>;
          try {
            parsed = raceSocketClientMessage.safeParse(JSON.parse(String(raw)));
          } catch {
            parsed = raceSocketClientMessage.safeParse(null);
          }
          if (!parsed.success) {
            send(socket, { type: 'error', message: 'Send {"type":"watch","race_id":"…"}' });
            return;
          }
          const message = parsed.data;
          if (message.type === 'ping') {
            send(socket, { type: 'pong' });
            return;
          }
          void (message.token ? auth.peek(message.token) : Promise.resolve(null))
            .catch(() => null)
            .then((player) => {
              if (socket.readyState !== socket.OPEN) return;
              const previous = race_id;
              watcher.player_id = player?.row.id ?? null;
              race_id = message.race_id;
              const refused = hub.watch(message.race_id, watcher, previous);
              if (refused !== null) socket.close(refused, 'too many sockets');
            });
        });
        socket.on('close', () => {
          clearInterval(reset);
          if (race_id !== null) hub.unwatch(race_id, watcher);
        });
      },
    );
  };
