import { createHash } from 'node:crypto';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import type { BackoffPolicy, RateLimiter, WindowLimit } from '../../platform/rate-limit.ts';
import {
  digestRecoveryCode,
  enrolment,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  verifyTotp,
} from '../../platform/totp.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { digestToken, newToken, type PasswordHasher } from '../auth/index.ts';
import { staffError } from './staff.errors.ts';
import { mayAssignRole, permissionsOf, type Role } from './staff.permissions.ts';
import type {
  StaffListQuery,
  StaffRepository,
  StaffRow,
  StaffSessionRow,
  StaffStatus,
} from './staff.repository.ts';

const MINUTE_MS = 60_000;
/** Staff sessions end after 30 minutes idle or 12 hours in all. */
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE_MS;
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * MINUTE_MS;
const SESSION_TOUCH_MS = MINUTE_MS;
/** The name staff see beside the account in their authenticator app. */
const STAFF_TOTP_ISSUER = 'Casino back office';
export const STAFF_PASSWORD_LENGTH_MIN = 12;
export const STAFF_PASSWORD_LENGTH_MAX = 128;

export type StaffLimits = { login_ip: WindowLimit; login_failures: BackoffPolicy };
export const STAFF_LIMITS_DEFAULT: StaffLimits = {
  login_ip: { limit: 30, window_ms: 15 * MINUTE_MS },
  login_failures: { free_failures: 5, window_ms: 15 * MINUTE_MS, delay_ms_max: 15 * MINUTE_MS },
};

export type AuthenticatedStaff = { session: StaffSessionRow; row: StaffRow };

export type StaffView = {
  id: number;
  email: string;
  name: string;
  role: Role;
  status: StaffStatus;
  totp_enrolled: boolean;
  created_at: string;
  last_login_at: string | null;
};

export type LoginResult =
  | { step: 'code' }
  | { step: 'enrol'; enrolment: { secret: string; otpauth_url: string; qr_data_url: string } }
  | { step: 'done'; token: string; staff: StaffRow; recovery_codes: string[] | null };

export class StaffService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly limits: StaffLimits,
    /** False in production unless demo seeding is on: demo accounts cannot sign in. */
    private readonly allowDemo: boolean,
    private readonly passwords: PasswordHasher,
  ) {}

  /**
   * Password first, then the second factor in the same call: without `code` the
   * answer says which step comes next (a code, or enrolment with a QR code); with
   * `code` (TOTP or a recovery code) it returns a session token.
   */
  async login(
    email: string,
    password: string,
    code: string | undefined,
    meta: RequestMeta,
  ): Promise<LoginResult> {
    const perIp = await this.limiter.hit(`staff:login:ip:${meta.ip}`, this.limits.login_ip);
    if (!perIp.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many sign-in attempts. Try again in ${perIp.retry_after_s} seconds.`,
        { retryAfterSeconds: perIp.retry_after_s },
      );
    }
    const found = await this.repository.byEmail(email);
    const staff = found && (!found.is_demo || this.allowDemo) ? found : undefined;
    const failureKey = `staff:login:fail:${staff ? staff.id : fingerprint(email)}:${meta.ip}`;
    const wait_s = await this.limiter.blockedFor(failureKey);
    if (wait_s > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed attempts. Try again in ${wait_s} seconds.`,
        { retryAfterSeconds: wait_s },
      );
    }
    const valid = await this.passwords.verify(staff?.password_hash ?? null, password);
    if (!staff || !valid) {
      await this.limiter.fail(failureKey, this.limits.login_failures);
      if (staff) await this.recordFailure(staff, meta, 'password');
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (staff.status !== 'active') {
      throw staffError('ACCOUNT_DISABLED');
    }

    if (staff.totp_secret === null) {
      const secret = staff.totp_pending_secret ?? newTotpSecret();
      if (staff.totp_pending_secret === null) {
        await this.repository.update(staff.id, { totp_pending_secret: secret });
      }
      if (code === undefined)
        return {
          step: 'enrol',
          enrolment: await enrolment(secret, staff.email, STAFF_TOTP_ISSUER),
        };
      const step = await verifyTotp(secret, code.trim(), null);
      const recovery_codes = newRecoveryCodes();
      const confirmed =
        step !== null &&
        (await this.repository.confirmEnrolment(
          staff.id,
          secret,
          step,
          recovery_codes.map((c) => digestRecoveryCode('staff', c)),
        ));
      if (!confirmed) {
        await this.limiter.fail(failureKey, this.limits.login_failures);
        await this.recordFailure(staff, meta, 'totp');
        throw staffError('TOTP_INVALID', 'The code is not valid; check the time on your phone');
      }
      await this.audit.record({
        actor: actorOf(staff, meta),
        action: 'staff.totp_enrolled',
        target: targetOf(staff),
      });
      await this.limiter.reset(failureKey);
      return { step: 'done', ...(await this.startSession(staff, meta, 'totp')), recovery_codes };
    }

    if (code === undefined) return { step: 'code' };
    const method = await this.checkSecondFactor(staff, code.trim());
    if (method === null) {
      await this.limiter.fail(failureKey, this.limits.login_failures);
      await this.recordFailure(staff, meta, 'totp');
      throw staffError('TOTP_INVALID');
    }
    await this.limiter.reset(failureKey);
    return {
      step: 'done',
      ...(await this.startSession(staff, meta, method)),
      recovery_codes: null,
    };
  }

  /** A TOTP code newer than the last accepted one, or an unused recovery code. */
  private async checkSecondFactor(
    staff: StaffRow,
    code: string,
  ): Promise<'totp' | 'recovery_code' | null> {
    if (/^\d{6}$/.test(code)) {
      const last = staff.totp_last_step === null ? null : Number(staff.totp_last_step);
      const step = await verifyTotp(staff.totp_secret!, code, last);
      if (step !== null && (await this.repository.claimTotpStep(staff.id, step))) return 'totp';
      return null;
    }
    if (isRecoveryCodeShape(code)) {
      const used = await this.repository.useRecoveryCode(
        staff.id,
        digestRecoveryCode('staff', code),
      );
      return used ? 'recovery_code' : null;
    }
    return null;
  }

  private async startSession(staff: StaffRow, meta: RequestMeta, method: string) {
    const { token, digest } = newToken('st');
    const session = await this.repository.sessions.create({
      owner_id: staff.id,
      token_hash: digest,
      ip: meta.ip,
      user_agent: meta.user_agent?.slice(0, 512) ?? null,
      absolute_ms: STAFF_SESSION_ABSOLUTE_MS,
    });
    const updated = await this.repository.update(staff.id, { last_login_at: new Date() });
    await this.audit.record({
      actor: actorOf(staff, meta),
      action: 'staff.login',
      target: targetOf(staff),
      metadata: {
        session_id: session.id,
        second_factor: method,
        ...(method === 'recovery_code'
          ? { recovery_codes_left: await this.repository.recoveryCodesLeft(staff.id) }
          : {}),
      },
    });
    return { token, staff: updated ?? staff };
  }

  private recordFailure(staff: StaffRow, meta: RequestMeta, factor: 'password' | 'totp') {
    return this.audit.record({
      actor: actorOf(staff, meta),
      action: 'staff.login_failed',
      target: targetOf(staff),
      metadata: { factor },
    });
  }

  /** A live session of an active staff member, or null. Role changes apply at once. */
  async authenticate(token: string): Promise<AuthenticatedStaff | null> {
    if (!token.startsWith('st_') || token.length > 200) return null;
    const session = await this.repository.sessions.live(
      digestToken(token),
      STAFF_SESSION_IDLE_MS,
      SESSION_TOUCH_MS,
    );
    if (!session) return null;
    const row = await this.repository.byId(session.staff_id);
    if (row?.status !== 'active' || row.totp_secret === null) return null;
    if (row.is_demo && !this.allowDemo) return null;
    return { session, row };
  }

  async logout(auth: AuthenticatedStaff, meta: RequestMeta): Promise<void> {
    await this.repository.sessions.revoke(auth.session.id, 'logout');
    await this.audit.record({
      actor: actorOf(auth.row, meta),
      action: 'staff.logout',
      target: targetOf(auth.row),
      metadata: { session_id: auth.session.id },
    });
  }

  /** New recovery codes replace the old ones; proven with a current TOTP code. */
  async regenerateRecoveryCodes(
    auth: AuthenticatedStaff,
    code: string,
    meta: RequestMeta,
  ): Promise<string[]> {
    const staff = (await this.repository.byId(auth.row.id))!;
    const last = staff.totp_last_step === null ? null : Number(staff.totp_last_step);
    const step = await verifyTotp(staff.totp_secret!, code.trim(), last);
    if (step === null || !(await this.repository.claimTotpStep(staff.id, step))) {
      throw staffError('TOTP_INVALID');
    }
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(
      staff.id,
      codes.map((c) => digestRecoveryCode('staff', c)),
    );
    await this.audit.record({
      actor: actorOf(staff, meta),
      action: 'staff.recovery_codes_regenerated',
      target: targetOf(staff),
    });
    return codes;
  }

  async changePassword(
    auth: AuthenticatedStaff,
    current: string,
    next: string,
    meta: RequestMeta,
  ): Promise<void> {
    const staff = (await this.repository.byId(auth.row.id))!;
    if (!(await this.passwords.verify(staff.password_hash, current))) {
      await this.recordFailure(staff, meta, 'password');
      throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong');
    }
    checkPassword(next);
    await this.repository.update(staff.id, { password_hash: await this.passwords.hash(next) });
    await this.repository.sessions.revokeAll(staff.id, 'password_change');
    await this.audit.record({
      actor: actorOf(staff, meta),
      action: 'staff.password_changed',
      target: targetOf(staff),
    });
  }

  recoveryCodesLeft(staff_id: bigint) {
    return this.repository.recoveryCodesLeft(staff_id);
  }

  byId(id: bigint) {
    return this.repository.byId(id);
  }

  /** Display names by id, for lists that show who did what. */
  names(ids: bigint[]) {
    return this.repository.names(ids);
  }

  list(query: StaffListQuery) {
    return this.repository.list(query);
  }

  /** Staff management: a new account signs in with this password and enrols TOTP at once. */
  async create(
    input: { email: string; name: string; role: Role; password: string },
    actor: StaffActor,
  ): Promise<StaffRow> {
    if (!mayAssignRole(actor.role, input.role)) {
      throw new AppError(
        'FORBIDDEN',
        `Only an owner may create an account with role ${input.role}`,
      );
    }
    const row = await this.insert(input);
    await this.audit.record({
      actor,
      action: 'staff.create',
      target: targetOf(row),
      after: viewOf(row),
    });
    return row;
  }

  /** Role, name or status; disabling or changing a role ends the member's sessions. */
  async update(
    id: bigint,
    patch: { name?: string; role?: Role; status?: StaffStatus },
    actor: StaffActor,
  ): Promise<StaffRow> {
    const before = await this.repository.byId(id);
    if (!before) throw new AppError('NOT_FOUND', `Staff member ${id} does not exist`);
    if (before.id === actor.id && (patch.role !== undefined || patch.status !== undefined)) {
      throw new AppError('FORBIDDEN', 'You cannot change your own role or status');
    }
    if (!mayAssignRole(actor.role, before.role)) {
      throw new AppError('FORBIDDEN', 'Only an owner may change an owner account');
    }
    if (patch.role !== undefined && !mayAssignRole(actor.role, patch.role)) {
      throw new AppError('FORBIDDEN', `Only an owner may grant the role ${patch.role}`);
    }
    const changes = Object.fromEntries(
      Object.entries(patch).filter(
        ([key, value]) => value !== undefined && before[key as keyof StaffRow] !== value,
      ),
    ) as Partial<Pick<StaffRow, 'name' | 'role' | 'status'>>;
    if (Object.keys(changes).length === 0) return before;
    const after = (await this.repository.update(id, changes))!;
    if (changes.role !== undefined || changes.status === 'disabled') {
      await this.repository.sessions.revokeAll(id, changes.role ? 'role_change' : 'disabled');
    }
    await this.audit.record({
      actor,
      action: 'staff.update',
      target: targetOf(after),
      before: Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as 'name']])),
      after: changes,
    });
    return after;
  }

  /** A lost phone: the member enrols again at the next sign-in; sessions end now. */
  async resetTwoFactor(id: bigint, actor: StaffActor) {
    const before = await this.repository.byId(id);
    if (!before) throw new AppError('NOT_FOUND', `Staff member ${id} does not exist`);
    if (before.id === actor.id) {
      throw new AppError('FORBIDDEN', 'Ask another administrator to reset your two-factor sign-in');
    }
    if (!mayAssignRole(actor.role, before.role)) {
      throw new AppError('FORBIDDEN', 'Only an owner may reset an owner account');
    }
    await this.repository.update(id, {
      totp_secret: null,
      totp_pending_secret: null,
      totp_enrolled_at: null,
      totp_last_step: null,
    });
    await this.repository.replaceRecoveryCodes(id, []);
    const sessions = await this.repository.sessions.revokeAll(id, 'totp_reset');
    await this.audit.record({
      actor,
      action: 'staff.totp_reset',
      target: targetOf(before),
      metadata: { sessions_revoked: sessions },
    });
  }

  /**
   * For `npm run staff:create`, the demo seed and tests: an account, optionally with
   * a TOTP secret already enrolled (the demo owner's is fixed and documented).
   */
  async createAccount(
    input: { email: string; name: string; role: Role; password: string; totp_secret?: string },
    options: { is_demo?: boolean; actor?: AuditActor } = {},
  ): Promise<StaffRow> {
    const row = await this.insert(input, {
      totp_secret: input.totp_secret ?? null,
      totp_enrolled_at: input.totp_secret ? new Date() : null,
      is_demo: options.is_demo ?? false,
    });
    await this.audit.record({
      actor: options.actor ?? { type: 'system', id: 'cli' },
      action: 'staff.create',
      target: targetOf(row),
      after: viewOf(row),
    });
    return row;
  }

  byEmail(email: string) {
    return this.repository.byEmail(email);
  }

  private async insert(
    input: { email: string; name: string; role: Role; password: string },
    extra: Partial<Pick<StaffRow, 'totp_secret' | 'totp_enrolled_at' | 'is_demo'>> = {},
  ): Promise<StaffRow> {
    checkPassword(input.password);
    const row = await this.repository.insert({
      email: input.email.trim(),
      name: input.name.trim(),
      role: input.role,
      password_hash: await this.passwords.hash(input.password),
      ...extra,
    });
    if (!row) throw new AppError('EMAIL_TAKEN', 'A staff account with this email already exists');
    return row;
  }
}

export function viewOf(row: StaffRow): StaffView {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    totp_enrolled: row.totp_secret !== null,
    created_at: row.created_at.toISOString(),
    last_login_at: row.last_login_at?.toISOString() ?? null,
  };
}

/** The audit actor for a staff request. */
export function staffActor(auth: AuthenticatedStaff, meta: RequestMeta): StaffActor {
  return {
    type: 'staff',
    id: auth.row.id,
    role: auth.row.role,
    ip: meta.ip,
    user_agent: meta.user_agent,
  };
}

export type StaffActor = {
  type: 'staff';
  id: bigint;
  role: Role;
  ip: string | null;
  user_agent: string | null;
};

function actorOf(staff: StaffRow, meta: RequestMeta): AuditActor {
  return {
    type: 'staff',
    id: staff.id,
    role: staff.role,
    ip: meta.ip,
    user_agent: meta.user_agent,
  };
}

function targetOf(staff: StaffRow) {
  return { type: 'staff', id: staff.id };
}

function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_LENGTH_MIN || password.length > STAFF_PASSWORD_LENGTH_MAX) {
    throw new AppError(
      'VALIDATION_FAILED',
      `password: use ${STAFF_PASSWORD_LENGTH_MIN} to ${STAFF_PASSWORD_LENGTH_MAX} characters`,
      {
        errors: [{ path: 'password', message: `At least ${STAFF_PASSWORD_LENGTH_MIN} characters` }],
      },
    );
  }
}

function fingerprint(login: string): string {
  return createHash('sha256').update(login.trim().toLowerCase()).digest('base64url').slice(0, 16);
}

export { permissionsOf };
