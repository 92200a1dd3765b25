/**
 * Provably fair outcomes, the scheme the large crypto casinos publish (Stake's): for cursor
 * round k, HMAC_SHA256(key = server seed, message = `${clientSeed}:${nonce}:${k}`) gives 32
 * bytes; each 4 bytes make one float in [0, 1):
 *   f = b0/256 + b1/256² + b2/256³ + b3/256⁴
 * The SHA-256 of the server seed is shown before play; the seed itself once it is rotated, so
 * anyone can recompute every bet. Pure code: the server and the player's browser run the same.
 * Uses Web Crypto (`crypto.subtle`), present in Node ≥ 20 and every current browser.
 */
const encoder = new TextEncoder();

async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(
    await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)),
  );
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)),
  );
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * True when a revealed server seed is the one a commitment named: its SHA-256 (of the seed's
 * text, as shown) equals the hash shown before play, compared case-insensitively.
 */
export async function revealMatches(serverSeed: string, committedHash: string): Promise<boolean> {
  const hash = committedHash.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(hash) && (await sha256Hex(serverSeed)) === hash;
}

export type SeedPair = { serverSeed: string; clientSeed: string; nonce: number };

/** The first `count` floats of a bet (8 per HMAC round). */
export async function floats(
  { serverSeed, clientSeed, nonce }: SeedPair,
  count: number,
): Promise<number[]> {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = await hmacSha256(serverSeed, `${clientSeed}:${nonce}:${round}`);
    out.push(...bytesToFloats(bytes, count - out.length));
  }
  return out;
}

/** An HMAC-SHA256 that answers at once (the server passes Node's: no promise, no key import). */
export type HmacSha256Sync = (key: string, message: string) => Uint8Array;

/**
 * `floats` with a synchronous HMAC: the same floats, without Web Crypto's key import and promise
 * per round, which cost the server about a tenth of a Dice bet's CPU.
 */
export function floatsSync(
  { serverSeed, clientSeed, nonce }: SeedPair,
  count: number,
  hmac: HmacSha256Sync,
): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    out.push(
      ...bytesToFloats(hmac(serverSeed, `${clientSeed}:${nonce}:${round}`), count - out.length),
    );
  }
  return out;
}

/** Floats per HMAC round (32 bytes, 4 per float). */
export const FLOATS_PER_ROUND = 8;

/**
 * One HMAC round's bytes to floats: b0/256 + b1/256² + b2/256³ + b3/256⁴ for every 4 bytes, at
 * most `count`. Exported so a test can feed it bytes from another HMAC implementation.
 */
export function bytesToFloats(bytes: Uint8Array, count = FLOATS_PER_ROUND): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 < bytes.length && out.length < count; i += 4) {
    out.push(
      bytes[i]! / 256 +
        bytes[i + 1]! / 256 ** 2 +
        bytes[i + 2]! / 256 ** 3 +
        bytes[i + 3]! / 256 ** 4,
    );
  }
  return out;
}

/** HMAC-SHA256 as lowercase hex (the crash chain's per-round hash). */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  return [...(await hmacSha256(key, message))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
