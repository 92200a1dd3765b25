import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  diceChance,
  diceMultiplier,
  dicePayout,
  diceRoll,
  diceWins,
  isValidDiceTarget,
} from './dice.ts';
import { floats, floatsSync, revealMatches, sha256Hex } from './fair.ts';

/** An independent implementation with Node's own HMAC, to check the Web Crypto one. */
function referenceFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(bytes.readUInt32BE(i) / 2 ** 32);
    }
  }
  return out;
}

describe('provably fair floats', () => {
  it('match an independent HMAC-SHA256 implementation, across HMAC rounds', async () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      expect(
        await floats({ serverSeed: `server-${nonce}`, clientSeed: 'client', nonce }, 20),
      ).toEqual(referenceFloats(`server-${nonce}`, 'client', nonce, 20));
    }
  });

  it("the synchronous form (the server's, with Node's HMAC) gives the same floats", async () => {
    const hmac = (key: string, message: string) =>
      createHmac('sha256', key).update(message).digest();
    for (let nonce = 0; nonce < 50; nonce++) {
      const pair = { serverSeed: `server-${nonce}`, clientSeed: 'client', nonce };
      expect(floatsSync(pair, 24, hmac)).toEqual(await floats(pair, 24));
    }
  });

  it('hashes the server seed as the commitment players see', async () => {
    expect(await sha256Hex('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('a revealed seed matches the commitment shown before play, and nothing else does', async () => {
    const seed = 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1';
    const shown = createHash('sha256').update(seed).digest('hex');
    const oneDigitOff = shown.slice(0, -1) + (shown.endsWith('0') ? '1' : '0');
    const cases: [string, string, boolean][] = [
      [seed, shown, true],
      [seed, shown.toUpperCase(), true],
      [seed, ` ${shown}\n`, true],
      [`${seed} `, shown, false], // the seed is hashed as its exact text
      [seed.toUpperCase(), shown, false],
      [seed, shown.slice(1), false],
      [seed, oneDigitOff, false],
      [seed, '', false],
      ['', createHash('sha256').update('').digest('hex'), true],
    ];
    for (const [revealed, committed, expected] of cases)
      expect(await revealMatches(revealed, committed), `${revealed} / ${committed}`).toBe(expected);
  });
});

describe('dice', () => {
  it('maps a float to 0.00–100.00 as floor(f × 10001)', async () => {
    const seeds = { serverSeed: 's', clientSeed: 'c', nonce: 7 };
    const [f] = referenceFloats('s', 'c', 7, 1);
    expect(await diceRoll(seeds)).toBe(Math.floor(f! * 10_001));
  });

  it('pays stake × 99 % / chance, toward zero, and shows the multiplier', () => {
    expect(diceChance(5000, 'over')).toBe(5000);
    expect(dicePayout(100_00n, 5000, 'over', 100)).toBe(198_00n);
    expect(diceMultiplier(5000, 'over', 100)).toBe('1.9800');
    expect(diceMultiplier(9899, 'over', 100)).toBe('98.0198');
    expect(dicePayout(1n, 9999, 'over', 100)).toBe(9900n);
    expect(diceWins(5001, 5000, 'over')).toBe(true);
    expect(diceWins(5000, 5000, 'over')).toBe(false);
    expect(diceWins(4999, 5000, 'under')).toBe(true);
    expect(isValidDiceTarget(5000, 'over')).toBe(true);
    expect(isValidDiceTarget(100, 'over')).toBe(false); // 99 % chance: above 98 %
    expect(isValidDiceTarget(0, 'under')).toBe(false);
    expect(isValidDiceTarget(50.5, 'over')).toBe(false);
  });

  it('returns its stated RTP: the exact expectation, and 200,000 simulated rounds within 4 standard deviations', async () => {
    // Over 50.00 wins on 50.01–100.00: 5000 of 10001 rolls.
    const exact = (5000 / 10001) * 1.98;
    expect(exact).toBeGreaterThan(0.989);
    expect(exact).toBeLessThan(0.99);
    const rounds = 200_000;
    let wins = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const [f] = referenceFloats('rtp-server-seed', 'rtp-client', nonce, 1);
      if (diceWins(Math.floor(f! * 10_001), 5000, 'over')) wins += 1;
    }
    const p = 5000 / 10001;
    const sd = Math.sqrt(rounds * p * (1 - p));
    expect(Math.abs(wins - rounds * p)).toBeLessThan(4 * sd);
    const rtp = (wins * 1.98) / rounds;
    expect(Math.abs(rtp - exact)).toBeLessThan((4 * sd * 1.98) / rounds);
  });
});
