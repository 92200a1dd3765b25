import { ApiError } from '../../../lib/api-client.ts';

/**
 * Maps a 422's field errors (`body.phone`) or, failing that, a message that names a
 * field (`phone: …`) onto form fields. Returns the pairs that matched.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: Record<string, F>,
): [F, string][] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const out: [F, string][] = [];
  for (const item of error.fieldErrors) {
    const field = fields[item.path.replace(/^body\./, '')];
    if (field) out.push([field, item.message]);
  }
  if (out.length === 0) {
    const named = /^(\w+):\s*(.+)$/.exec(error.message);
    const field = named?.[1] ? fields[named[1]] : undefined;
    if (field && named?.[2]) out.push([field, named[2]]);
  }
  return out;
}
