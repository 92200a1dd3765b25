import { describe, expect, it } from 'vitest';
import { bootScreenRemainingMs, LOADING_SCREEN_MS } from './boot-screen.ts';

describe('the loading screen (spec §9: 2000 ms after start)', () => {
  it('stays until 2 s after navigation start when the app renders sooner', () => {
    expect(bootScreenRemainingMs(0)).toBe(LOADING_SCREEN_MS);
    expect(bootScreenRemainingMs(650)).toBe(1_350);
    expect(bootScreenRemainingMs(1_999.2)).toBe(1);
  });

  it('goes at once when the app rendered after 2 s (a slow phone never waits 2 s more)', () => {
    expect(bootScreenRemainingMs(2_000)).toBe(0);
    expect(bootScreenRemainingMs(3_400)).toBe(0);
  });
});
