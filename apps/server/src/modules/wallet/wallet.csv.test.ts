import { describe, expect, it } from 'vitest';
import { csvLine } from './wallet.service.ts';

describe('csvLine', () => {
  it('neutralises cells a spreadsheet would run, keeps signed amounts as numbers', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1+2', '@SUM(A1)', '-5.00', '12.34', 'a,b'])).toBe(
      `"'=HYPERLINK(""x"")","'+1+2","'@SUM(A1)",-5.00,12.34,"a,b"`,
    );
  });
});
