import {
  errorBody,
  okBody,
  playerSessionsResponse,
  sessionIdParams,
  signedOutResponse,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { AuthService } from './auth.service.ts';

/** Settings → Security: the player's signed-in devices, and signing them out. */
export const sessionsRoutes =
  (auth: AuthService, hook: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: hook.requirePlayer };
    const tags = ['customer'];
    const security = [{ bearer: [] }];

    app.get(
      '/customer/me/sessions',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The player's signed-in devices, most recently active first (at most 50)",
          response: { 200: playerSessionsResponse, 401: errorBody },
        },
      },
      async (request) => {
        const sessions = await auth.activeSessions(request.player!);
        return {
          status: 200,
          message: 'OK',
          data: sessions.map((session) => ({
            ...session,
            id: session.id.toString(),
            created_at: session.created_at.toISOString(),
            last_seen_at: session.last_seen_at.toISOString(),
          })),
        };
      },
    );

    app.post(
      '/customer/me/sessions/:id/sign-out',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Sign one of your devices out',
          params: sessionIdParams,
          response: { 200: okBody, 400: errorBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request) => {
        await auth.signOutSession(request.player!, BigInt(request.params.id), metaOf(request));
        return { status: 200, message: 'The device has been signed out' };
      },
    );

    app.post(
      '/customer/me/sessions/sign-out-others',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Sign out every device but this one',
          response: { 200: signedOutResponse, 401: errorBody },
        },
      },
      async (request) => {
        const signed_out = await auth.signOutOtherSessions(request.player!, metaOf(request));
        return { status: 200, message: 'Other devices have been signed out', data: { signed_out } };
      },
    );
  };
