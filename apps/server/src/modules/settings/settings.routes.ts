import { envelope, publicSettings } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
          response: { 200: envelope(publicSettings) },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await settings.getPublic() }),
    );
  };
