import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { AuditService } from '../audit/index.ts';
import { staffActor } from '../staff/index.ts';
import {
  RECALL_PER_GAME_DEFAULT,
  RECALL_PER_GAME_MAX,
  type RecallService,
} from './recall.service.ts';

const security = [{ bearer: [] }];

const betDetail = z.object({
  id: z
    .string()
    .describe('The page address: `123` (an original), `crash-45`, `round-67` (a studio round)'),
  kind: z.enum(['original', 'crash', 'studio']),
  game: z.string(),
  game_name: z.string(),
  category: z.string(),
  provider: z.string(),
  state: z.string(),
  currency: z.string(),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string().nullable(),
  won: z.boolean(),
  created_at: z.string(),
  details: z
    .record(z.string(), z.unknown())
    .describe(
      'What the game drew: Dice {target, direction, roll}; Limbo {target, result}; Mines {mines, revealed, busted, mine_positions}; Plinko {rows, risk, path, bucket}; Crash {cashout, auto_cashout, crash_point}; new originals their own',
    ),
  fairness: z
    .union([
      z.object({
        scheme: z.literal('seed_pair'),
        server_seed_hash: z.string(),
        server_seed: z.string().nullable().describe('Revealed once the player rotates the pair'),
        client_seed: z.string(),
        nonce: z.number().int(),
        edge_bp: z.number().int(),
      }),
      z.object({
        scheme: z.literal('crash_chain'),
        round_hash: z.string().nullable().describe('Revealed once the round is over'),
        salt: z.string(),
        edge_bp: z.number().int(),
        crash_point: z.string().nullable(),
      }),
    ])
    .nullable(),
  round: z
    .object({
      ref: z.string(),
      status: z.string(),
      bonus_funded: z.boolean(),
      closed_at: z.string().nullable(),
      transactions: z.array(
        z.object({
          ref: z.string(),
          kind: z.string(),
          amount: z.string().nullable(),
          status: z.string(),
          at: z.string(),
        }),
      ),
    })
    .nullable()
    .describe("A studio round: the operator's record (the studio keeps the reels)"),
});
const recallSchema = z.object({
  per_game: z.number().int(),
  games: z.array(z.object({ game: z.string(), game_name: z.string(), bets: z.array(betDetail) })),
});
const refParam = z.string().min(1).max(160);
const perGameQuery = z.object({
  per_game: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECALL_PER_GAME_MAX)
    .default(RECALL_PER_GAME_DEFAULT)
    .describe(`Rounds per game (at most ${RECALL_PER_GAME_MAX})`),
});

/** Round recall for the player: one bet's page and the last rounds of every game. */
export const recallRoutes =
  (service: RecallService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/casino/bets/:id',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            "One of the player's casino bets (originals, Crash, studio rounds) with its fairness data; 404 for any other",
          security,
          params: z.object({ id: refParam }),
          response: { 200: envelope(betDetail) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.bet(request.player!.row, request.params.id),
      }),
    );
    app.get(
      '/customer/casino/recall',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            "Game recall: the player's last rounds of every game played (10 each by default)",
          security,
          querystring: perGameQuery,
          response: { 200: envelope(recallSchema) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.recall(request.player!.row, request.query.per_game),
      }),
    );
  };

/** The back office's player view: the player's recent rounds and one round's detail (audited). */
export const recallAdminRoutes =
  (
    service: RecallService,
    auth: StaffAuth,
    audit: AuditService,
    playerOf: (id: bigint) => Promise<{ id: bigint; currency_id: number | null } | undefined>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const player = async (id: string) => {
      const row = await playerOf(BigInt(id));
      if (!row) throw new AppError('NOT_FOUND', 'No such player');
      return row;
    };
    const id = z.string().regex(/^[1-9]\d{0,17}$/, 'a player id');
    app.get(
      '/players/:id/casino-bets',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: "Game recall: a player's last rounds of every game played",
          security,
          params: z.object({ id }),
          querystring: perGameQuery,
          response: { 200: envelope(recallSchema) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.recall(await player(request.params.id), request.query.per_game),
      }),
    );
    app.get(
      '/players/:id/casino-bets/:ref',
      {
        ...auth.guard('players.read'),
        schema: {
          tags: ['admin: players'],
          summary: "One of a player's casino bets with its fairness data (the read is audited)",
          security,
          params: z.object({ id, ref: refParam }),
          response: { 200: envelope(betDetail) },
        },
      },
      async (request) => {
        const bet = await service.bet(await player(request.params.id), request.params.ref);
        // Who looked at which player's rounds is evidence in a dispute.
        await audit.record({
          actor: staffActor(request.staff!, metaOf(request)),
          action: 'casino.bet.view',
          target: { type: 'player', id: request.params.id },
          after: { bet: bet.id },
        });
        return { status: 200, message: 'OK', data: bet };
      },
    );
  };
