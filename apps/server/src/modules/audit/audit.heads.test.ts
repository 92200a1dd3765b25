import { describe, expect, it } from 'vitest';
import { headLine, parseHeads } from './audit.heads.ts';

const head = { last_id: 42n, last_hash: 'a'.repeat(64), entries: 42n };

describe('exported audit heads', () => {
  it('reads back what an export writes, line by line', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const text = `${headLine(head, at)}\n\n${headLine({ ...head, last_id: 43n, entries: 43n }, at)}\n`;
    expect(parseHeads(text)).toEqual([
      { ...head, exported_at: at.toISOString() },
      { ...head, last_id: 43n, entries: 43n, exported_at: at.toISOString() },
    ]);
  });

  it.each([
    ['not JSON', 'nope'],
    [
      'a hash of the wrong shape',
      JSON.stringify({ exported_at: 'x', last_id: '1', last_hash: 'ab', entries: '1' }),
    ],
    [
      'a number where text belongs',
      JSON.stringify({ exported_at: 'x', last_id: 1, last_hash: 'a'.repeat(64), entries: '1' }),
    ],
    [
      'a negative id',
      JSON.stringify({ exported_at: 'x', last_id: '-1', last_hash: 'a'.repeat(64), entries: '1' }),
    ],
    ['an overlong line', `{"x":"${'y'.repeat(2_000)}"}`],
  ])('names the line that is not a head: %s', (_case, line) => {
    expect(() => parseHeads(`${headLine(head, new Date())}\n${line}\n`)).toThrow(/line 2/);
  });
});
