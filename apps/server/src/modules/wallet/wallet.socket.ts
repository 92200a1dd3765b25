import {
  type SocketServerMessage,
  socketClientMessage,
  WS_CLOSE_TOO_MANY,
  WS_CLOSE_UNAUTHENTICATED,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { LEDGER_PLAYER_CHANNEL, parsePlayerEvents } from '../ledger/index.ts';
import type { WalletService } from './wallet.service.ts';

/** The first message must authenticate within this time. */
export const SOCKET_AUTH_TIMEOUT_MS = 10_000;
/** A revoked or idle-expired session closes its sockets within this time. */
export const SOCKET_SESSION_RECHECK_MS = 60_000;
/** Bursts of balance changes (a bet and its win) become one push. */
export const PUSH_COALESCE_MS = 25;
export const SOCKETS_PER_PLAYER_MAX = 10;
export const SOCKETS_PER_INSTANCE_MAX = 20_000;
/** Client messages per socket per minute (pings, mostly); beyond it the socket closes. */
export const SOCKET_MESSAGES_PER_MINUTE_MAX = 120;
const MINUTE_MS = 60_000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN_LATER = 1013;

const send = (socket: WebSocket, message: SocketServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * Which player's sockets live on this instance, and the push on every balance change.
 * The ledger announces changes with pg_notify right after each commit; every instance
 * LISTENs, and the one holding the player's sockets re-reads the balance and pushes it.
 */
export class WalletHub {
  private readonly sockets = new Map<bigint, Set<WebSocket>>();
  private readonly scheduled = new Map<bigint, NodeJS.Timeout>();
  private readonly unsubscribe: Array<() => void>;
  private count = 0;

  constructor(
    private readonly wallet: WalletService,
    events: EventBus,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    this.unsubscribe = [
      events.subscribe(LEDGER_PLAYER_CHANNEL, (payload) => {
        // One notification per ledger batch, naming every player account it changed.
        for (const event of parsePlayerEvents(payload)) this.changed(event.player_id);
      }),
      // Notifications sent while the LISTEN connection was down are lost: refresh everyone.
      events.onReconnect(() => {
        for (const player_id of this.sockets.keys()) this.changed(player_id);
      }),
    ];
  }

  get size(): number {
    return this.count;
  }

  /** Registers an authenticated socket; returns a close code when it is refused. */
  add(player_id: bigint, socket: WebSocket): number | null {
    if (this.count >= SOCKETS_PER_INSTANCE_MAX) return CLOSE_TRY_AGAIN_LATER;
    let set = this.sockets.get(player_id);
    if (!set) {
      set = new Set();
      this.sockets.set(player_id, set);
    }
    if (set.size >= SOCKETS_PER_PLAYER_MAX) return WS_CLOSE_TOO_MANY;
    set.add(socket);
    this.count += 1;
    return null;
  }

  remove(player_id: bigint, socket: WebSocket): void {
    const set = this.sockets.get(player_id);
    if (!set?.delete(socket)) return;
    this.count -= 1;
    if (set.size === 0) this.sockets.delete(player_id);
  }

  changed(player_id: bigint): void {
    if (!this.sockets.has(player_id) || this.scheduled.has(player_id)) return;
    const timer = setTimeout(() => {
      this.scheduled.delete(player_id);
      void this.push(player_id);
    }, PUSH_COALESCE_MS);
    this.scheduled.set(player_id, timer);
  }

  async push(player_id: bigint, only?: WebSocket): Promise<void> {
    try {
      const data = await this.wallet.balances(player_id);
      for (const socket of only ? [only] : (this.sockets.get(player_id) ?? [])) {
        send(socket, { type: 'wallet', data });
      }
    } catch (error) {
      this.log('wallet push failed', error);
    }
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    for (const timer of this.scheduled.values()) clearTimeout(timer);
    this.scheduled.clear();
    for (const set of this.sockets.values()) {
      for (const socket of set) socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    }
    this.sockets.clear();
    this.count = 0;
  }
}

export const walletSocketRoutes =
  (hub: WalletHub, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ws',
      {
        websocket: true,
        schema: {
          tags: ['customer'],
          summary: 'WebSocket: live wallet balance',
          description:
            'Upgrade to a WebSocket, then send `{"type":"auth","token":"<bearer token>"}` ' +
            `within ${SOCKET_AUTH_TIMEOUT_MS / 1000} s. The server answers \`{"type":"ready"}\`, ` +
            'then `{"type":"wallet","data":{"wallet_default":{…},"withdrawable_amount":n}}` at ' +
            'once and after every balance change. `{"type":"ping"}` gets `{"type":"pong"}`. ' +
            `Close ${WS_CLOSE_UNAUTHENTICATED}: missing, bad or expired session; ` +
            `${WS_CLOSE_TOO_MANY}: too many sockets or messages.`,
        },
      },
      (socket) => {
        let player_id: bigint | null = null;
        let authenticating = false;
        let messages = 0;
        const timers: NodeJS.Timeout[] = [];
        const closeUnauthenticated = (reason: string) =>
          socket.close(WS_CLOSE_UNAUTHENTICATED, reason);

        timers.push(
          setTimeout(() => {
            if (player_id === null) closeUnauthenticated('authentication timeout');
          }, SOCKET_AUTH_TIMEOUT_MS),
          setInterval(() => {
            messages = 0;
          }, MINUTE_MS),
        );

        socket.on('message', (raw) => {
          messages += 1;
          if (messages > SOCKET_MESSAGES_PER_MINUTE_MAX) {
            socket.close(WS_CLOSE_TOO_MANY, 'too many messages');
            return;
          }
          let parsed: ReturnType<typeof socketClientMessage.safeParse>;
          try {
            parsed = socketClientMessage.safeParse(JSON.parse(String(raw)));
          } catch {
            parsed = socketClientMessage.safeParse(null);
          }
          if (player_id === null) {
            if (authenticating) return;
            if (!parsed.success || parsed.data.type !== 'auth') {
              closeUnauthenticated('authenticate first');
              return;
            }
            authenticating = true;
            const token = parsed.data.token;
            void auth
              .authenticate(token)
              .then((authenticated) => {
                if (socket.readyState !== socket.OPEN) return;
                if (!authenticated) return closeUnauthenticated('invalid or expired session');
                const refused = hub.add(authenticated.row.id, socket);
                if (refused !== null) return socket.close(refused, 'too many sockets');
                player_id = authenticated.row.id;
                const expires_in_ms = authenticated.session.expires_at.getTime() - Date.now();
                timers.push(
                  setTimeout(() => closeUnauthenticated('session expired'), expires_in_ms),
                  setInterval(() => {
                    void auth.peek(token).then(
                      (still) => {
                        if (!still) closeUnauthenticated('session ended');
                      },
                      () => {},
                    );
                  }, SOCKET_SESSION_RECHECK_MS),
                );
                send(socket, { type: 'ready' });
                void hub.push(player_id, socket);
              })
              .catch(() => closeUnauthenticated('authentication failed'));
            return;
          }
          if (parsed.success && parsed.data.type === 'ping') send(socket, { type: 'pong' });
        });

        socket.on('close', () => {
          for (const timer of timers) clearTimeout(timer);
          if (player_id !== null) hub.remove(player_id, socket);
        });
      },
    );
  };
