import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../auth/index.ts';
import { gateClient } from '../protection/index.ts';
import type { OriginalsService } from './originals.service.ts';

const security = [{ bearer: [] }];
const fairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
const betView = z.object({
  id: z.string(),
  game: z.string(),
  currency: z.string(),
  amount: z.string(),
  payout: z.string(),
  multiplier: z.string(),
  target: z.string(),
  direction: z.enum(['over', 'under']),
  roll: z.string(),
  won: z.boolean(),
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  created_at: z.string(),
});

export const originalsRoutes =
  (service: OriginalsService, auth: PlayerAuth, env: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/casino/fairness',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            'The active seed pair: the SHA-256 of the server seed, the client seed, the next nonce',
          security,
          response: { 200: envelope(fairness) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.fairness(request.player!.row.id),
      }),
    );
    app.post(
      '/customer/casino/fairness/rotate',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary:
            'Rotate the seed pair: reveals the previous server seed; optionally sets the new client seed',
          security,
          body: z.object({ client_seed: z.string().max(64).optional() }).default({}),
          response: {
            200: envelope(
              z.object({
                previous: z
                  .object({
                    server_seed: z.string(),
                    server_seed_hash: z.string(),
                    client_seed: z.string(),
                    nonces_used: z.number(),
                  })
                  .nullable(),
                active: fairness,
              }),
            ),
          },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Seeds rotated',
        data: await service.rotate(request.player!.row.id, request.body.client_seed),
      }),
    );
    app.post(
      '/customer/casino/originals/dice/bet',
      {
        preHandler: auth.requirePlayer,
        config: { moneyAction: 'casino_bet' },
        schema: {
          tags: ['casino'],
          summary: 'Play Dice with real money (provably fair)',
          description:
            'Roll 0.00–100.00 = floor(f × 10001) / 100 from HMAC-SHA256(server seed, "client seed:nonce:0"). ' +
            'Wins over (or under) `target`; pays amount × 99 % / win chance. The same `idempotency_key` returns the first bet.',
          security,
          body: z.object({
            amount: z.string().max(40),
            target: z.string().max(6),
            direction: z.enum(['over', 'under']),
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
        data: await service.diceBet(request.player!.row, request.body, gateClient(request, env)),
      }),
    );
    app.get(
      '/customer/casino/bets',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['casino'],
          summary: "The player's latest casino bets with their fairness data",
          security,
          response: { 200: envelope(z.array(betView)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.history(request.player!.row.id, request.player!.row.currency_id),
      }),
    );
  };
