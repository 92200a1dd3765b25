import { AUTH_LIMITS_DEFAULT, type AuthLimits } from '../apps/server/src/modules/auth/index.ts';

/** The bench signs every player up from 127.0.0.1: the sign-up and login limits would trip. */
export const RELAXED_LIMITS_FOR_BENCH: AuthLimits = Object.fromEntries(
  Object.entries(AUTH_LIMITS_DEFAULT).map(([key, value]) => [
    key,
    'limit' in value ? { ...value, limit: 1_000_000 } : { ...value, free_failures: 1_000_000 },
  ]),
) as AuthLimits;
