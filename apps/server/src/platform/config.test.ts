import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('stands for the Crash engine by default outside tests; CRASH_ENGINE=off opts out', () => {
    expect(loadConfig({}).crashEngine).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).crashEngine).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', CRASH_ENGINE: 'off' }).crashEngine).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).crashEngine).toBe(false);
    expect(() => loadConfig({ LEADER_LEASE_MS: '10' })).toThrow(/LEADER_LEASE_MS/);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
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
