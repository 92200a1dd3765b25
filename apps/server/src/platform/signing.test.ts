import { describe, expect, it } from 'vitest';
import { checkTimestamped, hmacHex, safeEqual, signTimestamped } from './signing.ts';

const SECRET = 'shared-secret';
const BODY = '{"id":"evt_1"}';
const AT_MS = 1_750_000_000_000;
const WINDOW_MS = 5 * 60_000;

describe('timestamped signatures', () => {
  it('accepts its own signature within the window, on either side', () => {
    const header = signTimestamped(SECRET, BODY, AT_MS);
    expect(header).toBe(
      `t=${AT_MS / 1000},v1=${hmacHex('sha256', SECRET, `${AT_MS / 1000}.${BODY}`)}`,
    );
    expect(checkTimestamped(SECRET, header, BODY, AT_MS, WINDOW_MS)).toBeNull();
    expect(checkTimestamped(SECRET, header, BODY, AT_MS + WINDOW_MS, WINDOW_MS)).toBeNull();
    expect(checkTimestamped(SECRET, header, BODY, AT_MS - WINDOW_MS, WINDOW_MS)).toBeNull();
  });

  // In the order they are checked.
  it.each([
    ['no header', undefined, BODY, AT_MS, 'missing'],
    ['a repeated header', ['a', 'b'], BODY, AT_MS, 'missing'],
    ['another shape', 'sha256=abc', BODY, AT_MS, 'malformed'],
    [
      'a stale timestamp',
      signTimestamped(SECRET, BODY, AT_MS),
      BODY,
      AT_MS + WINDOW_MS + 1000,
      'stale',
    ],
    [
      'a future timestamp',
      signTimestamped(SECRET, BODY, AT_MS + WINDOW_MS + 1000),
      BODY,
      AT_MS,
      'stale',
    ],
    ['another body', signTimestamped(SECRET, BODY, AT_MS), `${BODY} `, AT_MS, 'mismatch'],
    ['another secret', signTimestamped('other', BODY, AT_MS), BODY, AT_MS, 'mismatch'],
  ])('refuses %s', (_name, header, body, now_ms, refusal) => {
    expect(checkTimestamped(SECRET, header, body, now_ms, WINDOW_MS)).toBe(refusal);
  });

  it('signs the timestamp: moving it breaks the signature', () => {
    const header = signTimestamped(SECRET, BODY, AT_MS);
    const moved = header.replace(`t=${AT_MS / 1000}`, `t=${AT_MS / 1000 + 60}`);
    expect(checkTimestamped(SECRET, moved, BODY, AT_MS, WINDOW_MS)).toBe('mismatch');
  });
});

describe('safeEqual', () => {
  it('is false for different lengths instead of throwing', () => {
    expect(safeEqual(Buffer.from('ab'), Buffer.from('abc'))).toBe(false);
    expect(safeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
  });
});
