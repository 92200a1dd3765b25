import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.ts';
import type { AuthenticatedPlayer, AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player?: AuthenticatedPlayer;
  }
}

export type PlayerAuth = {
  requirePlayer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** For transports that cannot send headers (WebSocket): resolves a raw token. */
  authenticate: (token: string) => Promise<AuthenticatedPlayer | null>;
  /** The same check without refreshing the idle timer: for background rechecks. */
  peek: (token: string) => Promise<AuthenticatedPlayer | null>;
};

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function playerAuth(auth: AuthService): PlayerAuth {
  return {
    async requirePlayer(request) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      const player = await auth.authenticate(token);
      if (!player)
        throw new AppError('TOKEN_INVALID', 'Your session has expired. Please sign in again.');
      request.player = player;
    },
    authenticate: (token) => auth.authenticate(token),
    peek: (token) => auth.authenticate(token, { touch: false }),
  };
}
