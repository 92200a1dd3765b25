import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const MAX_DEPTH = 8;

/** The dotted path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const found = nulPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (\u0000): such input would fail deep in a query with a 500.
 * Every route refuses it up front with a 400 naming the field.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const found = nulPath(value, '', 0);
      if (found !== null) {
        const field = found ? `${part}.${found}` : part;
        throw new AppError('INVALID_TEXT', `${field}: text must not contain a NUL character`, {
          errors: [{ path: field, message: 'contains a NUL character' }],
        });
      }
    }
  });
}
