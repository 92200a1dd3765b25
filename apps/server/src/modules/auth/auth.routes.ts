import {
  envelope,
  errorBody,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  okBody,
  passkeyOptionsResponse,
  passkeySignInRequest,
  passwordChangeRequest,
  resetPasswordRequest,
  signupRequest,
  twoFactorChallenge,
  twoFactorLoginRequest,
} from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureDevice } from '../../platform/device.ts';
import type { PlayerAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import type { PlayersService, WalletSummaryProvider } from '../players/index.ts';
import type { AuthService } from './auth.service.ts';
import { passkeysRoutes } from './passkeys.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { CHALLENGE_TTL_MS } from './two-factor.service.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};

/** Whether a request comes through an anonymising network (the protection module knows). */
export type AnonymiserCheck = (request: FastifyRequest) => boolean;

export const authRoutes =
  (
    auth: AuthService,
    players: PlayersService,
    wallet: WalletSummaryProvider,
    hook: PlayerAuth,
    anonymiser: AnonymiserCheck,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/login',
      {
        schema: {
          tags: ['customer'],
          summary: 'Sign in with an email or username and a password',
          description:
            'For a player with two-factor authentication on, the answer carries no session but `two_factor_required` and a `challenge_token` for `POST /customer/login/two-factor` (decision 0140).',
          body: loginRequest,
          response: { 200: z.union([loginResponse, twoFactorChallenge]), ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.login(request.body.email, request.body.password, {
          ...metaOf(request),
          device_id: ensureDevice(request, reply, request.protocol === 'https'),
          anonymiser: anonymiser(request),
        });
        if (result.step === 'two_factor') {
          return {
            status: 200 as const,
            message: 'Enter the code from your authenticator app',
            two_factor_required: true as const,
            challenge_token: result.challenge_token,
            expires_in_s: CHALLENGE_TTL_MS / 1000,
            methods: ['totp' as const, 'recovery_code' as const],
          };
        }
        return {
          status: 200 as const,
          message: 'Signed in successfully',
          data: result.token,
          customer: await players.toCustomer(result.player, wallet),
        };
      },
    );

    app.post(
      '/customer/login/two-factor',
      {
        schema: {
          tags: ['customer'],
          summary:
            "The sign-in's second step: the challenge and a code from the app or a recovery code",
          description:
            'Answers as `POST /customer/login` does without two-factor: `data` is the session token. A challenge is single use, valid 5 minutes, and ends after 5 wrong codes.',
          body: twoFactorLoginRequest,
          response: { 200: loginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.loginSecondFactor(
          request.body.challenge_token,
          request.body.code,
          {
            ...metaOf(request),
            device_id: ensureDevice(request, reply, request.protocol === 'https'),
            anonymiser: anonymiser(request),
          },
        );
        return {
          status: 200 as const,
          message:
            result.recovery_codes_left === null
              ? 'Signed in successfully'
              : `Signed in with a recovery code; ${result.recovery_codes_left} left`,
          data: result.token,
          customer: await players.toCustomer(result.player, wallet),
        };
      },
    );

    app.post(
      '/customer/login/passkey/options',
      {
        schema: {
          tags: ['customer'],
          summary: 'Start a passkey sign-in: the options for navigator.credentials.get()',
          description:
            'A fresh challenge, valid 5 minutes and single use, for any passkey of this site (decision 0143).',
          response: { 200: passkeyOptionsResponse, 429: errorBody },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await auth.passkeySignInOptions(metaOf(request)),
      }),
    );

    app.post(
      '/customer/login/passkey',
      {
        schema: {
          tags: ['customer'],
          summary: 'Sign in with what navigator.credentials.get() answered',
          description:
            'Answers as `POST /customer/login` does: `data` is the session token. A passkey stands for the password and the second factor together: no two-factor step follows.',
          body: passkeySignInRequest,
          response: { 200: loginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.loginPasskey(request.body.response, {
          ...metaOf(request),
          device_id: ensureDevice(request, reply, request.protocol === 'https'),
          anonymiser: anonymiser(request),
        });
        return {
          status: 200 as const,
          message: 'Signed in successfully',
          data: result.token,
          customer: await players.toCustomer(result.player, wallet),
        };
      },
    );

    await app.register(twoFactorRoutes(auth.twoFactor, hook));
    await app.register(passkeysRoutes(auth.passkeys, hook));
    await app.register(sessionsRoutes(auth, hook));

    app.post(
      '/customer/signup',
      {
        schema: {
          tags: ['customer'],
          summary: 'Register a player account',
          description:
            'multipart/form-data (as the player site sends it) or JSON. Does not sign in; the player signs in next.',
          consumes: ['multipart/form-data', 'application/json'],
          body: signupRequest,
          response: {
            200: envelope(z.object({ id: z.number().int(), username: z.string() })),
            ...errors,
          },
        },
      },
      async (request) => {
        const player = await auth.signup(request.body, metaOf(request));
        return {
          status: 200,
          message: 'Registration successful. You can now sign in.',
          data: { id: Number(player.id), username: player.username },
        };
      },
    );

    app.post(
      '/customer/forgot-password',
      {
        schema: {
          tags: ['customer'],
          summary: 'Email a single-use password reset link (valid 1 hour)',
          description: 'The answer is the same whether or not the account exists.',
          body: forgotPasswordRequest,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => ({
        status: 200,
        message: await auth.forgotPassword(request.body.email, metaOf(request)),
      }),
    );

    app.post(
      '/customer/reset-password',
      {
        schema: {
          tags: ['customer'],
          summary: 'Set a new password with a reset token; ends every session',
          body: resetPasswordRequest,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password, metaOf(request));
        return {
          status: 200,
          message: 'Your password has been changed. Please sign in with the new password.',
        };
      },
    );

    app.post(
      '/customer/me/password-change',
      {
        preHandler: hook.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: 'Change the password; other sessions end',
          security: [{ bearer: [] }],
          body: passwordChangeRequest,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await auth.changePassword(
          request.player!,
          request.body.current_password,
          request.body.new_password,
          metaOf(request),
        );
        return {
          status: 200,
          message: 'Your password has been changed. Other devices have been signed out.',
        };
      },
    );

    app.post(
      '/customer/logout',
      {
        preHandler: hook.requirePlayer,
        schema: {
          tags: ['customer'],
          summary: 'Sign out: the token is revoked on the server',
          security: [{ bearer: [] }],
          response: { 200: okBody, 401: errorBody },
        },
      },
      async (request) => {
        await auth.logout(request.player!, metaOf(request));
        return { status: 200, message: 'Signed out' };
      },
    );
  };
