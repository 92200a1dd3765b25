import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymiserList } from './protection.anonymisers.ts';

describe('the anonymising-network list', () => {
  it('reads addresses and ranges of both families, ignoring comments and junk', () => {
    const list = AnonymiserList.parse(
      [
        '# Tor exits',
        '185.220.101.4',
        '45.148.10.0/24   # a VPN range',
        '2a0b:f4c2::/32',
        'not-an-address',
        '10.0.0.0/33',
        '',
      ].join('\n'),
    );
    expect(list.entries).toBe(3);
    expect(list.has('185.220.101.4')).toBe(true);
    expect(list.has('185.220.101.5')).toBe(false);
    expect(list.has('45.148.10.200')).toBe(true);
    expect(list.has('::ffff:45.148.10.7')).toBe(true);
    expect(list.has('2a0b:f4c2:2::1')).toBe(true);
    expect(list.has('2a0c::1')).toBe(false);
    expect(list.has('garbage')).toBe(false);
  });

  it('is empty when the file is missing', () => {
    const list = AnonymiserList.load('/nonexistent/anonymisers.txt');
    expect(list.entries).toBe(0);
    expect(list.has('185.220.101.4')).toBe(false);
  });
});

describe('npm run anonymisers:update', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const bodies: Record<string, [number, string]> = {
    '/torbulkexitlist': [200, '185.220.101.4\n185.220.101.5\n'],
    '/vpn.txt': [200, '# ranges\n45.148.10.0/24\n45.148.10.0/24\n'],
    '/empty.txt': [200, '<html>moved</html>\n'],
    '/down': [503, 'unavailable'],
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'anonymisers-'));
    server = createServer((request, response) => {
      const [status, body] = bodies[request.url ?? ''] ?? [404, 'not found'];
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const update = (target: string, sources: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.resolve(import.meta.dirname, '../../../../../scripts/update-anonymisers.mjs')],
        {
          env: {
            ...process.env,
            ANONYMISER_LIST: target,
            ANONYMISER_SOURCES: sources.map((s) => `${base}${s}`).join(','),
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('merges the sources into the file the gate reads', async () => {
    const target = path.join(dir, 'list.txt');
    const result = await update(target, ['/torbulkexitlist', '/vpn.txt']);
    expect(result.code).toBe(0);
    const list = AnonymiserList.load(target);
    expect(list.entries).toBe(3);
    expect(list.has('185.220.101.5')).toBe(true);
    expect(list.has('45.148.10.9')).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain(`${base}/torbulkexitlist`);
  });

  it('leaves the current list alone when a source fails or lists nothing', async () => {
    const target = path.join(dir, 'kept.txt');
    writeFileSync(target, '185.220.101.4\n');
    for (const sources of [['/torbulkexitlist', '/down'], ['/empty.txt']]) {
      const result = await update(target, sources);
      expect(result.code).toBe(1);
      expect(result.output).toContain('the list is unchanged');
      expect(readFileSync(target, 'utf8')).toBe('185.220.101.4\n');
    }
  });
});
