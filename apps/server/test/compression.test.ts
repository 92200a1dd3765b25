import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/platform/http/compression.ts';
import { type TestApp, testApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('API compression (issue 20)', () => {
  it('compresses a JSON answer above the threshold by Accept-Encoding, with Vary', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer under the threshold alone', async () => {
    const small = await t.app.inject({
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 200, message: 'ok' });
  });

  it('compresses error answers too, and does not inflate compressed request bodies', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(20) })),
    });
    // Not decompressed: the body is not JSON, so a 4xx naming the problem, never a 500.
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.statusCode).toBeLessThan(500);
    expect(typeof login.json().message).toBe('string');
  });

  it('keeps WebSockets working (an upgraded connection is never compressed)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1/sports/ws`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const received: Array<{ type: string }> = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', events: [] }));
    await expect.poll(() => received.some((m) => m.type === 'ready')).toBe(true);
    socket.close();
  });
});
