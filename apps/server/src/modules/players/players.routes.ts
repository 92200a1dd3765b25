import { customer, envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerAuth } from '../auth/index.ts';
import type { PlayersService } from './players.service.ts';

export const playersRoutes =
  (players: PlayersService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/me',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: 'The signed-in player with wallet balances',
          security: [{ bearer: [] }],
          response: { 200: envelope(customer) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await players.toCustomer(request.player!.row),
      }),
    );
  };
