import {
  errorBody,
  okBody,
  recoveryCodesResponse,
  totpEnrolmentResponse,
  twoFactorCodeRequest,
  twoFactorStatusResponse,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };

/** Settings → Security: the signed-in player's authenticator app and recovery codes. */
export const twoFactorRoutes =
  (twoFactor: TwoFactorService, hook: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: hook.requirePlayer };
    const tags = ['customer'];
    const security = [{ bearer: [] }];

    app.get(
      '/customer/me/two-factor',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
          response: { 200: twoFactorStatusResponse, 401: errorBody },
        },
      },
      async (request) => {
        const status = await twoFactor.status(request.player!.row.id);
        return {
          status: 200,
          message: 'OK',
          data: { ...status, enabled_at: status.enabled_at?.toISOString() ?? null },
        };
      },
    );

    app.post(
      '/customer/me/two-factor/enrol',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Start setting up an authenticator app: the secret and its QR code',
          description:
            'Asking again before confirming shows the same secret. Nothing changes until a code confirms it.',
          response: { 200: totpEnrolmentResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Scan the QR code with your authenticator app, then enter a code from it',
        data: await twoFactor.enrol(request.player!.row),
      }),
    );

    app.post(
      '/customer/me/two-factor/confirm',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'Turn two-factor sign-in on with a code from the app; answers the recovery codes once',
          body: twoFactorCodeRequest,
          response: { 200: recoveryCodesResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
        data: {
          recovery_codes: await twoFactor.confirm(
            request.player!.row,
            request.body.code,
            metaOf(request),
          ),
        },
      }),
    );

    app.post(
      '/customer/me/two-factor/disable',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Turn two-factor sign-in off with a current code or a recovery code',
          body: twoFactorCodeRequest,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await twoFactor.disable(request.player!.row, request.body.code, metaOf(request));
        return { status: 200, message: 'Two-factor authentication is off' };
      },
    );

    app.post(
      '/customer/me/two-factor/recovery-codes',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Replace every recovery code with new ones (shown once), with a current code',
          body: twoFactorCodeRequest,
          response: { 200: recoveryCodesResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'New recovery codes; the old ones no longer work',
        data: {
          recovery_codes: await twoFactor.regenerateRecoveryCodes(
            request.player!.row,
            request.body.code,
            metaOf(request),
          ),
        },
      }),
    );
  };
