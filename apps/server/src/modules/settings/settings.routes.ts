import { envelope, publicSettings } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../platform/http/request-client.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/public',
      {
        schema: {
          tags: ['settings'],
          summary: 'Operator branding, SEO and legal texts for the player site',
          description:
            'The licence and company texts in the first language of Accept-Language the operator wrote them in, else English.',
          response: { 200: envelope(publicSettings) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await settings.getPublic(languageOf(request.headers['accept-language'])),
      }),
    );
  };
