import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import { bearerToken } from '../auth/index.ts';
import { can, type RouteGuard } from './staff.permissions.ts';
import type { AuthenticatedStaff, StaffService } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: AuthenticatedStaff;
  }
  interface FastifyContextConfig {
    /** The back-office permission a route requires (see staff.permissions.ts). */
    permission?: RouteGuard;
  }
}

export type StaffHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type StaffAuth = {
  requireStaff: (permission: RouteGuard) => StaffHook;
  /**
   * Route options for a guarded route: the check runs on `onRequest`, before the body
   * is parsed or validated, so a role without the permission learns nothing but 403.
   */
  guard: (permission: RouteGuard) => {
    onRequest: StaffHook;
    config: { permission: RouteGuard };
  };
};

export function staffAuth(staff: StaffService): StaffAuth {
  const requireStaff =
    (permission: RouteGuard): StaffHook =>
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to the back office');
      const auth = await staff.authenticate(token);
      if (!auth) {
        throw new AppError('TOKEN_INVALID', 'Your session has ended. Please sign in again.');
      }
      if (!can(auth.row.role, permission)) {
        throw new AppError('FORBIDDEN', `Your role (${auth.row.role}) cannot do this`);
      }
      request.staff = auth;
    };
  return {
    requireStaff,
    guard: (permission) => ({ onRequest: requireStaff(permission), config: { permission } }),
  };
}
