import { describe, expect, it } from 'vitest';
import { sniffBytes } from './sniff.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('sniffBytes', () => {
  it('reads the types the server accepts from their magic bytes', () => {
    expect(sniffBytes(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toBe('jpeg');
    expect(sniffBytes(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffBytes(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffBytes(bytes('%PDF-1.7\n'))).toBe('pdf');
  });

  it('refuses text, other RIFF files and truncated headers whatever the name says', () => {
    expect(sniffBytes(bytes('hello, I am a .jpg'))).toBeNull();
    expect(sniffBytes(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffBytes(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffBytes(new Uint8Array())).toBeNull();
  });
});
