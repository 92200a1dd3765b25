import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** The production deploy files (no Docker here): they parse and hold together (decision 0133). */
const root = new URL('../../../', import.meta.url);
const read = (file: string) => readFile(new URL(file, root), 'utf8');

describe('deploy files', () => {
  it('compose runs PostgreSQL 16, three instances and the proxy, each instance drained before it is killed', async () => {
    const compose = parse(await read('deploy/compose.yaml'));
    expect(compose.services.postgres.image).toBe('postgres:16');
    const apps = ['app1', 'app2', 'app3'].map((name) => compose.services[name]);
    for (const app of apps) {
      expect(app.environment.NODE_ENV).toBe('production');
      const grace_s = Number.parseInt(app.stop_grace_period, 10);
      const drain_ms =
        Number(app.environment.SHUTDOWN_GRACE_MS) + Number(app.environment.SHUTDOWN_TIMEOUT_MS);
      expect(grace_s * 1000).toBeGreaterThan(drain_ms);
    }
    expect(compose.services.proxy.volumes[0]).toMatch(/haproxy\.cfg/);
    const haproxy = await read('deploy/haproxy.cfg');
    for (const name of ['app1', 'app2', 'app3'])
      expect(haproxy).toContain(`server ${name} ${name}:3000`);
    expect(haproxy).toContain('GET /readyz');
  });

  it('the image runs as a non-root user with a health check, from a build stage', async () => {
    const dockerfile = await read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*readyz/m);
    expect(await read('.dockerignore')).toMatch(/node_modules/);
  });
});
