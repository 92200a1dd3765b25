import { type Generated, type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { KycMime } from './kyc.files.ts';

export type VerificationStatus = 'started' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'expired';
export type DocumentType = 'passport' | 'national_id' | 'driving_licence';

type VerificationsTable = {
  id: Generated<bigint>;
  public_id: string;
  player_id: bigint;
  provider: string;
  token_digest: string;
  status: Generated<VerificationStatus>;
  document_type: DocumentType | null;
  reason: string | null;
  reviewed_by: bigint | null;
  vendor_reference: string | null;
  expires_at: Date;
  created_at: Generated<Date>;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  updated_at: Generated<Date>;
};
type DocumentsTable = {
  id: Generated<bigint>;
  verification_id: bigint;
  kind: 'document' | 'selfie';
  mime: KycMime;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  created_at: Generated<Date>;
};
type CallbacksTable = {
  id: Generated<bigint>;
  provider: string;
  event_id: string;
  outcome: string;
  received_at: Generated<Date>;
};
export type KycTables = {
  kyc_verifications: VerificationsTable;
  kyc_documents: DocumentsTable;
  kyc_callbacks: CallbacksTable;
};
export type VerificationRow = Selectable<VerificationsTable>;
export type DocumentRow = Selectable<DocumentsTable>;

export class KycRepository {
  readonly db;
  constructor(db: Db) {
    this.db = db.withTables<KycTables>();
  }

  insert(
    row: Pick<
      VerificationsTable,
      'public_id' | 'player_id' | 'provider' | 'token_digest' | 'expires_at' | 'vendor_reference'
    >,
  ) {
    return this.db
      .insertInto('kyc_verifications')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byDigest(token_digest: string) {
    return this.db
      .selectFrom('kyc_verifications')
      .selectAll()
      .where('token_digest', '=', token_digest)
      .executeTakeFirst();
  }

  byPublicId(public_id: string) {
    return this.db
      .selectFrom('kyc_verifications')
      .selectAll()
      .where('public_id', '=', public_id)
      .executeTakeFirst();
  }

  latest(player_id: bigint) {
    return this.db
      .selectFrom('kyc_verifications')
      .selectAll()
      .where('player_id', '=', player_id)
      .where('status', '<>', 'expired')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async startedSince(player_id: bigint, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('kyc_verifications')
      .select(sql<string>`count(*)`.as('n'))
      .where('player_id', '=', player_id)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Earlier unfinished attempts of the player end when a new one starts. */
  expireStarted(player_id: bigint) {
    return this.db
      .updateTable('kyc_verifications')
      .set({ status: 'expired', updated_at: new Date() })
      .where('player_id', '=', player_id)
      .where('status', '=', 'started')
      .execute();
  }

  /** A status change that holds only if the row is still in one of `from`. */
  transition(
    id: bigint,
    from: VerificationStatus[],
    patch: Partial<
      Pick<
        VerificationRow,
        'status' | 'reason' | 'reviewed_by' | 'reviewed_at' | 'submitted_at' | 'document_type'
      >
    >,
  ) {
    return this.db
      .updateTable('kyc_verifications')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The submission in one transaction: the attempt moves started → PENDING and both document
   * rows appear, or nothing does. Null when the attempt was no longer `started`.
   */
  submit(
    id: bigint,
    document_type: DocumentType,
    documents: Array<Omit<DocumentsTable, 'id' | 'created_at' | 'verification_id'>>,
  ) {
    return this.db.transaction().execute(async (tx) => {
      const now = new Date();
      const moved = await tx
        .updateTable('kyc_verifications')
        .set({ status: 'PENDING', document_type, submitted_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'started')
        .returningAll()
        .executeTakeFirst();
      if (!moved) return null;
      await tx
        .insertInto('kyc_documents')
        .values(documents.map((doc) => ({ ...doc, verification_id: id })))
        .execute();
      return moved;
    });
  }

  callbackSeen(provider: string, event_id: string) {
    return this.db
      .selectFrom('kyc_callbacks')
      .select('outcome')
      .where('provider', '=', provider)
      .where('event_id', '=', event_id)
      .executeTakeFirst();
  }

  documents(verification_id: bigint) {
    return this.db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('verification_id', '=', verification_id)
      .orderBy('id')
      .execute();
  }

  async recordCallback(provider: string, event_id: string, outcome: string): Promise<boolean> {
    const row = await this.db
      .insertInto('kyc_callbacks')
      .values({ provider, event_id, outcome })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(query: { status?: VerificationStatus; q?: string; limit: number; offset: number }) {
    let base = this.db.selectFrom('kyc_verifications').where('status', '<>', 'expired');
    if (query.status) base = base.where('status', '=', query.status);
    if (query.q) {
      const q = query.q;
      base = base.where((eb) =>
        eb.or([
          eb('public_id', '=', q),
          ...(/^\d{1,18}$/.test(q) ? [eb('player_id', '=', BigInt(q))] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy(sql`submitted_at desc nulls last`)
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
