import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every depth, so a value hashes the same after a jsonb round trip. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Normalises a value the way it will read back from jsonb (bigints and dates as strings). */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(canonicalJson(value));
}

export function chainHash(previous: string, content: Record<string, unknown>): string {
  return createHash('sha256')
    .update(previous)
    .update('\n')
    .update(canonicalJson(content))
    .digest('hex');
}
