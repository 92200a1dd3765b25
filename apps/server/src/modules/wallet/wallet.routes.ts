import { envelope, transactionsPage, transactionsQuery } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/errors.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import type { WalletService } from './wallet.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const walletRoutes =
  (wallet: WalletService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/transections',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: "The signed-in player's wallet movements",
          description:
            'Newest first. `type` filters by movement type; `from` and `to` take a calendar day ' +
            '(inclusive, UTC) or an ISO timestamp. Reservations (pending withdrawals, open bets) ' +
            'appear with status `pending`, or `voided` once released. The path keeps the ' +
            "published spelling. `amount` is signed: + into the player's wallet, − out of it.",
          security: [{ bearer: [] }],
          querystring: transactionsQuery,
          response: { 200: envelope(transactionsPage) },
        },
      },
      async (request) => {
        const query = request.query;
        const from = query.from ? new Date(query.from) : undefined;
        // A calendar day as upper bound includes the whole day.
        const to = query.to
          ? new Date(new Date(query.to).getTime() + (DATE_ONLY.test(query.to) ? DAY_MS : 0))
          : undefined;
        if (from && to && from >= to) {
          throw new AppError('VALIDATION_FAILED', 'from must be before to', {
            errors: [{ path: 'querystring.from', message: 'must be before to' }],
          });
        }
        return {
          status: 200,
          message: 'OK',
          data: await wallet.movements(request.player!.row.id, {
            page: query.page,
            per_page: query.per_page,
            type: query.type || undefined,
            from,
            to,
          }),
        };
      },
    );
  };
