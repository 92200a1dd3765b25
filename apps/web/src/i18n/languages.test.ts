import { LANGUAGES as CONTRACT_LANGUAGES } from '@casino/contracts';
import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
vi.stubGlobal('document', { documentElement: { lang: '' } });

describe('LANGUAGES', () => {
  it('equals the contracts list, in order', async () => {
    const { LANGUAGES } = await import('./index.ts');
    expect(LANGUAGES).toEqual([...CONTRACT_LANGUAGES]);
  });
});
