import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { PrivacyService } from './privacy.service.ts';

const security = [{ bearer: [] }];

/** The player's own data: an export (GDPR access) and account closure on request. */
export const privacyRoutes =
  (service: PrivacyService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/data-export',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['compliance'],
          summary: 'Download everything stored about me (JSON)',
          description:
            'Profile, sessions, payments, crypto deposits and withdrawals, ledger transfers, bets, bonuses, responsible-gaming settings and history, source-of-funds requests.',
          security,
        },
      },
      async (request, reply) => {
        const player_id = request.player!.row.id;
        const data = await service.exportData(player_id, {
          type: 'player',
          id: player_id,
          ...metaOf(request),
        });
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="my-data-${player_id}.json"`)
          .header('cache-control', 'no-store')
          .send(data);
      },
    );
    app.post(
      '/customer/account/close',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['compliance'],
          summary: 'Close my account (the balance must be withdrawn first); signs out everywhere',
          security,
          body: z.object({ confirm: z.literal(true, 'confirm must be true') }),
          response: { 200: envelope(z.object({ closed: z.boolean() })) },
        },
      },
      async (request) => {
        const player_id = request.player!.row.id;
        await service.closeAccount(player_id, {
          type: 'player',
          id: player_id,
          ...metaOf(request),
        });
        return { status: 200, message: 'Your account is closed', data: { closed: true } };
      },
    );
  };
