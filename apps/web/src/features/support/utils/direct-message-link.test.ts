import { describe, expect, it } from 'vitest';
import { directMessageLink } from './direct-message-link.ts';

describe('directMessageLink', () => {
  it('keeps digits only', () => {
    expect(directMessageLink('+91 98765 43210')).toBe('https://wa.me/919876543210');
  });
  it('refuses numbers that are not numbers', () => {
    expect(directMessageLink('')).toBeNull();
    expect(directMessageLink('call us')).toBeNull();
  });
});
