import {
  errorBody,
  okBody,
  passkeyIdParams,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRenameRequest,
  passkeyResponse,
  passkeysResponse,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { PasskeyRow } from './passkeys.repository.ts';
import type { PasskeysService } from './passkeys.service.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

/** What the player sees of a passkey: never the key, the counter or the user handle. */
export const passkeyView = (row: PasskeyRow) => ({
  id: row.id.toString(),
  name: row.name,
  backed_up: row.backed_up,
  transports: row.transports,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/** Settings → Security: the signed-in player's passkeys (decision 0143). */
export const passkeysRoutes =
  (passkeys: PasskeysService, hook: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { preHandler: hook.requirePlayer };
    const tags = ['customer'];
    const security = [{ bearer: [] }];

    app.get(
      '/customer/me/passkeys',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The player's passkeys, oldest first (at most 10)",
          response: { 200: passkeysResponse, 401: errorBody },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: (await passkeys.list(request.player!.row.id)).map(passkeyView),
      }),
    );

    app.post(
      '/customer/me/passkeys/options',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Start adding a passkey: the options for navigator.credentials.create()',
          description:
            'A fresh challenge, valid 5 minutes and single use. Needs a sign-in of the last 15 minutes (`PASSKEY_RECENT_SIGN_IN_REQUIRED`).',
          response: { 200: passkeyOptionsResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await passkeys.registrationOptions(request.player!),
      }),
    );

    app.post(
      '/customer/me/passkeys',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Finish adding a passkey with what navigator.credentials.create() answered',
          description:
            'Checked against the challenge, the origin and the relying party (the public URL), with user verification. Without a `name` the passkey is named after the device.',
          body: passkeyRegisterRequest,
          response: { 200: passkeyResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Passkey added',
        data: passkeyView(await passkeys.register(request.player!, request.body, metaOf(request))),
      }),
    );

    app.post(
      '/customer/me/passkeys/:id/rename',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Rename one of your passkeys',
          params: passkeyIdParams,
          body: passkeyRenameRequest,
          response: { 200: passkeyResponse, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Passkey renamed',
        data: passkeyView(
          await passkeys.rename(
            request.player!.row,
            BigInt(request.params.id),
            request.body.name,
            metaOf(request),
          ),
        ),
      }),
    );

    app.post(
      '/customer/me/passkeys/:id/remove',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Remove one of your passkeys; it no longer signs in',
          description:
            'Needs a sign-in of the last 15 minutes (`PASSKEY_RECENT_SIGN_IN_REQUIRED`).',
          params: passkeyIdParams,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await passkeys.remove(request.player!, BigInt(request.params.id), metaOf(request));
        return { status: 200, message: 'Passkey removed' };
      },
    );
  };
