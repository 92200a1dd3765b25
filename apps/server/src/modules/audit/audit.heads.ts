import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AuditService, ChainHead } from './audit.service.ts';

/**
 * The audit chain's head, exported outside the database (to a file the operator keeps on
 * write-once storage, or a webhook that stores it): a database superuser can rewrite the whole
 * chain and its head consistently, but not the heads exported before. `audit:verify --heads`
 * checks the chain against them. One JSON object per line.
 */

/** A line longer than this is not an exported head. */
const LINE_CHARS_MAX = 1_000;
/** An exports file of more heads than this is refused (a year of exports every 15 minutes). */
export const EXPORTED_HEADS_MAX = 40_000;
const EXPORT_TIMEOUT_MS = 10_000;

export type ExportedHead = ChainHead & { exported_at: string };

export const headLine = (head: ChainHead, at: Date) =>
  JSON.stringify({
    exported_at: at.toISOString(),
    last_id: head.last_id.toString(),
    last_hash: head.last_hash,
    entries: head.entries.toString(),
  });

/** Parses an exports file; a line that is not a head names itself. */
export function parseHeads(text: string): ExportedHead[] {
  const heads: ExportedHead[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const problem = `line ${index + 1} is not an exported audit head`;
    if (line.length > LINE_CHARS_MAX) throw new Error(problem);
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(problem);
    }
    const { exported_at, last_id, last_hash, entries } = value;
    if (
      typeof exported_at !== 'string' ||
      typeof last_id !== 'string' ||
      !/^\d{1,19}$/.test(last_id) ||
      typeof last_hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(last_hash) ||
      typeof entries !== 'string' ||
      !/^\d{1,19}$/.test(entries)
    )
      throw new Error(problem);
    heads.push({ exported_at, last_id: BigInt(last_id), last_hash, entries: BigInt(entries) });
    if (heads.length > EXPORTED_HEADS_MAX) throw new Error(`more than ${EXPORTED_HEADS_MAX} heads`);
  }
  return heads;
}

/**
 * Sends the current head to `target`: an `https://` or `http://` URL is POSTed the line as JSON,
 * anything else is a file the line is appended to. Returns the head (null: empty chain, nothing
 * sent).
 */
export async function exportHead(
  audit: Pick<AuditService, 'head'>,
  target: string,
  now = new Date(),
): Promise<ChainHead | null> {
  const head = await audit.head();
  if (!head) return null;
  const line = headLine(head, now);
  if (/^https?:\/\//.test(target)) {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: line,
      signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`audit head export: ${target} answered ${response.status}`);
  } else {
    await mkdir(path.dirname(target), { recursive: true });
    await appendFile(target, `${line}\n`, { mode: 0o640 });
  }
  return head;
}
