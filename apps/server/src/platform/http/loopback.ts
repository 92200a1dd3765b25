import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request comes from this machine itself. The socket's peer, not `request.ip`: a
 * trusted proxy hop could otherwise name any address. A request that passed through a proxy
 * (it carries forwarding headers) is not local even when the proxy runs on this machine.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket?.remoteAddress ?? '');
}

/**
 * The development server's tools (the mail outbox with every reset link, sandbox approvals,
 * the feed's fast-forward) answer only on this machine; to anyone else they do not exist.
 */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND');
}
