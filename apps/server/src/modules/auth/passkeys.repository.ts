import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { playerRowsJson } from '../../platform/db/sql.ts';

type PasskeyTables = {
  player_passkeys: {
    id: bigint;
    player_id: bigint;
    credential_id: string;
    user_handle: Buffer;
    public_key: Buffer;
    counter: bigint;
    transports: string[];
    name: string;
    backed_up: boolean;
    created_at: Date;
    last_used_at: Date | null;
  };
  player_passkey_challenges: {
    id: bigint;
    purpose: ChallengePurpose;
    player_id: bigint | null;
    challenge_hash: Buffer;
    user_handle: Buffer | null;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
};

export type PasskeyRow = PasskeyTables['player_passkeys'];
export type ChallengePurpose = 'register' | 'sign_in';
export type ClaimedChallenge = { player_id: bigint | null; user_handle: Buffer | null };

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/** The auth module's passkey tables: the credentials and the ceremonies' challenges. */
export class PasskeysRepository {
  private readonly db;
  constructor(db: Db) {
    this.db = db.withTables<PasskeyTables>();
  }

  listOf(player_id: bigint): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('player_passkeys')
      .selectAll()
      .where('player_id', '=', player_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The data export: names and dates, never the key, the credential id or the user handle. */
  exportOf(player_id: bigint): Promise<string> {
    return playerRowsJson(this.db, 'player_passkeys', player_id, [
      'public_key',
      'credential_id',
      'user_handle',
    ]);
  }

  byCredentialId(credential_id: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom('player_passkeys')
      .selectAll()
      .where('credential_id', '=', credential_id)
      .executeTakeFirst();
  }

  /**
   * Adds a credential unless the player already holds `max` (counted in the same statement, so
   * two registrations racing cannot pass the limit together); null when full or the credential
   * is already registered.
   */
  async add(
    row: Omit<PasskeyRow, 'id' | 'created_at' | 'last_used_at'>,
    max: number,
  ): Promise<PasskeyRow | null> {
    const { rows } = await sql<PasskeyRow>`
      insert into player_passkeys (player_id, credential_id, user_handle, public_key, counter,
                                   transports, name, backed_up)
      select ${row.player_id}, ${row.credential_id}, ${row.user_handle}, ${row.public_key},
             ${row.counter}, ${sql.val(row.transports)}::text[], ${row.name}, ${row.backed_up}
       where (select count(*) from player_passkeys where player_id = ${row.player_id}) < ${max}
      on conflict (credential_id) do nothing
      returning *`.execute(this.db);
    return rows[0] ?? null;
  }

  async count(player_id: bigint): Promise<number> {
    const row = await this.db
      .selectFrom('player_passkeys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('player_id', '=', player_id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async rename(player_id: bigint, id: bigint, name: string): Promise<PasskeyRow | undefined> {
    return this.db
      .updateTable('player_passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('player_id', '=', player_id)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(player_id: bigint, id: bigint): Promise<PasskeyRow | undefined> {
    return this.db
      .deleteFrom('player_passkeys')
      .where('id', '=', id)
      .where('player_id', '=', player_id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records a sign-in's counter only when it moved forward (or both the stored and the new one
   * are 0: authenticators that keep no counter), in one statement, so two sign-ins racing with
   * the same assertion cannot both pass.
   */
  async advanceCounter(id: bigint, counter: number): Promise<boolean> {
    const next = BigInt(counter);
    const result = await this.db
      .updateTable('player_passkeys')
      .set({ counter: next, last_used_at: sql`now()` })
      .where('id', '=', id)
      .where(sql<boolean>`counter < ${next} or (counter = 0 and ${next} = 0)`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Keeps a new challenge; expired ones of long ago are cleared on the way. */
  async createChallenge(challenge: {
    purpose: ChallengePurpose;
    player_id: bigint | null;
    challenge_hash: Buffer;
    user_handle: Buffer | null;
    ttl_ms: number;
  }): Promise<void> {
    await sql`delete from player_passkey_challenges
               where id in (select id from player_passkey_challenges
                             where expires_at < now() - interval '1 hour' limit 100)`.execute(
      this.db,
    );
    await sql`
      insert into player_passkey_challenges (purpose, player_id, challenge_hash, user_handle, expires_at)
      values (${challenge.purpose}, ${challenge.player_id}, ${challenge.challenge_hash},
              ${challenge.user_handle}, now() + ${interval(challenge.ttl_ms)})`.execute(this.db);
  }

  /**
   * Claims an open challenge of this purpose (and player, for a registration) in one statement:
   * a second answer naming it, even a concurrent one, finds nothing.
   */
  async claimChallenge(
    challenge_hash: Buffer,
    purpose: ChallengePurpose,
    player_id: bigint | null,
  ): Promise<ClaimedChallenge | undefined> {
    let query = this.db
      .updateTable('player_passkey_challenges')
      .set({ used_at: sql`now()` })
      .where('challenge_hash', '=', challenge_hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`);
    if (player_id !== null) query = query.where('player_id', '=', player_id);
    return query.returning(['player_id', 'user_handle']).executeTakeFirst();
  }
}
