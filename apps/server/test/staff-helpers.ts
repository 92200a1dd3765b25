import { generate, generateSecret } from 'otplib';
import type { Role } from '../src/modules/staff/index.ts';
import { STAFF_LIMITS_DEFAULT, type StaffLimits } from '../src/modules/staff/index.ts';
import { bearer, type TestApp, uniqueEmail } from './harness.ts';

export const STAFF_PASSWORD = 'staff-password-42';

/** Staff sign-ins all come from 127.0.0.1 in tests; rate-limit tests pass their own. */
export const RELAXED_STAFF_LIMITS: StaffLimits = {
  login_ip: { ...STAFF_LIMITS_DEFAULT.login_ip, limit: 1_000_000 },
  login_failures: { ...STAFF_LIMITS_DEFAULT.login_failures, free_failures: 1_000_000 },
};

/** A TOTP code for the time step `offset` steps from now (-1, 0 or +1 are accepted). */
export function totp(secret: string, offset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

export type StaffMember = {
  id: bigint;
  email: string;
  role: Role;
  secret: string;
  token: string;
  headers: { authorization: string };
};

/** An enrolled staff member of the given role, signed in through the API. */
export async function staffMember(t: TestApp, role: Role): Promise<StaffMember> {
  const email = uniqueEmail(`staff-${role}`);
  const secret = generateSecret();
  const row = await t.modules.staff.service.createAccount({
    email,
    name: `Test ${role}`,
    role,
    password: STAFF_PASSWORD,
    totp_secret: secret,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password: STAFF_PASSWORD, code: await totp(secret) },
  });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  const token = response.json().data.token as string;
  return { id: row.id, email, role, secret, token, headers: bearer(token) };
}
