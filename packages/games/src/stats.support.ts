import { createHmac } from 'node:crypto';
import { bytesToFloats } from './fair.ts';

/**
 * Helpers of the statistical tests (test code; imports Node's crypto). The floats of a bet come
 * from Node's own synchronous HMAC (~3 µs a round), so a test plays a million rounds in a few
 * seconds over the scheme's real byte stream.
 */
export function nodeFloats(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    out.push(...bytesToFloats(bytes, count - out.length));
  }
  return out;
}

export const ROUNDS = 1_000_000;
const U32 = 2 ** 32;

/**
 * The exact share of the 2³² equally likely floats for which `wins(u / 2³²)` holds, when the
 * winning floats form one interval starting at 0 (`from: 'low'`) or ending at 1 (`'high'`).
 */
export function exactShare(wins: (f: number) => boolean, from: 'low' | 'high'): number {
  let lo = 0;
  let hi = U32 - 1;
  // Find the boundary: the first u whose outcome differs from u = 0's.
  const first = wins(0);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wins(mid / U32) === first) lo = mid + 1;
    else hi = mid;
  }
  const boundary = wins(lo / U32) === first ? U32 : lo;
  return from === 'low' ? boundary / U32 : (U32 - boundary) / U32;
}

/**
 * Plays `rounds` rounds; returns the mean payout per unit staked and its standard error.
 * `perBlock` rounds share one HMAC block: `play(floats)` receives its own slice of the block's
 * 8 floats. The scheme's floats are independent and uniform whatever their position in a block,
 * so this is the same experiment as one nonce per round, at a fraction of the HMAC work (the
 * machine is shared; the whole file stays within a few seconds).
 */
export function simulate(
  seed: string,
  perBlock: 1 | 2 | 8,
  play: (floats: number[]) => number,
  rounds = ROUNDS,
) {
  const width = 8 / perBlock;
  let sum = 0;
  let squares = 0;
  for (let nonce = 0; nonce * perBlock < rounds; nonce++) {
    const block = nodeFloats(seed, 'client-seed', nonce, 8);
    for (let i = 0; i < perBlock; i++) {
      const x = play(block.slice(i * width, (i + 1) * width));
      sum += x;
      squares += x * x;
    }
  }
  const mean = sum / rounds;
  const standardError = Math.sqrt((squares / rounds - mean * mean) / rounds);
  return { mean, standardError };
}
