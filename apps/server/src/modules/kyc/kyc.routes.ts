import { envelope } from '@casino/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { staffActor, staffErrors } from '../staff/index.ts';
import { kycError } from './kyc.errors.ts';
import { KYC_FILE_BYTES_MAX, KYC_FILE_MB_MAX } from './kyc.files.ts';
import type { KycService } from './kyc.service.ts';

const CALLBACK_BYTES_MAX = 16 * 1024;
const security = [{ bearer: [] }];
const token = z.string().max(64);
const verificationId = z.string().regex(/^kyc_[0-9a-f]{24}$/, 'must be a verification id');
const kycStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);

const latest = z.object({
  status: kycStatus.nullable(),
  reason: z.string().nullable(),
  document_type: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});

export const kycRoutes =
  (kyc: KycService, auth: PlayerAuth): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/customer/kyc-verification',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['kyc'],
          summary: 'Start identity verification: where the Verify button goes',
          description:
            'Empty body (spec §7). Answers `status`, `message` and `redirect`: the verification ' +
            'page (a link valid for an hour) or, when already approved or in review, the settings page.',
          security,
          response: {
            200: z.object({ status: z.number(), message: z.string(), redirect: z.string() }),
          },
        },
      },
      async (request) => kyc.start(request.player!.row),
    );

    app.get(
      '/customer/kyc-verification',
      {
        preHandler: auth.requirePlayer,
        schema: {
          tags: ['kyc'],
          summary: "The player's latest verification, with the reason of a rejection",
          security,
          response: { 200: envelope(latest) },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await kyc.latest(request.player!.row.id),
      }),
    );

    app.get(
      '/kyc/sessions/:token',
      {
        schema: {
          tags: ['kyc'],
          summary: 'The verification page’s session (authenticated by the link’s token)',
          params: z.object({ token }),
          response: {
            200: envelope(
              z.object({
                status: z.string(),
                expired: z.boolean(),
                expires_at: z.string(),
                name: z.string(),
                document_types: z.array(z.string()),
                file_bytes_max: z.number(),
              }),
            ),
          },
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await kyc.sessionView(request.params.token),
      }),
    );

    app.post(
      '/kyc/sessions/:token/documents',
      {
        // Files are allowed on this route only (app.ts refuses them elsewhere), two at most.
        config: {
          multipartOptions: {
            limits: { files: 2, fileSize: KYC_FILE_BYTES_MAX, fields: 2, parts: 4 },
          },
        },
        // A file over the cap stops the upload mid-stream; say which limit, in the app's shape
        // (the parent error handler formats the AppError).
        errorHandler: (error: FastifyError) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw kycError(
              'FILE_TOO_LARGE',
              `A file is larger than ${KYC_FILE_MB_MAX} MB: choose a smaller photo or scan.`,
            );
          }
          throw error;
        },
        schema: {
          tags: ['kyc'],
          summary: 'Upload the ID document and the selfie',
          description:
            'multipart/form-data: `document_type` (passport, national_id, driving_licence), ' +
            `\`document\` (JPEG, PNG, WebP or PDF) and \`selfie\` (JPEG, PNG or WebP), each at most ${KYC_FILE_MB_MAX} MB. The type ` +
            'is read from the file’s content, not its name. 415 for another type, 413 above the cap.',
          consumes: ['multipart/form-data'],
          params: z.object({ token }),
          response: { 200: envelope(z.object({ status: z.literal('PENDING') })) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
        }
        return {
          status: 200,
          message: 'Documents received: your verification is in review.',
          data: await kyc.submit(
            request.params.token,
            (request.body ?? {}) as Record<string, unknown>,
          ),
        };
      },
    );

    // A vendor's signed callback needs the exact body it signed: parsed here as text.
    await app.register(async (callbacks) => {
      callbacks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: CALLBACK_BYTES_MAX },
        (_request, body, done) => done(null, body),
      );
      callbacks.post(
        '/customer/kyc-verification/callback',
        {
          schema: {
            tags: ['kyc'],
            summary: 'An external KYC vendor’s signed decision',
            description:
              '`x-kyc-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (5-minute ' +
              'window; secret `KYC_CALLBACK_SECRET`) over `{event_id, reference, status: approved|rejected, reason?}`. ' +
              'Idempotent per event; 401 forged or stale, 404 unknown verification.',
          },
        },
        async (request) => {
          const result = await kyc.callback(
            request.headers,
            typeof request.body === 'string' ? request.body : '',
          );
          return { status: 200, message: result.outcome };
        },
      );
    });
  };

const verificationView = z.object({
  id: z.string(),
  player_id: z.string(),
  player_name: z.string(),
  player_email: z.string(),
  provider: z.string(),
  status: z.enum(['started', 'PENDING', 'APPROVED', 'REJECTED', 'expired']),
  document_type: z.string().nullable(),
  reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});

export const kycAdminRoutes =
  (kyc: KycService, staff: StaffAuth): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...staffErrors });
    app.get(
      '/kyc',
      {
        ...staff.guard('kyc.read'),
        schema: {
          tags: ['admin: kyc'],
          summary: 'Identity verifications, newest submission first',
          security,
          querystring: z.object({
            status: z.enum(['started', 'PENDING', 'APPROVED', 'REJECTED']).optional(),
            q: z.string().trim().min(1).max(64).optional(),
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            per_page: z.coerce.number().int().min(1).max(100).default(25),
          }),
          response: ok(
            z.object({
              items: z.array(verificationView),
              total: z.number().int(),
              page: z.number().int(),
              per_page: z.number().int(),
            }),
          ),
        },
      },
      async (request) => ({ status: 200, message: 'OK', data: await kyc.list(request.query) }),
    );
    app.get(
      '/kyc/:id',
      {
        ...staff.guard('kyc.read'),
        schema: {
          tags: ['admin: kyc'],
          summary: 'One verification with its documents',
          security,
          params: z.object({ id: verificationId }),
          response: ok(
            verificationView.extend({
              documents: z.array(
                z.object({
                  id: z.string(),
                  kind: z.enum(['document', 'selfie']),
                  mime: z.string(),
                  size_bytes: z.number(),
                  sha256: z.string(),
                }),
              ),
            }),
          ),
        },
      },
      async (request) => ({
        status: 200,
        message: 'OK',
        data: await kyc.detail(request.params.id),
      }),
    );
    app.get(
      '/kyc/:id/documents/:document_id',
      {
        ...staff.guard('kyc.read'),
        schema: {
          tags: ['admin: kyc'],
          summary: 'The bytes of one document (never cached, never sniffed); the view is audited',
          security,
          params: z.object({ id: verificationId, document_id: z.string().regex(/^\d{1,18}$/) }),
        },
      },
      async (request, reply) => {
        const file = await kyc.document(
          request.params.id,
          request.params.document_id,
          staffActor(request.staff!, metaOf(request)),
        );
        return reply
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${file.kind}"`)
          .type(file.mime)
          .send(file.bytes);
      },
    );
    app.post(
      '/kyc/:id/approve',
      {
        ...staff.guard('kyc.review'),
        schema: {
          tags: ['admin: kyc'],
          summary: 'Approve a verification in review: the player becomes APPROVED',
          security,
          params: z.object({ id: verificationId }),
          response: ok(verificationView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Approved',
        data: await kyc.approve(request.params.id, staffActor(request.staff!, metaOf(request))),
      }),
    );
    app.post(
      '/kyc/:id/reject',
      {
        ...staff.guard('kyc.review'),
        schema: {
          tags: ['admin: kyc'],
          summary: 'Reject a verification with the reason the player sees (they may try again)',
          security,
          params: z.object({ id: verificationId }),
          body: z.object({ reason: z.string().max(500) }),
          response: ok(verificationView),
        },
      },
      async (request) => ({
        status: 200,
        message: 'Rejected',
        data: await kyc.reject(
          request.params.id,
          request.body.reason,
          staffActor(request.staff!, metaOf(request)),
        ),
      }),
    );
  };
