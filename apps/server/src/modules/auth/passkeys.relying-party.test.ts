import { describe, expect, it } from 'vitest';
import { challengeOf, defaultPasskeyName, relyingPartyOf } from './passkeys.relying-party.ts';

const clientData = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('relyingPartyOf', () => {
  it('is the public host and origin in production', () => {
    expect(relyingPartyOf('https://play.example.com')).toEqual({
      id: 'play.example.com',
      origins: ['https://play.example.com'],
    });
    expect(relyingPartyOf('https://play.example.com:8443/')).toEqual({
      id: 'play.example.com',
      origins: ['https://play.example.com:8443'],
    });
  });

  it('serves a loopback address as localhost on the same port', () => {
    expect(relyingPartyOf('http://127.0.0.1:4100')).toEqual({
      id: 'localhost',
      origins: ['http://localhost:4100', 'http://127.0.0.1:4100'],
    });
    expect(relyingPartyOf('http://localhost:3000')).toEqual({
      id: 'localhost',
      origins: ['http://localhost:3000'],
    });
    expect(relyingPartyOf('http://[::1]:3000').id).toBe('localhost');
  });
});

describe('challengeOf', () => {
  it('reads the challenge of well-formed client data', () => {
    const challenge = 'q1w2e3r4t5y6u7i8o9p0-_AB';
    expect(challengeOf(clientData({ type: 'webauthn.get', challenge }))).toBe(challenge);
  });

  it('is null for anything else', () => {
    expect(challengeOf('!!!')).toBeNull();
    expect(challengeOf(clientData(null))).toBeNull();
    expect(challengeOf(clientData({ challenge: 42 }))).toBeNull();
    expect(challengeOf(clientData({ challenge: 'short' }))).toBeNull();
    expect(challengeOf(clientData({ challenge: 'x'.repeat(201) }))).toBeNull();
    expect(challengeOf(clientData({ challenge: 'has spaces in it, sixteen+' }))).toBeNull();
  });
});

describe('defaultPasskeyName', () => {
  const chromeAndroid =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
  it('names a security key, a phone, or the browser it was made in', () => {
    expect(defaultPasskeyName(chromeAndroid, 'cross-platform', ['usb'])).toBe('Security key');
    expect(defaultPasskeyName(chromeAndroid, 'cross-platform', ['hybrid', 'internal'])).toBe(
      'Phone or tablet',
    );
    expect(defaultPasskeyName(chromeAndroid, 'platform', ['internal'])).toBe('Chrome on Android');
    expect(defaultPasskeyName(null, undefined, [])).toBe('Passkey');
  });
});
