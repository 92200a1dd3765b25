import { floats, kenoFromFloats, roulettePocketFromFloat, wheelTable } from '@casino/games';
import { describe, expect, it } from 'vitest';
import type { OriginalBet } from '../api/originals.ts';
import { recordedNumber, verifyNumber } from './provably-fair-numbers.ts';

const seeds = { serverSeed: 'verifier-page', clientSeed: 'player', nonce: 7 };
const bet = (game: OriginalBet['game'], multiplier: string, details: object) =>
  ({ game, multiplier, details }) as unknown as OriginalBet;

/** The verifier page prints a recomputed draw exactly as it prints the recorded bet. */
describe('the verifier page: Keno, Wheel, Roulette', () => {
  it('recomputes what the bet recorded, in the same words', async () => {
    const fs = await floats(seeds, 10);
    const drawn = kenoFromFloats(fs);
    const keno = await verifyNumber('keno', seeds, { segments: '30', risk: 'low', edge_bp: 100 });
    expect(keno).toMatchObject({ value: recordedNumber(bet('keno', '0.0000', { drawn })) });

    const segment = Math.floor(fs[0]! * 20);
    const m = wheelTable(20, 'high', 250)[segment]!;
    const multiplier = `${Math.floor(m / 10_000)}.${String(m % 10_000).padStart(4, '0')}`;
    const wheel = await verifyNumber('wheel', seeds, {
      segments: '20',
      risk: 'high',
      edge_bp: 250,
    });
    expect(wheel).toEqual({ value: recordedNumber(bet('wheel', multiplier, { segment })) });

    const pocket = roulettePocketFromFloat(fs[0]!);
    const roulette = await verifyNumber('roulette', seeds, {
      segments: '',
      risk: 'low',
      edge_bp: 270,
    });
    expect(roulette).toEqual({ value: recordedNumber(bet('roulette', '0.0000', { pocket })) });
    expect(await verifyNumber('wheel', seeds, { segments: '15', risk: 'low', edge_bp: 100 })).toBe(
      'badSegments',
    );
  });
});
