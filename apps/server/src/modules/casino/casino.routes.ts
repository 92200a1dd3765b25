import { envelope, gameProvider } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CasinoRepository } from './casino.repository.ts';

export const casinoRoutes =
  (repository: CasinoRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/casino/providers',
      {
        schema: {
          tags: ['casino'],
          summary: 'Game providers shown as side-menu entries',
          response: { 200: envelope(z.array(gameProvider)) },
        },
      },
      async () => ({
        status: 200,
        message: 'OK',
        data: (await repository.menuProviders()).map(({ id, name }) => ({ id, name })),
      }),
    );
  };
