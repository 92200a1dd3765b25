import {
  envelope,
  raceAdmin,
  raceAdminList,
  raceAdminPlayer,
  raceAdminStandings,
  raceBoard,
  raceInput,
  raceList,
  racePrivacy,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffErrors as errors, staffActor } from '../staff/index.ts';
import type { RacesService } from './races.service.ts';

const security = [{ bearer: [] }];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const BEARER = /^Bearer\s+(\S{1,200})$/i;

/** `/api/v1/races`: the races, their live leaderboards, and the player's leaderboard privacy. */
export const racesRoutes =
  (service: RacesService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/races',
      {
        schema: {
          tags: ['races'],
          summary: 'Running and upcoming races, and the last ones ended',
          response: { 200: envelope(raceList) },
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.list() }),
    );
    app.get(
      '/races/:id/leaderboard',
      {
        schema: {
          tags: ['races'],
          summary: "A race's top 100 and, signed in, the reader's own place",
          description:
            'Players who hide from leaderboards show with `name: null`, `hidden: true`. Live ' +
            'updates: the socket at `/api/v1/races/ws`.',
          params: z.object({ id }),
          response: { 200: envelope(raceBoard) },
        },
      },
      async (request) => {
        const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
        const reader = token ? await auth.peek(token) : null;
        return {
          status: 200,
          message: 'OK',
          data: await service.board(BigInt(request.params.id), reader?.row.id ?? null),
        };
      },
    );
    app.get(
      '/races/privacy',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['races'],
          summary: 'Whether the player hides from leaderboards',
          security,
          response: { 200: envelope(racePrivacy) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.privacy(request.player!.row.id),
      }),
    );
    app.post(
      '/races/privacy',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['races'],
          summary: 'Hide from (or show on) leaderboards: still ranked and paid, shown as "Hidden"',
          consumes: ['multipart/form-data', 'application/json'],
          security,
          body: racePrivacy,
          response: { 200: envelope(racePrivacy) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Saved',
        data: await service.setPrivacy(request.player!.row.id, request.body.hidden),
      }),
    );
  };

/** `/api/admin/races`: define, edit, cancel and end races; standings; a player's places. */
export const racesAdminRoutes =
  (service: RacesService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errors });
    app.get(
      '/races',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: races'],
          summary: 'Every race, newest first, with its players and prizes paid',
          security,
          response: ok(raceAdminList),
        },
      },
      async () => ({ status: 200, message: 'OK', data: await service.adminList() }),
    );
    app.post(
      '/races',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: races'],
          summary: 'Define a race (audited)',
          description:
            'The end must follow the start (92 days at most) and not be past; a race of the ' +
            'same name may not run over the same dates (409).',
          security,
          body: raceInput,
          response: ok(raceAdmin),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Race created',
        data: await service.create(request.body, staffActor(request.staff!, metaOf(request))),
      }),
    );
    app.put(
      '/races/:id',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: races'],
          summary: 'Edit a race not yet ended (audited); once started only name, prizes and end',
          security,
          params: z.object({ id }),
          body: raceInput,
          response: ok(raceAdmin),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Race saved',
        data: await service.update(
          BigInt(request.params.id),
          request.body,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.post(
      '/races/:id/cancel',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: races'],
          summary: 'Cancel an open race: no prizes (audited)',
          security,
          params: z.object({ id }),
          response: ok(raceAdmin),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Race cancelled',
        data: await service.cancel(
          BigInt(request.params.id),
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.post(
      '/races/:id/end',
      {
        ...staff.guard('promotions.write'),
        schema: {
          tags: ['admin: races'],
          summary: 'End a running race now; its prizes are paid within seconds (audited)',
          security,
          params: z.object({ id }),
          response: ok(raceAdmin),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Race ending',
        data: await service.endNow(
          BigInt(request.params.id),
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
    app.get(
      '/races/:id/standings',
      {
        ...staff.guard('promotions.read'),
        schema: {
          tags: ['admin: races'],
          summary: "A race's standings with player ids (frozen once ended) and what was paid",
          security,
          params: z.object({ id }),
          response: ok(raceAdminStandings),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.adminStandings(BigInt(request.params.id)),
      }),
    );
    app.get(
      '/races/players/:id',
      {
        ...staff.guard('players.read'),
        schema: {
          tags: ['admin: races'],
          summary: "A player's race places and prizes, and whether they hide from leaderboards",
          security,
          params: z.object({ id }),
          response: ok(raceAdminPlayer),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await service.adminPlayer(BigInt(request.params.id)),
      }),
    );
  };

/**
 * `/dev/races/:id/end` (never in production, this machine only): ends a race whose end has
 * passed and pays it now, as the leader would within a second; for journeys, whose test server
 * runs no leader work.
 */
export const racesDevRoutes =
  (service: RacesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dev/races/:id/end',
      { schema: { hide: true, params: z.object({ id }) } },
      async (request) => {
        await service.end(BigInt(request.params.id));
        return {
          status: 200,
          message: 'OK',
          data: await service.adminRace(BigInt(request.params.id)),
        };
      },
    );
  };
