import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('uses the largest whole unit', () => {
    expect(formatDuration(45, 'en')).toBe('45 minutes');
    expect(formatDuration(240, 'en')).toBe('4 hours');
    expect(formatDuration(1440, 'en')).toBe('1 day');
    expect(formatDuration(90, 'en')).toBe('90 minutes');
  });

  it("speaks the locale's language", () => {
    expect(formatDuration(240, 'fr')).toMatch(/^4\s+heures$/u);
    expect(formatDuration(60, 'es')).toBe('1 hora');
  });
});
