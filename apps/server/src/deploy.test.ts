import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENVIRONMENT_VARIABLES } from './platform/config.ts';
import { SERVER_NODE_FLAGS } from './platform/node-flags.ts';

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

/**
 * What can be checked of the image without Docker (docs/ops/scaling.md, "Verified without
 * Docker"): every file the Dockerfile copies is in the repository, what it runs exists, its
 * health check asks a real route, it runs as a non-root user, and the environment the deploy
 * files set is the one config.ts reads.
 */
describe('the Dockerfile and compose, checked against the repository', () => {
  const tracked = new Set(
    execFileSync('git', ['ls-files'], { cwd: fileURLToPath(root), encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
  );
  const instructions = async () =>
    (await read('Dockerfile'))
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .filter((line) => /^[A-Z]+ /.test(line));

  it('copies only files a clean clone has, and ignores none the build needs', async () => {
    const copies = (await instructions()).filter(
      (line) => line.startsWith('COPY ') && !line.includes('--from='),
    );
    expect(copies.length).toBeGreaterThan(1);
    for (const line of copies) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        if (source === '.') continue;
        expect(tracked.has(source), `COPY ${source}`).toBe(true);
      }
    }
    // Every workspace's package.json is copied before `npm ci` (else the lock file does not match).
    const workspaces = [...tracked].filter((f) =>
      /^(apps|packages)\/[^/]+\/package\.json$/.test(f),
    );
    const copied = copies.flatMap((line) => line.split(/\s+/).slice(1, -1));
    for (const workspace of workspaces) expect(copied, workspace).toContain(workspace);
    const ignored = (await read('.dockerignore')).split('\n').map((l) => l.trim());
    for (const needed of ['apps', 'packages', 'scripts', 'package-lock.json', 'tsconfig.json'])
      expect(ignored).not.toContain(needed);
  });

  it('runs npm scripts and a command that exist, with tsx kept by the production prune', async () => {
    const lines = await instructions();
    const root_scripts = JSON.parse(await read('package.json')).scripts as Record<string, string>;
    for (const line of lines.filter((l) => l.startsWith('RUN '))) {
      for (const [, script] of line.matchAll(/npm run ([\w:-]+)/g))
        expect(root_scripts, `npm run ${script}`).toHaveProperty(script!);
    }
    const cmd = JSON.parse(lines.find((l) => l.startsWith('CMD '))!.slice(4)) as string[];
    const workdir = lines
      .filter((l) => l.startsWith('WORKDIR '))
      .at(-1)!
      .slice(8)
      .trim();
    expect(workdir.startsWith('/app/')).toBe(true);
    const entry = `${workdir.slice('/app/'.length)}/${cmd.at(-1)}`;
    expect(tracked.has(entry), entry).toBe(true);
    expect(cmd[0]).toBe('node');
    // The CMD's flags are the server's own (platform/node-flags.ts), tsx a runtime dependency.
    expect(cmd).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS, '--import', 'tsx']));
    const server = JSON.parse(await read('apps/server/package.json'));
    expect(server.dependencies).toHaveProperty('tsx');
    expect(server.scripts.start).toContain(cmd.slice(1).join(' '));
  });

  it('checks the health of a route the server has, and the proxy the same one', async () => {
    const lines = await instructions();
    const check = lines.find((l) => l.startsWith('HEALTHCHECK '))!;
    const route = check.match(/\/(readyz|healthz|[a-z/-]+)'/)?.[0].slice(0, -1);
    expect(route).toBe('/readyz');
    const app = await read('apps/server/src/app.ts');
    expect(app).toContain(`app.get('${route}'`);
    expect(await read('deploy/haproxy.cfg')).toContain(`GET ${route}`);
  });

  it('runs as a non-root user, which owns the data directory', async () => {
    const lines = await instructions();
    const users = lines.filter((l) => l.startsWith('USER '));
    expect(users.at(-1)).toMatch(/^USER (?!root\b|0\b)\w+$/);
    const user = users.at(-1)!.slice(5);
    const runtime = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')));
    const dataDir = runtime.join('\n').match(/DATA_DIR=(\S+)/)?.[1];
    expect(dataDir).toBeDefined();
    expect(runtime.join('\n')).toContain(`chown ${user}:${user} ${dataDir}`);
  });

  it('sets only variables config.ts reads, and the ones production requires', async () => {
    const compose = parse(await read('deploy/compose.yaml'));
    const known = new Set(ENVIRONMENT_VARIABLES);
    const runtimeEnv = (await instructions())
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.slice(4).matchAll(/(\w+)=/g)].map((m) => m[1]!));
    for (const name of runtimeEnv) expect(known.has(name), `Dockerfile ENV ${name}`).toBe(true);
    for (const name of ['app1', 'app2', 'app3']) {
      const environment = compose.services[name].environment as Record<string, string>;
      for (const variable of Object.keys(environment))
        expect(known.has(variable), `${name}: ${variable}`).toBe(true);
      // What production refuses to start without (config.ts), and a real database.
      expect(environment).toHaveProperty('SECRETS_KEY');
      expect(environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    }
    // The instances' database is the compose service of that name, its credentials the same.
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'app1', 'app2', 'app3', 'proxy']),
    );
    expect(compose.services.app1.environment.DATABASE_URL).toContain(
      `${compose.services.postgres.environment.POSTGRES_USER}:`,
    );
  });
});
