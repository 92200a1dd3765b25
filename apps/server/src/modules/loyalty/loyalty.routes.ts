import {
  envelope,
  loyaltyAdminLevels,
  loyaltyAdminPlayer,
  loyaltyClaim,
  loyaltyHostView,
  loyaltyLevelsInput,
  loyaltyNoticesSeen,
  loyaltyOverview,
  loyaltySettingsInput,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { LoyaltyService } from './loyalty.service.ts';

const security = [{ bearer: [] }];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The wallet currency's code (rakeback is claimed in it). */
export type WalletCurrency = (currency_id: number | null) => Promise<string>;

/** `/api/v1/loyalty`: the signed-in player's level, rakeback and the ladder. */
export const loyaltyRoutes =
  (service: LoyaltyService, auth: PlayerAuth, currencyOf: WalletCurrency): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/loyalty',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['loyalty'],
          summary:
            "The player's VIP level, progress, claimable rakeback and every level's benefits",
          security,
          response: { 200: envelope(loyaltyOverview) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        return {
          status: 200,
          message: 'OK',
          data: await service.overview(player.id, await currencyOf(player.currency_id)),
        };
      },
    );
    app.post(
      '/loyalty/rakeback/claim',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['loyalty'],
          summary: 'Claim all rakeback accrued in the wallet currency, paid as cash',
          description:
            'Pays once however many tabs ask at the same time: the others answer 409 NOTHING_TO_CLAIM.',
          security,
          response: { 200: envelope(loyaltyClaim) },
        },
      },
      async (request) => {
        const player = request.player!.row;
        return {
          status: 200,
          message: 'Rakeback paid',
          data: await service.claim(player.id, await currencyOf(player.currency_id)),
        };
      },
    );
    app.post(
      '/loyalty/notices/seen',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['loyalty'],
          summary: 'The player has seen the level-up messages up to this level',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: loyaltyNoticesSeen,
          response: { 200: envelope(z.object({ rank: z.number().int() })) },
        },
      },
      async (request) => {
        await service.markSeen(request.player!.row.id, request.body.rank);
        return { status: 200, message: 'OK', data: { rank: request.body.rank } };
      },
    );
  };

/** `/api/admin/loyalty`: the ladder and rates (marketing edits, audited), players, the VIP host. */
export const loyaltyAdminRoutes =
  (service: LoyaltyService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    app.get(
      '/loyalty/levels',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: loyalty'],
          summary: 'The VIP levels, their rakeback rates and rewards, and the sportsbook edge',
          security,
          response: ok(loyaltyAdminLevels),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.adminLevels() }),
    );
    app.put(
      '/loyalty/levels',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: loyalty'],
          summary: 'Replace the VIP ladder, lowest level first (audited)',
          description:
            'Thresholds in EUR must rise with the level. Levels players already reached stay theirs.',
          security,
          body: loyaltyLevelsInput,
          response: ok(loyaltyAdminLevels),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Levels saved',
        data: await service.setLevels(
          request.body.levels,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.patch(
      '/loyalty/settings',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: loyalty'],
          summary: 'The sportsbook edge rakeback is counted on (audited)',
          security,
          body: loyaltySettingsInput,
          response: ok(loyaltyAdminLevels),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Settings saved',
        data: await service.setSettings(
          request.body.sports_edge_bp,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.get(
      '/loyalty/players/:id',
      {
        ...staff.guard('players.read'),
        schema: {
          tags: ['admin: loyalty'],
          summary: "A player's VIP level, volume, rakeback, level rewards and claims",
          security,
          params: z.object({ id }),
          response: ok(loyaltyAdminPlayer),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.adminPlayer(BigInt(request.params.id)),
      }),
    );
    app.get(
      '/loyalty/host',
      {
        ...staff.guard('players.read'),
        schema: {
          tags: ['admin: loyalty'],
          summary:
            "The VIP host's view: players per level; the top VIPs' volume, deposits and activity",
          security,
          response: ok(loyaltyHostView),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.hostView() }),
    );
  };
