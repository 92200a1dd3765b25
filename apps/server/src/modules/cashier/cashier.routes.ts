import { currency, envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../platform/http/request-client.ts';
import type { CashierService } from './cashier.service.ts';

export const cashierRoutes =
  (cashier: CashierService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/currencies',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Currencies with their banks and payment gateways',
          // Gateways are named in the first language of Accept-Language the operator wrote.
          description: 'With `withdraw=true`, each currency lists only the gateways that pay out.',
          querystring: z.object({ withdraw: z.enum(['true', 'false']).optional() }),
          response: { 200: envelope(z.array(currency)) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await cashier.listCurrencies(
          request.query.withdraw === 'true' ? 'withdraw' : 'deposit',
          languageOf(request.headers['accept-language']),
        ),
      }),
    );
  };
