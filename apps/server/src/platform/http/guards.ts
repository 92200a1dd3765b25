import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The types a guarded request carries, filled in by the modules that own sign-in through
 * declaration merging (auth registers `player`; staff registers `staff` and `permission`), so
 * platform code imports no module while routes still read their full types.
 */
// biome-ignore lint/suspicious/noEmptyInterface: a declaration-merging target (see above).
export interface GuardTypes {}

type Registered<K extends string, Fallback> = GuardTypes extends { [key in K]: infer T }
  ? T
  : Fallback;
/** The signed-in player on `request.player` (auth's session and player row). */
export type SignedInPlayer = Registered<'player', never>;
/** The signed-in staff member on `request.staff` (staff's session and account row). */
export type SignedInStaff = Registered<'staff', never>;
/** What a back-office route requires: one of staff's permissions, or only a live session. */
export type StaffPermission = Registered<'permission', string>;

declare module 'fastify' {
  interface FastifyRequest {
    player?: SignedInPlayer;
    staff?: SignedInStaff;
  }
  interface FastifyContextConfig {
    /** The back-office permission a route requires (the staff module's table). */
    permission?: StaffPermission;
  }
}

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** A token's live session, or null; `touch: false` leaves the idle timer where it is. */
export type SessionResolver<Principal> = (
  token: string,
  options: { touch: boolean },
) => Promise<Principal | null>;

export type PlayerAuth = {
  requirePlayer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** For transports that cannot send headers (WebSocket): resolves a raw token. */
  authenticate: (token: string) => Promise<SignedInPlayer | null>;
  /** The same check without refreshing the idle timer: for background rechecks. */
  peek: (token: string) => Promise<SignedInPlayer | null>;
};

export function playerGuard(resolve: SessionResolver<SignedInPlayer>): PlayerAuth {
  return {
    async requirePlayer(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED');
      const player = await resolve(token, { touch: true });
      if (!player) throw new AppError('TOKEN_INVALID');
      request.player = player;
    },
    authenticate: (token) => resolve(token, { touch: true }),
    peek: (token) => resolve(token, { touch: false }),
  };
}

export type StaffHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type StaffAuth = {
  requireStaff: (permission: StaffPermission) => StaffHook;
  /**
   * Route options for a guarded route: the check runs on `onRequest`, before the body
   * is parsed or validated, so a role without the permission learns nothing but 403.
   */
  guard: (permission: StaffPermission) => {
    onRequest: StaffHook;
    config: { permission: StaffPermission };
  };
};

/** What the staff guard asks of the module that owns staff accounts. */
export type StaffAccess = {
  resolve: SessionResolver<SignedInStaff>;
  permits: (staff: SignedInStaff, permission: StaffPermission) => boolean;
  /** Named in the 403, so a staff member knows why. */
  roleOf: (staff: SignedInStaff) => string;
};

export function staffGuard(access: StaffAccess): StaffAuth {
  const requireStaff =
    (permission: StaffPermission): StaffHook =>
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to the back office');
      const staff = await access.resolve(token, { touch: true });
      if (!staff) {
        throw new AppError('TOKEN_INVALID', 'Your session has ended. Please sign in again.');
      }
      if (!access.permits(staff, permission)) {
        throw new AppError('FORBIDDEN', `Your role (${access.roleOf(staff)}) cannot do this`);
      }
      request.staff = staff;
    };
  return {
    requireStaff,
    guard: (permission) => ({ onRequest: requireStaff(permission), config: { permission } }),
  };
}
