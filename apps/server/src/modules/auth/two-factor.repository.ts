import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import {
  type ResealScope,
  resealColumns,
  type SealedColumn,
} from '../../platform/secrets-at-rest.ts';

type TwoFactorTables = {
  player_two_factor: {
    player_id: bigint;
    secret: string | null;
    pending_secret: string | null;
    enabled_at: Date | null;
    last_step: bigint | null;
    updated_at: Date;
  };
  player_recovery_codes: {
    id: bigint;
    player_id: bigint;
    code_hash: Buffer;
    created_at: Date;
    used_at: Date | null;
  };
  player_login_challenges: {
    id: bigint;
    player_id: bigint;
    token_hash: Buffer;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    failures: number;
  };
};

export type TwoFactorRow = TwoFactorTables['player_two_factor'];

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/** What TOTP secrets are sealed for (platform/secrets.ts): a sealed value opens only as one. */
const TOTP = 'totp';
const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'player_two_factor', key: 'player_id', column: 'secret', purpose: TOTP },
  { table: 'player_two_factor', key: 'player_id', column: 'pending_secret', purpose: TOTP },
];

/**
 * The auth module's two-factor tables: secrets, recovery codes and sign-in challenges. The TOTP
 * secrets are stored sealed (decision 0135) and handed out in clear: only this class sees both.
 */
export class TwoFactorRepository {
  private readonly db;
  constructor(
    private readonly base: Db,
    private readonly secrets: SecretBox,
  ) {
    this.db = base.withTables<TwoFactorTables>();
  }

  async byPlayer(player_id: bigint): Promise<TwoFactorRow | undefined> {
    const row = await this.db
      .selectFrom('player_two_factor')
      .selectAll()
      .where('player_id', '=', player_id)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        secret: this.secrets.openNullable(row.secret, TOTP),
        pending_secret: this.secrets.openNullable(row.pending_secret, TOTP),
      }
    );
  }

  /** Keeps an enrolment in progress (or starts one); never touches an enabled secret. */
  async setPending(player_id: bigint, plain: string): Promise<boolean> {
    const secret = this.secrets.seal(plain, TOTP);
    const result = await sql`
      insert into player_two_factor (player_id, pending_secret) values (${player_id}, ${secret})
      on conflict (player_id) do update set pending_secret = excluded.pending_secret, updated_at = now()
       where player_two_factor.secret is null`.execute(this.db);
    return (result.numAffectedRows ?? 0n) > 0n;
  }

  /**
   * The pending secret becomes the secret, with fresh recovery codes, in one transaction; only
   * if the pending secret is still the one the code was checked against.
   */
  async enable(player_id: bigint, secret: string, step: number, code_hashes: Buffer[]) {
    return this.db.transaction().execute(async (trx) => {
      const stored = await trx
        .selectFrom('player_two_factor')
        .select('pending_secret')
        .where('player_id', '=', player_id)
        .where('secret', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!stored?.pending_secret || this.secrets.open(stored.pending_secret, TOTP) !== secret)
        return false;
      const updated = await trx
        .updateTable('player_two_factor')
        .set({
          secret: this.secrets.seal(secret, TOTP),
          pending_secret: null,
          enabled_at: sql`now()`,
          last_step: BigInt(step),
          updated_at: sql`now()`,
        })
        .where('player_id', '=', player_id)
        .where('secret', 'is', null)
        .where('pending_secret', '=', stored.pending_secret)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await replaceCodes(trx, player_id, code_hashes);
      return true;
    });
  }

  async disable(player_id: bigint): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('player_two_factor').where('player_id', '=', player_id).execute();
      await replaceCodes(trx, player_id, []);
    });
  }

  /**
   * Accepts a time step only if it is newer than the last accepted one, in one statement, so
   * two requests racing with the same code cannot both win.
   */
  async claimStep(player_id: bigint, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('player_two_factor')
      .set({ last_step: BigInt(step) })
      .where('player_id', '=', player_id)
      .where('secret', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', BigInt(step))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Seals the secrets stored in clear (start-up), or re-seals them under the current key. */
  resealSecrets(scope: ResealScope) {
    return resealColumns(this.base, this.secrets, SEALED_COLUMNS, scope);
  }

  async replaceRecoveryCodes(player_id: bigint, code_hashes: Buffer[]): Promise<void> {
    await this.db.transaction().execute((trx) => replaceCodes(trx, player_id, code_hashes));
  }

  /** Marks an unused recovery code used; false when it is unknown or spent. */
  async useRecoveryCode(player_id: bigint, code_hash: Buffer): Promise<boolean> {
    const result = await this.db
      .updateTable('player_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('player_id', '=', player_id)
      .where('code_hash', '=', code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(player_id: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('player_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('player_id', '=', player_id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async createChallenge(player_id: bigint, token_hash: Buffer, ttl_ms: number): Promise<void> {
    await this.db
      .insertInto('player_login_challenges')
      .values({
        player_id,
        token_hash,
        expires_at: sql`now() + ${interval(ttl_ms)}`,
      } as never)
      .execute();
  }

  /** An open challenge: not used, not expired, fewer than `failures_max` wrong codes. */
  openChallenge(token_hash: Buffer, failures_max: number) {
    return this.db
      .selectFrom('player_login_challenges')
      .select(['id', 'player_id'])
      .where('token_hash', '=', token_hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('failures', '<', failures_max)
      .executeTakeFirst();
  }

  async failChallenge(id: bigint): Promise<void> {
    await this.db
      .updateTable('player_login_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Claims a challenge atomically: a second use, even a concurrent one, finds nothing. */
  async consumeChallenge(id: bigint): Promise<boolean> {
    const result = await this.db
      .updateTable('player_login_challenges')
      .set({ used_at: sql`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

async function replaceCodes(
  trx: Transaction<TwoFactorTables>,
  player_id: bigint,
  hashes: Buffer[],
) {
  await trx.deleteFrom('player_recovery_codes').where('player_id', '=', player_id).execute();
  if (hashes.length === 0) return;
  await trx
    .insertInto('player_recovery_codes')
    .values(hashes.map((code_hash) => ({ player_id, code_hash, used_at: null })) as never)
    .execute();
}
