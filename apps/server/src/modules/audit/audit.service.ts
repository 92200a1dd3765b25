import { chainHash, GENESIS_HASH, toJsonValue } from './audit.canonical.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.ts';

export type AuditActor = {
  type: 'player' | 'staff' | 'system';
  id?: string | number | bigint | null;
  role?: string | null;
  ip?: string | null;
  user_agent?: string | null;
};

export type AuditEntry = {
  actor: AuditActor;
  /** Dotted verb, e.g. `player.login`, `staff.player.block`, `settings.update`. */
  action: string;
  target?: { type: string; id: string | number | bigint } | null;
  before?: unknown;
  after?: unknown;
  metadata?: unknown;
};

/** The chain's head as `audit_chain_head` keeps it and the exports record it. */
export type ChainHead = { last_id: bigint; last_hash: string; entries: bigint };

export type VerifyResult =
  | { ok: true; entries: number }
  | { ok: false; entries: number; problem: string; entry_id: bigint | null };

/** Field values that are never written to the log, at any depth. */
const REDACTED_KEYS = new Set([
  'password',
  'password_hash',
  'token',
  'token_hash',
  'totp_secret',
  'secret',
]);

export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(entry: AuditEntry): Promise<bigint> {
    return this.repository.transaction(async (trx) => {
      const head = await this.repository.lockChain(trx);
      const prev_hash = head?.last_hash ?? GENESIS_HASH;
      const content = contentOf({
        occurred_at: new Date(),
        actor_type: entry.actor.type,
        actor_id: entry.actor.id == null ? null : String(entry.actor.id),
        actor_role: entry.actor.role ?? null,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id: entry.target ? String(entry.target.id) : null,
        ip: entry.actor.ip ?? null,
        user_agent: entry.actor.user_agent?.slice(0, 512) ?? null,
        before: toJsonValue(redact(entry.before)),
        after: toJsonValue(redact(entry.after)),
        metadata: toJsonValue(redact(entry.metadata)),
      });
      const hash = chainHash(prev_hash, content);
      return this.repository.append(
        trx,
        { ...(content as unknown as Omit<AuditRow, 'id' | 'prev_hash' | 'hash'>), prev_hash, hash },
        (head?.entries ?? 0n) + 1n,
      );
    });
  }

  search(filter: AuditFilter, page: { limit: number; offset: number }) {
    return this.repository.search(filter, page);
  }

  /** The chain's newest entry, its hash and the number of entries (null while empty). */
  async head(): Promise<ChainHead | null> {
    const head = await this.repository.head();
    return head
      ? { last_id: head.last_id, last_hash: head.last_hash, entries: head.entries }
      : null;
  }

  /**
   * Walks the whole chain; the first broken link names the entry. `anchors` are heads exported
   * earlier to storage the database cannot reach (audit.heads.ts): a chain rewritten as a whole,
   * consistently, still differs from them at the anchored entries.
   */
  async verify(anchors: readonly ChainHead[] = []): Promise<VerifyResult> {
    let previous = GENESIS_HASH;
    let last_id: bigint | null = null;
    let entries = 0;
    const pending = new Map<bigint, ChainHead[]>();
    for (const anchor of anchors)
      pending.set(anchor.last_id, [...(pending.get(anchor.last_id) ?? []), anchor]);
    for await (const batch of this.repository.scan()) {
      for (const row of batch) {
        for (const anchor of pending.get(row.id) ?? []) {
          if (anchor.last_hash !== row.hash || anchor.entries !== BigInt(entries + 1)) {
            return {
              ok: false,
              entries,
              entry_id: row.id,
              problem: 'this entry differs from an exported head: the chain was rewritten',
            };
          }
        }
        pending.delete(row.id);
        if (row.prev_hash !== previous) {
          return {
            ok: false,
            entries,
            entry_id: row.id,
            problem: 'an entry before this one was removed or altered',
          };
        }
        if (chainHash(previous, contentOf(row)) !== row.hash) {
          return {
            ok: false,
            entries,
            entry_id: row.id,
            problem: 'this entry was altered after it was written',
          };
        }
        previous = row.hash;
        last_id = row.id;
        entries += 1;
      }
    }
    if (pending.size > 0) {
      return {
        ok: false,
        entries,
        entry_id: [...pending.keys()][0]!,
        problem: 'an entry named by an exported head is missing: the chain was rewritten',
      };
    }
    const head = await this.repository.head();
    if (
      head &&
      (head.last_hash !== previous || head.last_id !== last_id || head.entries !== BigInt(entries))
    ) {
      return {
        ok: false,
        entries,
        entry_id: head.last_id,
        problem: 'the newest entries were removed',
      };
    }
    if (!head && entries > 0) {
      return { ok: false, entries, entry_id: null, problem: 'the chain head is missing' };
    }
    return { ok: true, entries };
  }
}

function contentOf(row: Omit<AuditRow, 'id' | 'prev_hash' | 'hash'> | AuditRow) {
  return {
    occurred_at: new Date(row.occurred_at).toISOString(),
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    actor_role: row.actor_role,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    ip: row.ip,
    user_agent: row.user_agent,
    before: row.before ?? null,
    after: row.after ?? null,
    metadata: row.metadata ?? null,
  };
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        REDACTED_KEYS.has(key) ? '[redacted]' : redact(item),
      ]),
    );
  }
  return value;
}
