import type { Db } from '../../platform/db/database.ts';
import { staffGuard } from '../../platform/http/guards.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { SecretsAtRest } from '../../platform/secrets-at-rest.ts';
import type { AuditService } from '../audit/index.ts';
import type { PasswordHasher } from '../auth/index.ts';
import { can, type RouteGuard } from './staff.permissions.ts';
import { StaffRepository } from './staff.repository.ts';
import { staffErrors, staffRoutes } from './staff.routes.ts';
import {
  type AuthenticatedStaff,
  STAFF_LIMITS_DEFAULT,
  type StaffLimits,
  StaffService,
} from './staff.service.ts';

export {
  can,
  mayAssignRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLES,
  type Role,
  type RouteGuard,
} from './staff.permissions.ts';
export type { StaffRow } from './staff.repository.ts';
export {
  type AuthenticatedStaff,
  STAFF_LIMITS_DEFAULT,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  type StaffActor,
  type StaffLimits,
  staffActor,
} from './staff.service.ts';
export type { StaffService };
export { staffErrors };

declare module '../../platform/http/guards.ts' {
  /** What `request.staff` is behind a staff guard, and the permissions a route may require. */
  interface GuardTypes {
    staff: AuthenticatedStaff;
    permission: RouteGuard;
  }
}

/**
 * The fixed, documented demo owner (seeded only with demo data; see README). Its TOTP secret is
 * public by design; in the database it is sealed like every other.
 */
export const DEMO_OWNER = {
  email: 'owner@example.com',
  name: 'Demo Owner',
  password: 'demo-owner-password',
  totp_secret: 'DEMOOWNERTOTPSECRETFORLOCALUSE22',
} as const;

/** Staff TOTP secrets at rest, for start-up and `npm run secrets:rotate` (decision 0660). */
export function staffSecretsAtRest(db: Db, secrets: SecretBox): SecretsAtRest {
  const repository = new StaffRepository(db, secrets);
  return { owner: 'staff', reseal: (scope) => repository.resealSecrets(scope) };
}

export function createStaffModule(deps: {
  db: Db;
  audit: AuditService;
  limiter: RateLimiter;
  limits?: Partial<StaffLimits>;
  /** Demo accounts may sign in: off in production unless demo seeding is on. */
  allowDemo: boolean;
  /** Password hashing (the auth module's). */
  passwords: PasswordHasher;
  /** Seals the TOTP secrets at rest (platform/secrets.ts). */
  secrets: SecretBox;
}) {
  const service = new StaffService(
    new StaffRepository(deps.db, deps.secrets),
    deps.audit,
    deps.limiter,
    { ...STAFF_LIMITS_DEFAULT, ...deps.limits },
    deps.allowDemo,
    deps.passwords,
  );
  const auth = staffGuard({
    resolve: (token) => service.authenticate(token),
    permits: (staff, permission) => can(staff.row.role, permission),
    roleOf: (staff) => staff.row.role,
  });
  return {
    service,
    auth,
    routes: staffRoutes(service, auth),
    /** Staff TOTP secrets: sealed at start-up if plain, re-sealed by a key rotation. */
    secretsAtRest: staffSecretsAtRest(deps.db, deps.secrets),
    /** Idempotent: creates the demo owner with its documented TOTP secret if missing. */
    async seedDemoOwner(): Promise<void> {
      if (await service.byEmail(DEMO_OWNER.email)) return;
      await service.createAccount(
        { ...DEMO_OWNER, role: 'owner' },
        {
          is_demo: true,
          actor: { type: 'system', id: 'seed' },
        },
      );
    },
  };
}
