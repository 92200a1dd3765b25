import { hmacSha256Hex, sha256Hex } from './fair.ts';

/**
 * Crash, as Stake seeded it (its public seeding event): the operator generates a chain of
 * SHA-256 hashes, each the SHA-256 of the previous one's lowercase hex, and publishes the last
 * one before the first round. Rounds take the chain from the end backwards, so every revealed
 * round hash proves the rounds before it: SHA256(hash of round n) = hash of round n − 1.
 * A round's crash point:
 *   h   = HMAC_SHA256(key = round hash (hex text), message = salt)
 *   int = the first 8 hex digits of h as an integer (32 bits)
 *   crash = max(1, 2³² / (int + 1) × (1 − edge)), shown floored to two decimals
 * The salt is a value fixed after the chain was committed (Stake: a future Bitcoin block's hash),
 * so the operator cannot have chosen a chain that favours it.
 */
export function crashFromHmacHex(hex: string, edge_bp = 100): number {
  const int = Number.parseInt(hex.slice(0, 8), 16);
  const point = (2 ** 32 / (int + 1)) * ((10_000 - edge_bp) / 10_000);
  return Math.max(100, Math.floor(point * 100));
}

/** The crash point in hundredths (250 = 2.50×). */
export async function crashPoint(roundHash: string, salt: string, edge_bp = 100): Promise<number> {
  return crashFromHmacHex(await hmacSha256Hex(roundHash, salt), edge_bp);
}

/** The chain from a secret seed: chain[0] = seed, chain[i + 1] = SHA256(chain[i]). Played from the end. */
export async function crashChain(seed: string, length: number): Promise<string[]> {
  const chain = [seed];
  while (chain.length < length) chain.push(await sha256Hex(chain[chain.length - 1]!));
  return chain;
}

/** True when `next` (a later round, revealed) hashes to `previous`. */
export async function crashLinks(later: string, earlier: string): Promise<boolean> {
  return (await sha256Hex(later)) === earlier;
}
