import { envelope } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { AuditService } from '../audit/index.ts';
import { staffActor } from '../staff/index.ts';
import {
  EDGE_BP_MAX,
  FIXED_EDGES,
  ORIGINAL_GAMES,
  type OriginalGame,
  type OriginalsSettings,
} from './originals.settings.ts';

const security = [{ bearer: [] }];
const minor = z.string().regex(/^\d{1,18}$/, 'a whole number of minor units');

/**
 * The originals' operator settings under /api/admin/casino/originals: the house edge per game
 * and the max bet / max payout per currency. Every change is audited.
 */
export const originalsAdminRoutes =
  (
    settings: OriginalsSettings,
    auth: StaffAuth,
    audit: AuditService,
    currencyExists: (code: string) => Promise<boolean>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/casino/originals/settings',
      {
        ...auth.guard('originals.read'),
        schema: {
          tags: ['admin', 'casino'],
          summary: 'House edge per original, limits per currency and per game and currency',
          security,
        },
      },
      async () => {
        const { games, limits, gameLimits } = await settings.all();
        return {
          status: 200,
          message: 'OK',
          data: {
            games: games.map((g) => ({
              game: g.game,
              edge_bp: g.edge_bp,
              /** The game's paytable sets the edge; it cannot be changed here. */
              fixed: FIXED_EDGES[g.game as OriginalGame] !== undefined,
              updated_at: g.updated_at,
              updated_by: g.updated_by,
            })),
            limits: limits.map((l) => ({
              currency: l.currency,
              max_bet_minor: l.max_bet_minor === null ? null : String(l.max_bet_minor),
              max_payout_minor: String(l.max_payout_minor),
              updated_at: l.updated_at,
              updated_by: l.updated_by,
            })),
            /** A game's own limits in a currency; a null column follows the currency's row. */
            game_limits: gameLimits.map((l) => ({
              game: l.game,
              currency: l.currency,
              min_bet_minor: l.min_bet_minor === null ? null : String(l.min_bet_minor),
              max_bet_minor: l.max_bet_minor === null ? null : String(l.max_bet_minor),
              max_payout_minor: l.max_payout_minor === null ? null : String(l.max_payout_minor),
              updated_at: l.updated_at,
              updated_by: l.updated_by,
            })),
          },
        };
      },
    );
    app.put(
      '/casino/originals/settings/games/:game',
      {
        ...auth.guard('originals.write'),
        schema: {
          tags: ['admin', 'casino'],
          summary: "Set a game's house edge (basis points, 100 = 1 %)",
          security,
          params: z.object({ game: z.enum(ORIGINAL_GAMES) }),
          body: z.object({
            edge_bp: z
              .number()
              .int('edge_bp: a whole number of basis points')
              .min(0, `edge_bp: 0 to ${EDGE_BP_MAX}`)
              .max(EDGE_BP_MAX, `edge_bp: 0 to ${EDGE_BP_MAX}`),
          }),
          response: { 200: envelope(z.object({ game: z.string(), edge_bp: z.number() })) },
        },
      },
      async (request) => {
        const actor = staffActor(request.staff!, metaOf(request));
        const change = await settings.setEdge(
          request.params.game,
          request.body.edge_bp,
          String(actor.id),
        );
        await audit.record({
          actor,
          action: 'originals.edge.update',
          target: { type: 'original', id: request.params.game },
          before: { edge_bp: change.before },
          after: { edge_bp: change.after },
        });
        return {
          status: 200,
          message: 'Saved',
          data: { game: request.params.game, edge_bp: change.after },
        };
      },
    );
    app.put(
      '/casino/originals/settings/limits/:currency',
      {
        ...auth.guard('originals.write'),
        schema: {
          tags: ['admin', 'casino'],
          summary: 'Set the max bet (optional) and max payout of the originals in one currency',
          security,
          params: z.object({ currency: z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code') }),
          body: z.object({ max_bet_minor: minor.nullable(), max_payout_minor: minor }),
        },
      },
      async (request) => {
        const { currency } = request.params;
        if (!(await currencyExists(currency)))
          throw new AppError('NOT_FOUND', `currency: ${currency} is not a known currency`);
        const max_payout_minor = BigInt(request.body.max_payout_minor);
        const max_bet_minor =
          request.body.max_bet_minor === null ? null : BigInt(request.body.max_bet_minor);
        if (max_payout_minor <= 0n || (max_bet_minor !== null && max_bet_minor <= 0n))
          throw new AppError('VALIDATION_FAILED', 'limits: each must be more than 0');
        const actor = staffActor(request.staff!, metaOf(request));
        const change = await settings.setLimits(
          currency,
          { max_bet_minor, max_payout_minor },
          String(actor.id),
        );
        await audit.record({
          actor,
          action: 'originals.limits.update',
          target: { type: 'currency', id: currency },
          before: change.before,
          after: change.after,
        });
        return {
          status: 200,
          message: 'Saved',
          data: {
            currency,
            max_bet_minor: max_bet_minor === null ? null : String(max_bet_minor),
            max_payout_minor: String(max_payout_minor),
          },
        };
      },
    );
    app.put(
      '/casino/originals/settings/games/:game/limits/:currency',
      {
        ...auth.guard('originals.write'),
        schema: {
          tags: ['admin', 'casino'],
          summary:
            "Set one original's min bet, max bet and max payout in one currency (minor units); null follows the currency's limit, all null removes the game's row",
          security,
          params: z.object({
            game: z.enum(ORIGINAL_GAMES),
            currency: z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code'),
          }),
          body: z.object({
            min_bet_minor: minor.nullable(),
            max_bet_minor: minor.nullable(),
            max_payout_minor: minor.nullable(),
          }),
          response: {
            200: envelope(
              z.object({
                game: z.string(),
                currency: z.string(),
                min_bet_minor: z.string().nullable(),
                max_bet_minor: z.string().nullable(),
                max_payout_minor: z.string().nullable(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { game, currency } = request.params;
        if (!(await currencyExists(currency)))
          throw new AppError('NOT_FOUND', `currency: ${currency} is not a known currency`);
        const parse = (value: string | null) => (value === null ? null : BigInt(value));
        const limits = {
          min_bet_minor: parse(request.body.min_bet_minor),
          max_bet_minor: parse(request.body.max_bet_minor),
          max_payout_minor: parse(request.body.max_payout_minor),
        };
        for (const [path, value] of Object.entries(limits)) {
          if (value !== null && value <= 0n)
            throw new AppError('VALIDATION_FAILED', `${path}: must be more than 0`, {
              errors: [{ path, message: 'must be more than 0' }],
            });
        }
        if (
          limits.min_bet_minor !== null &&
          limits.max_bet_minor !== null &&
          limits.min_bet_minor > limits.max_bet_minor
        )
          throw new AppError(
            'VALIDATION_FAILED',
            `min_bet_minor: ${limits.min_bet_minor} is above the max bet ${limits.max_bet_minor}`,
            { errors: [{ path: 'min_bet_minor', message: 'above the max bet' }] },
          );
        const actor = staffActor(request.staff!, metaOf(request));
        const change = await settings.setGameLimits(game, currency, limits, String(actor.id));
        await audit.record({
          actor,
          action: 'originals.game_limits.update',
          target: { type: 'original', id: `${game}:${currency}` },
          before: change.before,
          after: change.after,
        });
        const show = (value: bigint | null) => (value === null ? null : String(value));
        return {
          status: 200,
          message: change.after === null ? 'Removed: the currency limits apply' : 'Saved',
          data: {
            game,
            currency,
            min_bet_minor: show(limits.min_bet_minor),
            max_bet_minor: show(limits.max_bet_minor),
            max_payout_minor: show(limits.max_payout_minor),
          },
        };
      },
    );
  };
