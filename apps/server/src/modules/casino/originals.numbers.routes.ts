import { envelope } from '@casino/contracts';
import { ROULETTE_BET_TYPES, ROULETTE_CHIPS_MAX } from '@casino/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { gateClient } from '../protection/index.ts';
import { betView, idempotencyKey } from './originals.routes.ts';
import type { OriginalsService } from './originals.service.ts';

const security = [{ bearer: [] }];
const amount = z.string().max(40);

/** Keno, Wheel and European Roulette: one request, one provably fair round each. */
export const numbersRoutes =
  (service: OriginalsService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/casino/originals/keno/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play Keno with real money (provably fair)',
          description:
            "10 of the squares 1–40 are drawn by Stake's shuffle of the bet's first 10 floats (draw i takes " +
            'remaining[floor(f_i × remaining.length)]). `picks`: 1–10 different squares; the multiplier by hits comes ' +
            "from the risk's table (classic, low, medium, high), scaled so the return is 1 − the operator's edge.",
          security,
          body: z.object({
            amount,
            picks: z
              .array(z.number().int().min(1, 'picks: 1 to 40').max(40, 'picks: 1 to 40'))
              .min(1, 'picks: choose 1 to 10 numbers')
              .max(10, 'picks: choose 1 to 10 numbers'),
            risk: z.enum(['classic', 'low', 'medium', 'high']),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.kenoBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/wheel/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Spin the Wheel with real money (provably fair)',
          description:
            "Segment = floor(f × segments) from the bet's first float; multipliers: Stake's tables for `segments` " +
            '(10, 20, 30, 40, 50) and `risk` (low, medium, high), 99 % at a 1 % edge, scaled by (1 − edge) / 0.99.',
          security,
          body: z.object({
            amount,
            segments: z.number().int().min(10, 'segments: 10 to 50').max(50, 'segments: 10 to 50'),
            risk: z.enum(['low', 'medium', 'high']),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.wheelBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.post(
      '/customer/casino/originals/roulette/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play European Roulette with real money (provably fair)',
          description:
            "One spin, pocket = floor(f × 37) (0–36) from the bet's first float, settles every chip of the slip. " +
            'Inside bets name their `numbers` (straight 1, split 2, street 3, corner 4, six_line 6; adjacent on the ' +
            'table, with 0-1/0-2/0-3, 0-1-2/0-2-3 and 0-1-2-3); dozen and column an `index` 1–3; red, black, odd, ' +
            'even, low, high nothing. A chip on k numbers returns 36 / k × its amount (35:1 … 1:1); the edge is the ' +
            "wheel's 2.70 %. The stake is the chips' sum.",
          security,
          body: z.object({
            chips: z
              .array(
                z.object({
                  type: z
                    .enum(ROULETTE_BET_TYPES as [string, ...string[]])
                    .transform((type) => type as (typeof ROULETTE_BET_TYPES)[number]),
                  numbers: z
                    .array(z.number().int().min(0, 'numbers: 0 to 36').max(36, 'numbers: 0 to 36'))
                    .max(6)
                    .optional(),
                  index: z
                    .number()
                    .int()
                    .min(1, 'index: 1 to 3')
                    .max(3, 'index: 1 to 3')
                    .optional(),
                  amount,
                }),
              )
              .min(1, 'chips: place at least one chip')
              .max(ROULETTE_CHIPS_MAX, `chips: at most ${ROULETTE_CHIPS_MAX}`),
            idempotency_key: idempotencyKey,
          }),
          response: { 200: envelope(betView) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.rouletteBet(
          request.player!.row,
          request.body,
          gateClient(request, env),
        ),
      }),
    );
  };
