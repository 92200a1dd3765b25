import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/database.ts';
import { AppError, errorBody, type FieldError, frameworkRefusal } from './errors.ts';

/** Turns every failure into `{status, message, code, errors?}`; never leaks internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    const page = wantsPage && app.serveSpa ? await app.serveSpa(request.url.split('?')[0]!) : null;
    if (page !== null)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    return send(
      reply,
      new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
    );
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: [error.validationContext, ...pathOf(issue.instancePath)].filter(Boolean).join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      return send(reply, new AppError('VALIDATION_FAILED', first && describe(first), { errors }));
    }
    const known = frameworkError(error) ?? multipartError(error, request.headers['content-type']);
    if (known) return send(reply, known);
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return send(reply, new AppError('UNAVAILABLE', undefined, { retryAfterSeconds: 1 }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError('INTERNAL'));
  });
}

function send(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(error.status).send(errorBody(error));
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

function describe(error: FieldError): string {
  const field = error.path.replace(/^(body|querystring|params|headers)\.?/, '');
  return field ? `${field}: ${error.message}` : error.message;
}

/**
 * The multipart parser (busboy) throws plain errors, without a code or status, for a body that
 * does not match its boundary ("Unexpected end of multipart data", "Multipart: Boundary not
 * found", "Malformed part header"): the client's malformed body, not our fault.
 */
function multipartError(error: FastifyError, contentType: string | undefined): AppError | null {
  if (!contentType?.toLowerCase().startsWith('multipart/')) return null;
  if (error.statusCode !== undefined || !/multipart|boundary|part header/i.test(error.message)) {
    return null;
  }
  return new AppError('MALFORMED_BODY', 'The multipart body is malformed');
}

/** Fastify's own errors for malformed requests, mapped to clear 4xx answers. */
function frameworkError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_BODY', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('MALFORMED_BODY', 'The request body length is invalid');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
    default:
      // Fastify's other 4xx (a bad method, a header too large) keep the status it chose.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return frameworkRefusal(error.statusCode, error.message);
      }
      return null;
  }
}
