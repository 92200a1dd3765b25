import { envelope } from '@casino/contracts';
import {
  trackedWithdrawal,
  trackedWithdrawalId,
  withdrawalOverview,
} from '@casino/contracts/withdrawal-tracker';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { languageOf } from '../../platform/http/request-client.ts';
import type { WithdrawalTracker } from './withdrawal-tracker.ts';

const security = [{ bearer: [] }];
/** The site's language (`lang`) first, then the browser's; bonus titles are stored per language. */
const languageQuery = z.object({ lang: z.string().max(8).optional() });
const language = (lang: string | undefined, header: string | undefined) =>
  languageOf(lang) ?? languageOf(header) ?? 'en';

/** The player's withdrawal tracker (reads only; another player's withdrawal is a 404). */
export const withdrawalTrackerRoutes =
  (tracker: WithdrawalTracker, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/withdrawals/tracker',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['payments'],
          summary: 'What blocks a withdrawal now, the expected time per method, open withdrawals',
          description:
            'Blockers name the action that unblocks each: verify identity, wager or forfeit a named bonus, wait for the second check above the limit, contact support about a compliance hold.',
          security,
          querystring: languageQuery,
          response: { 200: envelope(withdrawalOverview) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await tracker.overview(
          request.player!.row,
          language(request.query.lang, request.headers['accept-language']),
        ),
      }),
    );

    app.get(
      '/customer/withdrawals/:id/tracker',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['payments'],
          summary: "One withdrawal's timeline, expected time, paid reference and blockers",
          description: 'Fiat and INR withdrawals (`wd_…`) and crypto withdrawals (`cw_…`).',
          security,
          params: z.object({ id: trackedWithdrawalId }),
          querystring: languageQuery,
          response: { 200: envelope(trackedWithdrawal) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await tracker.track(
          request.player!.row,
          request.params.id,
          language(request.query.lang, request.headers['accept-language']),
        ),
      }),
    );
  };
