import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Production needs a secrets key; the tests of other variables give one. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SECRETS_KEY: 'mASpT4kgKZdG0cj16x3jPQICdk82lL2kPBsLPt2fm/g=',
} as const;

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://x',
        PUBLIC_URL: 'nope',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL'])
      expect(problems).toContain(name);
  });

  it('listens on this machine only outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...PRODUCTION }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('stands for the Crash engine by default outside tests; CRASH_ENGINE=off opts out', () => {
    expect(loadConfig({}).crashEngine).toBe(true);
    expect(loadConfig({ ...PRODUCTION }).crashEngine).toBe(true);
    expect(loadConfig({ ...PRODUCTION, CRASH_ENGINE: 'off' }).crashEngine).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).crashEngine).toBe(false);
    expect(() => loadConfig({ LEADER_LEASE_MS: '10' })).toThrow(/LEADER_LEASE_MS/);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ ...PRODUCTION }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('keeps delivered domain events 24 hours unless told otherwise, within bounds', () => {
    expect(loadConfig({}).outboxRetentionHours).toBe(24);
    expect(loadConfig({ OUTBOX_RETENTION_HOURS: '72' }).outboxRetentionHours).toBe(72);
    for (const value of ['0', '1.5', 'abc', '9000'])
      expect(() => loadConfig({ OUTBOX_RETENTION_HOURS: value }), value).toThrow(
        /OUTBOX_RETENTION_HOURS/,
      );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });
});

describe('SECRETS_KEY', () => {
  it('is required in production, checked for 32 bytes, and optional elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SECRETS_KEY: required in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SECRETS_KEY: 'too-short' })).toThrow(
      /SECRETS_KEY: must be 32 bytes/,
    );
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toBe('ab'.repeat(32));
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it('takes an optional previous key for a rotation, checked the same way', () => {
    expect(() => loadConfig({ ...PRODUCTION, SECRETS_KEY_PREVIOUS: 'too-short' })).toThrow(
      /SECRETS_KEY_PREVIOUS: must be 32 bytes/,
    );
    expect(loadConfig({ SECRETS_KEY_PREVIOUS: 'cd'.repeat(32) }).secretsKeyPrevious).toBe(
      'cd'.repeat(32),
    );
    expect(loadConfig({}).secretsKeyPrevious).toBeUndefined();
  });
});
