import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device a player signs in from: a first-party id in an httpOnly cookie the server sets on
 * the first sign-in and keeps for two years. It is the "same device" signal of the AML rules and
 * of the one-offer-per-person check. No client fingerprinting (canvas, fonts, audio): those are
 * device fingerprinting under the ePrivacy Directive and need consent; a cookie the player can
 * see and clear is the privacy-minded choice, and clearing it only makes a device look new.
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const TWO_YEARS_S = 2 * 365 * 24 * 3600;

/** The device id the request carries, if any (a malformed cookie counts as none). */
export function deviceIdOf(request: { headers: Record<string, unknown> }): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return DEVICE_ID.test(value) ? value : null;
  }
  return null;
}

/** The request's device id, issuing one (a Set-Cookie on the reply) when it has none. */
export function ensureDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const known = deviceIdOf(request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${TWO_YEARS_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return id;
}
