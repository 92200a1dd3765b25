import { Readable } from 'node:stream';
import {
  envelope,
  TRANSACTIONS_EXPORT_DAYS_MAX,
  transactionsExportQuery,
  transactionsPage,
  transactionsQuery,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
            'Newest first. `type` filters by movement type; `product` (original, crash, studio, ' +
            "sportsbook) keeps only that product's bet movements (stakes, wins, refunds); " +
            '`from` and `to` take a calendar day ' +
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
        const { from, to } = bounds(query.from, query.to);
        return {
          status: 200,
          message: 'OK',
          data: await wallet.movements(request.player!.row.id, {
            page: query.page,
            per_page: query.per_page,
            type: query.type || undefined,
            product: query.product || undefined,
            from,
            to,
          }),
        };
      },
    );

    app.get(
      '/customer/transections/export',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: "The signed-in player's wallet movements as CSV",
          description:
            `One period of at most ${TRANSACTIONS_EXPORT_DAYS_MAX} days (a longer history takes ` +
            'several exports): `from` defaults to a year before `to`, `to` to now; the same ' +
            'bounds, `type` and `product` as the list. Streamed, newest first. Columns (stable, English ' +
            'names): date, type, status, wallet, amount, balance_after, currency, description, ' +
            'reference. Amounts are exact decimals; a cell starting with = + - @ is prefixed ' +
            "with ' so a spreadsheet never runs it.",
          security: [{ bearer: [] }],
          querystring: transactionsExportQuery,
          response: { 200: z.string().describe('text/csv; charset=utf-8') },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const given = bounds(query.from, query.to);
        const to = given.to ?? new Date();
        const from = given.from ?? new Date(to.getTime() - 365 * DAY_MS);
        if (from >= to) throw badBounds('from', 'must be before to');
        if (to.getTime() - from.getTime() > TRANSACTIONS_EXPORT_DAYS_MAX * DAY_MS) {
          throw badBounds(
            'to',
            `one export covers at most ${TRANSACTIONS_EXPORT_DAYS_MAX} days; export a longer period in parts`,
          );
        }
        const day = (date: Date) => date.toISOString().slice(0, 10);
        const lines = wallet.exportCsv(request.player!.row.id, {
          type: query.type || undefined,
          product: query.product || undefined,
          from,
          to,
        });
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="transactions-${day(from)}-to-${day(new Date(to.getTime() - 1))}.csv"`,
            )
            .header('cache-control', 'no-store')
            // Fastify pipes a stream as it is; the schema's string documents what it carries.
            .send(Readable.from(lines) as unknown as string)
        );
      },
    );
  };

function badBounds(field: 'from' | 'to', message: string) {
  return new AppError('VALIDATION_FAILED', `${field} ${message}`, {
    errors: [{ path: `querystring.${field}`, message }],
  });
}

/** The query's bounds: `from` inclusive, `to` exclusive (a calendar day includes the whole day). */
function bounds(fromText?: string, toText?: string): { from?: Date; to?: Date } {
  const from = fromText ? new Date(fromText) : undefined;
  const to = toText
    ? new Date(new Date(toText).getTime() + (DATE_ONLY.test(toText) ? DAY_MS : 0))
    : undefined;
  if (from && to && from >= to) throw badBounds('from', 'must be before to');
  return { from, to };
}
