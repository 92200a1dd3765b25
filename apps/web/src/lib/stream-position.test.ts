import { describe, expect, it } from 'vitest';
import { StreamPositions } from './stream-position.ts';

describe('stream positions', () => {
  it('applies consecutive pushes and reports a skipped seq as a gap', () => {
    const s = new StreamPositions();
    s.reset('crash', { epoch: 'a', seq: 4 });
    expect(s.accept('crash', { epoch: 'a', seq: 5 })).toBe('apply');
    expect(s.accept('crash', { epoch: 'a', seq: 7 })).toBe('gap');
    expect(s.accept('crash', { epoch: 'a', seq: 8 })).toBe('apply');
  });

  it('reports a new publisher (failover, another instance) as a gap', () => {
    const s = new StreamPositions();
    s.reset('e1', { epoch: 'a', seq: 2 });
    expect(s.accept('e1', { epoch: 'b', seq: 3 })).toBe('gap');
    expect(s.accept('e1', { epoch: 'b', seq: 4 })).toBe('apply');
  });

  it('skips a push a state read already covered, and counts keys apart', () => {
    const s = new StreamPositions();
    s.reset('e1', { epoch: 'a', seq: 9 });
    expect(s.accept('e1', { epoch: 'a', seq: 9 })).toBe('stale');
    expect(s.accept('e2', { epoch: 'a', seq: 1 })).toBe('apply');
    expect(s.accept('e1', { epoch: 'a', seq: 10 })).toBe('apply');
  });

  it('starts counting at the first push after a read made before any push', () => {
    const s = new StreamPositions();
    s.reset('crash', null);
    expect(s.accept('crash', { epoch: 'a', seq: 31 })).toBe('apply');
    expect(s.accept('crash', { epoch: 'a', seq: 33 })).toBe('gap');
    s.clear();
    expect(s.accept('crash', { epoch: 'a', seq: 40 })).toBe('apply');
  });
});
