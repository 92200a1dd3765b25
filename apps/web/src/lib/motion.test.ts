import { describe, expect, it } from 'vitest';
import { motionMs } from './motion.ts';

describe('reduced motion', () => {
  it('keeps an animation its length normally and makes it instant when asked for less motion', () => {
    expect(motionMs(2_400, false)).toBe(2_400);
    expect(motionMs(2_400, true)).toBe(0);
  });
});
