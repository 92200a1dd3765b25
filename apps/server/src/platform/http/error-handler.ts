import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './errors.ts';

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
    return reply.status(404).send({
      status: 404,
      code: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send({
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: [error.validationContext, ...pathOf(issue.instancePath)].filter(Boolean).join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      return reply.status(422).send({
        status: 422,
        code: 'VALIDATION_FAILED',
        message: first ? describe(first) : 'The request is invalid',
        errors,
      });
    }
    const known = frameworkError(error) ?? multipartError(error, request.headers['content-type']);
    if (known) {
      return reply
        .status(known.status)
        .send({ status: known.status, code: known.code, message: known.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
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
function multipartError(
  error: FastifyError,
  contentType: string | undefined,
): { status: number; code: string; message: string } | null {
  if (!contentType?.toLowerCase().startsWith('multipart/')) return null;
  if (error.statusCode !== undefined || !/multipart|boundary|part header/i.test(error.message)) {
    return null;
  }
  return { status: 400, code: 'MALFORMED_BODY', message: 'The multipart body is malformed' };
}

/** Fastify's own errors for malformed requests, mapped to clear 4xx answers. */
function frameworkError(
  error: FastifyError,
): { status: number; code: string; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'MALFORMED_BODY', message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported content type; send application/json or multipart/form-data',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'MALFORMED_BODY', message: 'The request body length is invalid' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Expected multipart/form-data',
      };
    default:
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return { status: error.statusCode, code: 'BAD_REQUEST', message: error.message };
      }
      return null;
  }
}
