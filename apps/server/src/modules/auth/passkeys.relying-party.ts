import { deviceLabel } from './user-agent.ts';

/**
 * Where passkeys are valid (decision 0143): the relying party is the host of the operator's
 * public URL, and the only origin is that URL's. Browsers refuse an IP address as a relying
 * party, so a loopback address (a developer's or a test's `http://127.0.0.1:3000`) is served as
 * `localhost` on the same port, the one host where browsers allow passkeys over plain http.
 */
export type RelyingParty = { id: string; origins: string[] };

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|\[::1\])$/;

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  if (LOOPBACK.test(url.hostname) || url.hostname === 'localhost') {
    const local = `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`;
    return { id: 'localhost', origins: [...new Set([local, url.origin])] };
  }
  return { id: url.hostname, origins: [url.origin] };
}

/**
 * The challenge a ceremony's answer signed, read from its client data (base64url JSON), or null
 * when the client data is not that shape. Only to find the stored challenge: the library checks
 * the client data again, with the signature.
 */
export function challengeOf(clientDataJSON: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
  return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(challenge)
    ? challenge
    : null;
}

/**
 * A name for a passkey the player did not name: a security key or a phone by how it talks to
 * the browser, else the browser and system it was made on ("Chrome on Android").
 */
export function defaultPasskeyName(
  user_agent: string | null,
  attachment: string | undefined,
  transports: readonly string[],
): string {
  if (attachment === 'cross-platform') {
    if (transports.includes('hybrid')) return 'Phone or tablet';
    if (transports.some((t) => t === 'usb' || t === 'nfc' || t === 'ble')) return 'Security key';
  }
  return deviceLabel(user_agent) ?? 'Passkey';
}
