import { envelope, WS_CLOSE_TOO_MANY } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { StreamFanout, type StreamPosition } from '../../platform/events/fanout.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { gateClient } from '../protection/index.ts';
import type { CrashPush, CrashService } from './crash.service.ts';

const security = [{ bearer: [] }];
export const CRASH_SOCKETS_MAX = 20_000;
export const CRASH_MESSAGES_PER_MINUTE_MAX = 60;
/** A socket too slow to follow the round is closed rather than buffered without end. */
export const CRASH_BUFFERED_BYTES_MAX = 1_000_000;
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GOING_AWAY = 1001;

/** Crash pushes between instances; one stream, so a missed push of any kind shows as a gap. */
export const CRASH_PUSH_CHANNEL = 'crash_push';
/** A bet taken by an instance that does not run the round: its id, for the engine to re-read. */
export const CRASH_BET_CHANNEL = 'crash_bet';
const CRASH_STREAM = 'crash';

/**
 * Everyone watching Crash on this instance: each push is serialised once and sent to all. In a
 * cluster the engine runs on one instance; its pushes reach the others through `StreamFanout`,
 * stamped with `epoch` and `seq` so a page notices a gap and re-reads the state.
 */
export class CrashHub {
  private readonly sockets = new Set<WebSocket>();
  private readonly stop: () => void;
  private readonly fanout: StreamFanout<CrashPush> | null;
  constructor(
    private readonly service: CrashService,
    cluster?: { db: Db; bus: EventBus; log: (message: string, error: unknown) => void },
  ) {
    this.fanout = cluster
      ? new StreamFanout<CrashPush>({
          ...cluster,
          channel: CRASH_PUSH_CHANNEL,
          keyOf: () => CRASH_STREAM,
          deliver: (push) => this.publish(push),
          resync: () => void this.resync(cluster.log),
        })
      : null;
    this.stop = service.onPush((push) =>
      this.fanout ? this.fanout.publish(push) : this.publish(push),
    );
  }
  /** Where the stream stands on this instance (read before a state, so the state is newer). */
  position(): StreamPosition | null {
    return this.fanout?.position(CRASH_STREAM) ?? null;
  }
  /** A push too large to carry or a lost LISTEN connection: every page here gets the state. */
  private async resync(log: (message: string, error: unknown) => void) {
    try {
      const position = this.position();
      const data = await this.service.state();
      this.publish({ type: 'state', data, ...position } as unknown as CrashPush);
    } catch (error) {
      log('crash resync failed', error);
    }
  }
  get size() {
    return this.sockets.size;
  }
  add(socket: WebSocket): boolean {
    if (this.sockets.size >= CRASH_SOCKETS_MAX) return false;
    this.sockets.add(socket);
    return true;
  }
  remove(socket: WebSocket) {
    this.sockets.delete(socket);
  }
  publish(push: CrashPush) {
    if (this.sockets.size === 0) return;
    const text = JSON.stringify(push);
    for (const socket of this.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > CRASH_BUFFERED_BYTES_MAX) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too slow');
        continue;
      }
      socket.send(text);
    }
  }
  close() {
    this.stop();
    this.fanout?.close();
    for (const socket of this.sockets) socket.close(CLOSE_GOING_AWAY, 'server shutting down');
    this.sockets.clear();
  }
}

const betView = z.object({
  id: z.string(),
  round_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  auto_cashout: z.string().nullable(),
  cashout: z.string().nullable(),
  payout: z.string(),
  status: z.enum(['placing', 'active', 'cashed', 'lost', 'refunded', 'refused']),
  created_at: z.string(),
});

export const crashRoutes =
  (service: CrashService, hub: CrashHub, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/casino/crash/state',
      {
        schema: {
          tags: ['casino'],
          summary: 'Crash: the round now, its bets, the last 20 rounds and the chain commitment',
          description:
            'Each finished round shows its hash: SHA256(hash of round n) = hash of round n − 1, and SHA256 of the ' +
            "chain's first round hash is the published `terminating_hash`. Crash point = max(1, 2³² / (int + 1) × (1 − edge)), " +
            "`stream` ({epoch, seq}, or null before the first push) is where the live socket's pushes stood when it was read. " +
            'int = the first 8 hex digits of HMAC_SHA256(key = round hash, message = salt) (Stake).',
        },
      },
      async () => {
        const stream = hub.position();
        return { status: 200, message: 'OK', data: { ...(await service.state()), stream } };
      },
    );
    app.get(
      '/casino/crash/history',
      {
        schema: {
          tags: ['casino'],
          summary: 'Crash: finished rounds with their hash and crash point, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.history(request.query.limit),
      }),
    );
    app.post(
      '/customer/casino/crash/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Crash: bet on the round taking bets, with an optional auto cash-out',
          security,
          body: z.object({
            amount: z.string().max(40),
            auto_cashout: z.string().max(12).nullable().optional(),
            idempotency_key: z
              .string()
              .min(8)
              .max(100)
              .regex(/^[\x21-\x7e]+$/, 'printable ASCII'),
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.placeBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/crash/cashout',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: 'Crash: cash out the bet riding in the running round at the current multiplier',
          security,
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.cashOut(request.player!.row),
      }),
    );
    app.get(
      '/customer/casino/crash/bets',
      {
        preHandler: auth.requirePlayer,
        schema: { tags: ['casino'], summary: "Crash: the player's last 20 bets", security },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.playerBets(request.player!.row),
      }),
    );
    app.get(
      '/casino/crash/ws',
      {
        websocket: true,
        schema: {
          tags: ['casino'],
          summary: 'WebSocket: the Crash round live',
          description:
            'No sign-in. On connect: `{"type":"state","data":<GET /casino/crash/state>}`. Then `{"type":"round","data":<round>}` ' +
            'when a round opens, starts and crashes; `{"type":"bets","round_id","data":[{id, player, currency, amount, cashout, status}…]}` ' +
            'when a bet or a cash-out lands (by hand or automatic: a page finds its own bet by the `id` its bet call returned); ' +
            '`{"type":"tick","round_id","multiplier","now"}` every 0.5 s while running (the page draws the curve e^(0.00006·ms) ' +
            `itself between ticks). Every push carries \`epoch\` and \`seq\` (one stream; seq + 1 each push while epoch stays): ` +
            `a page that sees another epoch or a skipped seq re-reads GET /casino/crash/state. \`{"type":"ping"}\` gets \`{"type":"pong"}\`. Close ${WS_CLOSE_TOO_MANY}: too many messages.`,
        },
      },
      async (socket) => {
        if (!hub.add(socket)) {
          socket.close(CLOSE_TRY_AGAIN_LATER, 'too many sockets');
          return;
        }
        let messages = 0;
        const reset = setInterval(() => {
          messages = 0;
        }, 60_000);
        socket.on('message', (raw) => {
          messages += 1;
          if (messages > CRASH_MESSAGES_PER_MINUTE_MAX) {
            socket.close(WS_CLOSE_TOO_MANY, 'too many messages');
            return;
          }
          if (String(raw).includes('"ping"') && socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ type: 'pong' }));
        });
        socket.on('close', () => {
          clearInterval(reset);
          hub.remove(socket);
        });
        const position = hub.position();
        const state = await service.state();
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ type: 'state', data: state, ...position }));
      },
    );
  };
