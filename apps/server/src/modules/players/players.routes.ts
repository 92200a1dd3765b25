import { customer, envelope, errorBody, profileUpdateRequest } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import type { PlayersService, WalletSummaryProvider } from './players.service.ts';

/** `wallet`: the wallet module's summary (the customer object's balances). */
export const playersRoutes =
  (
    players: PlayersService,
    auth: PlayerAuth,
    wallet: WalletSummaryProvider,
  ): FastifyPluginAsyncZod =>
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
        data: await players.toCustomer(request.player!.row, wallet),
      }),
    );

    app.post(
      '/customer/me/update',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: 'Update the signed-in player’s name or phone',
          security: [{ bearer: [] }],
          body: profileUpdateRequest,
          response: { 200: envelope(customer), 401: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        const updated = await players.updateProfile(request.player!.row, request.body, {
          type: 'player',
          id: request.player!.row.id,
          ip: request.ip,
          user_agent: request.headers['user-agent'] ?? null,
        });
        return {
          status: 200,
          message: 'Your profile has been updated',
          data: await players.toCustomer(updated, wallet),
        };
      },
    );
  };
