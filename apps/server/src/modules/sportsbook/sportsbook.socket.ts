import {
  type SbSocketServerMessage,
  sbSocketClientMessage,
  WS_CLOSE_TOO_MANY,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { type Stamped, StreamFanout } from '../../platform/events/fanout.ts';
import type { SportsbookService, SportsPush } from './sportsbook.service.ts';

/** Limits of the public live-odds socket (wallet.socket.ts has the same shape). */
export const SPORTS_SOCKETS_MAX = 20_000;
export const SPORTS_SUBSCRIPTIONS_MAX = 60;
export const SPORTS_MESSAGES_PER_MINUTE_MAX = 120;
/** A socket whose send buffer grows past this is too slow to follow the odds: closed. */
export const SPORTS_BUFFERED_BYTES_MAX = 1_000_000;
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GOING_AWAY = 1001;

/** Odds and event-state pushes between instances (the feed runs on its leader only). */
export const SPORTS_PUSH_CHANNEL = 'sports_push';

/**
 * Who watches which event on this instance, and the fan-out of each push. A message is
 * serialised once per push whatever the number of subscribers. In a cluster the pushes made on
 * any instance (the feed leader's, a trader's) reach every other through `StreamFanout`, stamped
 * with `epoch` and a `seq` per event so a page notices a gap and re-reads the event.
 */
export class SportsHub {
  private readonly byEvent = new Map<string, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, Set<string>>();
  private readonly stop: () => void;
  private readonly fanout: StreamFanout<SportsPush> | null;

  constructor(
    service: SportsbookService,
    cluster?: { db: Db; bus: EventBus; log: (message: string, error: unknown) => void },
  ) {
    this.fanout = cluster
      ? new StreamFanout<SportsPush>({
          ...cluster,
          channel: SPORTS_PUSH_CHANNEL,
          keyOf: (push) => push.event_id,
          deliver: (push) => this.publish(push),
          // Too large to carry (never for one market) or a lost connection: the next push of
          // the event shows the gap and the page re-reads it.
        })
      : null;
    this.stop = service.onPush((push) =>
      this.fanout ? this.fanout.publish(push) : this.publish(push),
    );
  }

  get size(): number {
    return this.bySocket.size;
  }

  add(socket: WebSocket): boolean {
    if (this.bySocket.size >= SPORTS_SOCKETS_MAX) return false;
    this.bySocket.set(socket, new Set());
    return true;
  }

  subscribe(socket: WebSocket, events: string[]): void {
    const mine = this.bySocket.get(socket);
    if (!mine) return;
    for (const id of mine) this.byEvent.get(id)?.delete(socket);
    mine.clear();
    for (const id of events.slice(0, SPORTS_SUBSCRIPTIONS_MAX)) {
      mine.add(id);
      let set = this.byEvent.get(id);
      if (!set) {
        set = new Set();
        this.byEvent.set(id, set);
      }
      set.add(socket);
    }
  }

  remove(socket: WebSocket): void {
    for (const id of this.bySocket.get(socket) ?? []) {
      const set = this.byEvent.get(id);
      set?.delete(socket);
      if (set?.size === 0) this.byEvent.delete(id);
    }
    this.bySocket.delete(socket);
  }

  publish(push: SportsPush | Stamped<SportsPush>): void {
    const set = this.byEvent.get(push.event_id);
    if (!set || set.size === 0) return;
    const text = JSON.stringify(push satisfies SbSocketServerMessage);
    for (const socket of set) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > SPORTS_BUFFERED_BYTES_MAX) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too slow');
        continue;
      }
      socket.send(text);
    }
  }

  close(): void {
    this.stop();
    this.fanout?.close();
    for (const socket of this.bySocket.keys())
      socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    this.bySocket.clear();
    this.byEvent.clear();
  }
}

export const sportsSocketRoutes =
  (hub: SportsHub): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sports/ws',
      {
        websocket: true,
        schema: {
          tags: ['sportsbook'],
          summary: 'WebSocket: live odds, event status, score and clock',
          description:
            'No sign-in. Send `{"type":"subscribe","events":["<event id>",…]}` (at most ' +
            `${SPORTS_SUBSCRIPTIONS_MAX}; each subscribe replaces the last). The server answers ` +
            '`{"type":"ready"}`, then pushes `{"type":"market","event_id","data":<market>}` on every price or status ' +
            'change and `{"type":"event","event_id","data":{status,score,clock,suspended}}` on every score, clock or status change. ' +
            'Each push carries `epoch` and `seq` (per event; seq + 1 each push while epoch stays): a gap means a missed push, re-read the event. ' +
            `\`{"type":"ping"}\` gets \`{"type":"pong"}\`. Close ${WS_CLOSE_TOO_MANY}: too many messages.`,
        },
      },
      (socket) => {
        if (!hub.add(socket)) {
          socket.close(CLOSE_TRY_AGAIN_LATER, 'too many sockets');
          return;
        }
        let messages = 0;
        const reset = setInterval(() => {
          messages = 0;
        }, 60_000);
        const send = (message: SbSocketServerMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        socket.on('message', (raw) => {
          messages += 1;
          if (messages > SPORTS_MESSAGES_PER_MINUTE_MAX) {
            socket.close(WS_CLOSE_TOO_MANY, 'too many messages');
            return;
          }
          let parsed: ReturnType<typeof sbSocketClientMessage.safeParse>;
          try {
            parsed = sbSocketClientMessage.safeParse(JSON.parse(String(raw)));
          } catch {
            parsed = sbSocketClientMessage.safeParse(null);
          }
          if (!parsed.success) return;
          if (parsed.data.type === 'ping') send({ type: 'pong' });
          else {
            hub.subscribe(socket, parsed.data.events);
            send({ type: 'ready' });
          }
        });
        socket.on('close', () => {
          clearInterval(reset);
          hub.remove(socket);
        });
      },
    );
  };
