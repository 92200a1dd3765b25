import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

/** The development tools: every mail with its reset link, sandbox approvals, the feed's clock. */
const TOOLS = [
  { method: 'GET', url: '/dev/mail' },
  { method: 'GET', url: '/api/v1/dev/outbox?to=someone%40example.com' },
  { method: 'POST', url: '/dev/sports/tick', payload: { ms: 0, schedule: false } },
  { method: 'GET', url: '/sandbox/gateway/DEP-none' },
  { method: 'POST', url: '/api/v1/sandbox/crypto/none/simulate', payload: { outcome: 'paid' } },
] as const;

describe('development tools outside production', () => {
  it('do not exist for a client on another machine', async () => {
    for (const tool of TOOLS) {
      const response = await t.app.inject({ ...tool, remoteAddress: '203.0.113.7' });
      expect(response.statusCode, tool.url).toBe(404);
      expect(response.json().message, tool.url).toBe('Not found');
    }
  });

  it('do not exist for a request a proxy on this machine forwarded', async () => {
    for (const tool of TOOLS) {
      const response = await t.app.inject({
        ...tool,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(response.statusCode, tool.url).toBe(404);
    }
  });

  it('answer on this machine', async () => {
    const mail = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(mail.statusCode).toBe(200);
    const outbox = await t.app.inject({ ...TOOLS[1], remoteAddress: '::1' });
    expect(outbox.statusCode).toBe(200);
    // The crypto simulator answers (here: the made-up deposit id is refused), not 404.
    const crypto = await t.app.inject({ ...TOOLS[4] });
    expect(crypto.statusCode).toBe(422);
  });
});
