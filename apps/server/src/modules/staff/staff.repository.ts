import { type Generated, sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/sql.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import {
  type ResealScope,
  resealColumns,
  type SealedColumn,
} from '../../platform/secrets-at-rest.ts';
import { type OwnedSession, SessionStore } from '../../platform/sessions.ts';
import type { Role } from './staff.permissions.ts';

export type StaffStatus = 'active' | 'disabled';

export type StaffRow = {
  id: bigint;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  status: StaffStatus;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: bigint | null;
  is_demo: boolean;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
};

export type StaffSessionRow = OwnedSession<'staff'>;

type StaffTables = {
  staff: Omit<StaffRow, 'id' | 'created_at' | 'updated_at' | 'status' | 'is_demo'> & {
    id: Generated<bigint>;
    status: Generated<StaffStatus>;
    is_demo: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  staff_recovery_codes: {
    id: Generated<bigint>;
    staff_id: bigint;
    code_hash: Buffer;
    created_at: Generated<Date>;
    used_at: Date | null;
  };
};

export type NewStaff = Pick<StaffRow, 'email' | 'name' | 'role' | 'password_hash'> &
  Partial<Pick<StaffRow, 'totp_secret' | 'totp_enrolled_at' | 'is_demo'>>;

export type StaffListQuery = {
  q?: string;
  role?: Role;
  status?: StaffStatus;
  limit: number;
  offset: number;
};

/** What TOTP secrets are sealed for (platform/secrets.ts): a sealed value opens only as one. */
const TOTP = 'staff_totp';
const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'staff', key: 'id', column: 'totp_secret', purpose: TOTP },
  { table: 'staff', key: 'id', column: 'totp_pending_secret', purpose: TOTP },
];

type SecretColumns = Partial<Pick<StaffRow, 'totp_secret' | 'totp_pending_secret'>>;

/**
 * The staff module's tables. TOTP secrets are stored sealed (decision 0660) and handed out in
 * clear: only this class sees both.
 */
export class StaffRepository {
  private readonly db;
  /** Staff sessions: the store shared with player sessions. */
  readonly sessions: SessionStore<'staff'>;
  constructor(
    private readonly base: Db,
    private readonly secrets: SecretBox,
  ) {
    this.db = base.withTables<StaffTables>();
    this.sessions = new SessionStore(base, 'staff');
  }

  /** A row as the service sees it: its secrets in clear. */
  private opened<T extends StaffRow | undefined>(row: T): T {
    return (
      row && {
        ...row,
        totp_secret: this.secrets.openNullable(row.totp_secret, TOTP),
        totp_pending_secret: this.secrets.openNullable(row.totp_pending_secret, TOTP),
      }
    );
  }

  /** The secret columns a write sets, sealed; the others as they are. */
  private sealed<T extends SecretColumns>(patch: T): T {
    const out = { ...patch };
    if (patch.totp_secret !== undefined)
      out.totp_secret = this.secrets.sealNullable(patch.totp_secret, TOTP);
    if (patch.totp_pending_secret !== undefined)
      out.totp_pending_secret = this.secrets.sealNullable(patch.totp_pending_secret, TOTP);
    return out;
  }

  /** Seals the secrets stored in clear (start-up), or re-seals them under the current key. */
  resealSecrets(scope: ResealScope) {
    return resealColumns(this.base, this.secrets, SEALED_COLUMNS, scope);
  }

  transaction<T>(work: (trx: Transaction<StaffTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Null when the email is taken. */
  async insert(row: NewStaff): Promise<StaffRow | null> {
    try {
      return this.opened(
        (await this.db
          .insertInto('staff')
          .values({
            email: row.email,
            name: row.name,
            role: row.role,
            password_hash: row.password_hash,
            totp_secret: this.secrets.sealNullable(row.totp_secret ?? null, TOTP),
            totp_pending_secret: null,
            totp_enrolled_at: row.totp_enrolled_at ?? null,
            totp_last_step: null,
            is_demo: row.is_demo ?? false,
            last_login_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow()) as StaffRow,
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  async byEmail(email: string): Promise<StaffRow | undefined> {
    return this.opened(
      (await this.db
        .selectFrom('staff')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .executeTakeFirst()) as StaffRow | undefined,
    );
  }

  async byId(id: bigint): Promise<StaffRow | undefined> {
    return this.opened(
      (await this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst()) as
        | StaffRow
        | undefined,
    );
  }

  async update(
    id: bigint,
    patch: Partial<Omit<StaffRow, 'id' | 'created_at' | 'updated_at'>>,
  ): Promise<StaffRow | undefined> {
    return this.opened(
      (await this.db
        .updateTable('staff')
        .set({ ...this.sealed(patch), updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as StaffRow | undefined,
    );
  }

  /**
   * Accepts a TOTP time step only if it is newer than the last accepted one, in one
   * statement, so two requests racing with the same code cannot both win.
   */
  async claimTotpStep(id: bigint, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('staff')
      .set({ totp_last_step: BigInt(step) })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Confirms a pending enrolment: the pending secret becomes the secret, with fresh codes; only
   * if the pending secret is still the one the code was checked against.
   */
  async confirmEnrolment(id: bigint, secret: string, step: number, code_hashes: Buffer[]) {
    return this.transaction(async (trx) => {
      const stored = await trx
        .selectFrom('staff')
        .select('totp_pending_secret')
        .where('id', '=', id)
        .where('totp_secret', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      const pending = stored?.totp_pending_secret ?? null;
      if (pending === null || this.secrets.open(pending, TOTP) !== secret) return false;
      const updated = await trx
        .updateTable('staff')
        .set({
          totp_secret: this.secrets.seal(secret, TOTP),
          totp_pending_secret: null,
          totp_enrolled_at: sql`now()`,
          totp_last_step: BigInt(step),
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('totp_secret', 'is', null)
        .where('totp_pending_secret', '=', pending)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await this.replaceRecoveryCodesIn(trx, id, code_hashes);
      return true;
    });
  }

  async replaceRecoveryCodes(staff_id: bigint, code_hashes: Buffer[]): Promise<void> {
    await this.transaction((trx) => this.replaceRecoveryCodesIn(trx, staff_id, code_hashes));
  }

  private async replaceRecoveryCodesIn(
    trx: Transaction<StaffTables>,
    staff_id: bigint,
    code_hashes: Buffer[],
  ) {
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staff_id).execute();
    if (code_hashes.length === 0) return;
    await trx
      .insertInto('staff_recovery_codes')
      .values(code_hashes.map((code_hash) => ({ staff_id, code_hash, used_at: null })))
      .execute();
  }

  /** Marks an unused recovery code used; false when it is unknown or spent. */
  async useRecoveryCode(staff_id: bigint, code_hash: Buffer): Promise<boolean> {
    const result = await this.db
      .updateTable('staff_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('staff_id', '=', staff_id)
      .where('code_hash', '=', code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(staff_id: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('staff_id', '=', staff_id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async list(query: StaffListQuery) {
    let base = this.db.selectFrom('staff');
    if (query.role) base = base.where('role', '=', query.role);
    if (query.status) base = base.where('status', '=', query.status);
    if (query.q) {
      const like = `%${escapeLike(query.q.trim().toLowerCase())}%`;
      base = base.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), 'like', like),
          eb(eb.fn('lower', ['name']), 'like', like),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id').limit(query.limit).offset(query.offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: (rows as StaffRow[]).map((r) => this.opened(r)), total: Number(total.count) };
  }

  async names(ids: bigint[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [String(row.id), row.name]));
  }
}
