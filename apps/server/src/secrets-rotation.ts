import { authSecretsAtRest } from './modules/auth/index.ts';
import { sportsbookSecretsAtRest } from './modules/sportsbook/index.ts';
import { staffSecretsAtRest } from './modules/staff/index.ts';
import type { Db } from './platform/db/database.ts';
import type { SecretBox } from './platform/secrets.ts';
import { keyCheckAtRest, type SecretsAtRest } from './platform/secrets-at-rest.ts';

/**
 * Every module's sealed columns (decision 0661). A module that starts sealing a column lists it
 * in its own repository and offers it here, or a rotation leaves it under the old key.
 */
export const secretsOwners = (db: Db, box: SecretBox): SecretsAtRest[] => [
  authSecretsAtRest(db, box),
  staffSecretsAtRest(db, box),
  sportsbookSecretsAtRest(db, box),
];

export type RotationReport = {
  /** The current key's id: every value re-sealed is now under it. */
  key_id: string;
  resealed: { owner: string; count: number }[];
  /** Values that would not open: the rotation is not finished while there are any. */
  unopened: string[];
  /** The key check was re-sealed: every value is under the current key. */
  complete: boolean;
};

/**
 * `npm run secrets:rotate`: re-seals every sealed value (and any plain one left) under the
 * current key, owner by owner, then the key check. Idempotent and resumable: each value moves
 * on its own, so a second run after a stop re-seals only what is left, and a finished rotation
 * re-seals nothing. The key check moves last and only when nothing failed to open, so an
 * instance that has dropped the previous key refuses to start until the rotation is complete.
 */
export async function rotateSecrets(db: Db, box: SecretBox): Promise<RotationReport> {
  await box.verifyAgainst(db);
  const report: RotationReport = {
    key_id: box.fingerprint,
    resealed: [],
    unopened: [],
    complete: false,
  };
  for (const owner of secretsOwners(db, box)) {
    const result = await owner.reseal('stale');
    report.resealed.push({ owner: owner.owner, count: result.resealed });
    report.unopened.push(...result.unopened);
  }
  if (report.unopened.length > 0) return report;
  const check = await keyCheckAtRest(db, box).reseal('stale');
  report.resealed.push({ owner: 'platform', count: check.resealed });
  report.unopened.push(...check.unopened);
  report.complete = check.unopened.length === 0;
  return report;
}
