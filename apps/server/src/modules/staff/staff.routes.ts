import {
  adminLoginRequest,
  adminLoginResult,
  envelope,
  errorBody,
  okBody,
  paged,
  staffCreateRequest,
  staffListQuery,
  staffMe,
  staffUpdateRequest,
  staffView,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { permissionsOf } from './staff.permissions.ts';
import type { StaffRow } from './staff.repository.ts';
import {
  type AuthenticatedStaff,
  STAFF_SESSION_IDLE_MS,
  type StaffService,
  staffActor,
  viewOf,
} from './staff.service.ts';

export const staffErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  429: errorBody,
};

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const security = [{ bearer: [] }];

/** Sign-in, the signed-in member's own account, and staff management. */
export const staffRoutes =
  (staff: StaffService, auth: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const me = async (row: StaffRow, session?: AuthenticatedStaff['session']) => ({
      ...viewOf(row),
      permissions: permissionsOf(row.role),
      recovery_codes_left: await staff.recoveryCodesLeft(row.id),
      idle_timeout_s: STAFF_SESSION_IDLE_MS / 1000,
      session_expires_at: (session?.expires_at ?? new Date()).toISOString(),
    });

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['admin: auth'],
          summary: 'Staff sign-in: password, then a TOTP or recovery code',
          description:
            'Without `code` the answer names the next step: `code`, or `enrol` with a TOTP secret and QR code (first sign-in). With a valid code: a staff token (`st_…`). A TOTP code is accepted once.',
          body: adminLoginRequest,
          response: { 200: envelope(adminLoginResult), ...staffErrors },
        },
      },
      async (request) => {
        const { email, password, code } = request.body;
        const result = await staff.login(email, password, code, metaOf(request));
        if (result.step !== 'done') {
          return {
            status: 200,
            message:
              result.step === 'code'
                ? 'Enter the code from your authenticator app'
                : 'Scan the QR code with an authenticator app, then enter its code',
            data: result,
          };
        }
        const session = await staff.authenticate(result.token);
        return {
          status: 200,
          message: 'Signed in',
          data: {
            step: 'done' as const,
            token: result.token,
            staff: await me(result.staff, session?.session),
            recovery_codes: result.recovery_codes,
          },
        };
      },
    );

    app.post(
      '/auth/logout',
      {
        ...auth.guard('session'),
        schema: {
          tags: ['admin: auth'],
          summary: 'End this staff session',
          security,
          response: { 200: okBody, ...staffErrors },
        },
      },
      async (request) => {
        await staff.logout(request.staff!, metaOf(request));
        return { status: 200, message: 'Signed out' };
      },
    );

    app.get(
      '/auth/me',
      {
        ...auth.guard('session'),
        schema: {
          tags: ['admin: auth'],
          summary: 'The signed-in staff member, role and permissions',
          security,
          response: { 200: envelope(staffMe), ...staffErrors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await me(request.staff!.row, request.staff!.session),
      }),
    );

    app.post(
      '/auth/recovery-codes',
      {
        ...auth.guard('session'),
        schema: {
          tags: ['admin: auth'],
          summary: 'Replace the recovery codes (needs a current TOTP code)',
          security,
          body: z.object({
            code: z
              .string()
              .trim()
              .regex(/^\d{6}$/, 'Enter the 6-digit code'),
          }),
          response: { 200: envelope(z.array(z.string())), ...staffErrors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'New recovery codes; the old ones no longer work',
        data: await staff.regenerateRecoveryCodes(
          request.staff!,
          request.body.code,
          metaOf(request),
        ),
      }),
    );

    app.post(
      '/auth/password',
      {
        ...auth.guard('session'),
        schema: {
          tags: ['admin: auth'],
          summary: 'Change the own password; every session of the account ends',
          security,
          body: z.object({
            current_password: z.string().min(1).max(128),
            new_password: staffCreateRequest.shape.password,
          }),
          response: { 200: okBody, ...staffErrors },
        },
      },
      async (request) => {
        await staff.changePassword(
          request.staff!,
          request.body.current_password,
          request.body.new_password,
          metaOf(request),
        );
        return { status: 200, message: 'Password changed. Please sign in again.' };
      },
    );

    app.get(
      '/staff',
      {
        ...auth.guard('staff.read'),
        schema: {
          tags: ['admin: staff'],
          summary: 'Staff accounts',
          security,
          querystring: staffListQuery,
          response: { 200: envelope(paged(staffView)), ...staffErrors },
        },
      },
      async (request) => {
        const { page, per_page, ...filter } = request.query;
        const result = await staff.list({
          ...filter,
          limit: per_page,
          offset: (page - 1) * per_page,
        });
        return {
          status: 200,
          message: 'OK',
          data: { items: result.rows.map(viewOf), total: result.total, page, per_page },
        };
      },
    );

    app.post(
      '/staff',
      {
        ...auth.guard('staff.manage'),
        schema: {
          tags: ['admin: staff'],
          summary: 'Create a staff account; TOTP is enrolled at its first sign-in',
          security,
          body: staffCreateRequest,
          response: { 200: envelope(staffView), ...staffErrors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Staff account created',
        data: viewOf(await staff.create(request.body, staffActor(request.staff!, metaOf(request)))),
      }),
    );

    app.patch(
      '/staff/:id',
      {
        ...auth.guard('staff.manage'),
        schema: {
          tags: ['admin: staff'],
          summary: 'Change a staff member’s name, role or status',
          security,
          params: idParams,
          body: staffUpdateRequest,
          response: { 200: envelope(staffView), ...staffErrors },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Staff account updated',
        data: viewOf(
          await staff.update(
            BigInt(request.params.id),
            request.body,
            staffActor(request.staff!, metaOf(request)),
          ),
        ),
      }),
    );

    app.post(
      '/staff/:id/reset-2fa',
      {
        ...auth.guard('staff.manage'),
        schema: {
          tags: ['admin: staff'],
          summary: 'Reset two-factor sign-in (lost phone); sessions end',
          security,
          params: idParams,
          response: { 200: okBody, ...staffErrors },
        },
      },
      async (request) => {
        await staff.resetTwoFactor(
          BigInt(request.params.id),
          staffActor(request.staff!, metaOf(request)),
        );
        return { status: 200, message: 'Two-factor sign-in reset; they enrol again at sign-in' };
      },
    );
  };
