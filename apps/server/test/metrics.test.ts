import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { bet, deposit, key, newPlayer, SYSTEM } from './ledger-support.ts';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample, `name{labels}` with the labels given (others ignored); 0 if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics (issue 20)', () => {
  it('asks for the token', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('A valid metrics token is required');
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('has every named series', async () => {
    // One of each so the labelled series exist.
    await t.app.inject({ url: '/api/v1/currencies' });
    const text = await scrape();
    for (const name of [
      'http_request_duration_seconds_bucket',
      'http_request_errors_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'db_pool_connections',
      'db_pool_max_connections',
      'ledger_batch_size_bucket',
      'ledger_batch_duration_seconds_bucket',
      'ledger_queue_length',
      'websocket_connections',
      'business_bets_total',
      'business_deposits_total',
      'business_withdrawals_total',
      'business_bets_settled_total',
      'business_settled_stakes_minor_total',
      'business_settled_payouts_minor_total',
    ]) {
      expect(text, name).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
    }
    expect(sample(text, 'db_pool_max_connections')).toBe(10);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('counts a request under its route pattern, and errors by status', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/v1/currencies', status_class: '2xx' };
    const missing = { method: 'GET', route: 'unmatched', status: '404' };
    expect((await t.app.inject({ url: '/api/v1/currencies' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/no-such-thing/123' })).statusCode).toBe(404);
    // A route with a parameter: the pattern, not the URL.
    await t.app.inject({ url: '/api/v1/sports/events/999999999' });
    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(
      sample(before, 'http_request_duration_seconds_count', route) + 1,
    );
    expect(sample(after, 'http_request_errors_total', missing)).toBe(
      sample(before, 'http_request_errors_total', missing) + 1,
    );
    expect(after).toContain('route="/api/v1/sports/events/:id"');
    expect(after).not.toContain('events/999999999');
    expect(after).not.toContain('no-such-thing');
  });

  it('moves the ledger and business series with money', async () => {
    const before = await scrape();
    const player = await newPlayer(t);
    const ledger = t.modules.ledger.service;
    await deposit(ledger, player, 50_00n);
    await bet(ledger, player, 2_00n);
    await ledger.reserve({
      idempotency_key: key('withdrawal'),
      debit: { player_id: player, wallet: 'cash' },
      credit: { house: 'payment_clearing', purpose: 'sandbox' },
      amount_minor: 10_00n,
      currency: 'EUR',
      reason_code: 'withdrawal',
      object: { type: 'payment', id: key('payment') },
      actor: SYSTEM,
    });
    // A replayed request is the same bet: not counted again.
    const replayKey = key('bet');
    await bet(ledger, player, 1_00n, replayKey);
    await bet(ledger, player, 1_00n, replayKey);
    const after = await scrape();
    const eur = { currency: 'EUR' };
    expect(sample(after, 'business_deposits_total', eur)).toBe(
      sample(before, 'business_deposits_total', eur) + 1,
    );
    expect(sample(after, 'business_deposits_minor_total', eur)).toBe(
      sample(before, 'business_deposits_minor_total', eur) + 5000,
    );
    const casino = { product: 'casino', currency: 'EUR' };
    expect(sample(after, 'business_bets_total', casino)).toBe(
      sample(before, 'business_bets_total', casino) + 2,
    );
    expect(sample(after, 'business_withdrawals_total', eur)).toBe(
      sample(before, 'business_withdrawals_total', eur) + 1,
    );
    // Five commands, each in some batch (one-by-one here: nothing else is queued).
    expect(sample(after, 'ledger_batch_size_sum') - sample(before, 'ledger_batch_size_sum')).toBe(
      5,
    );
    expect(sample(after, 'ledger_batch_duration_seconds_count')).toBeGreaterThan(
      sample(before, 'ledger_batch_duration_seconds_count'),
    );
    expect(sample(after, 'ledger_batch_duration_seconds_sum')).toBeGreaterThan(
      sample(before, 'ledger_batch_duration_seconds_sum'),
    );
  });

  it('counts settled bets, their stakes and payouts per product from BetSettled', async () => {
    const { signedInPlayer, bearer } = await import('./harness.ts');
    const player = await signedInPlayer(t);
    await deposit(t.modules.ledger.service, player.id, 100_00n);
    const before = await scrape();
    // Limbo at 10,000× almost never wins; its payout is read from the answer either way.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/originals/limbo/bet',
      headers: bearer(player.token),
      payload: { amount: '2', target: '10000', idempotency_key: key('limbo') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const payout = Math.round(Number(response.json().data.payout) * 100);
    await t.modules.outbox.drain();
    const originals = { product: 'originals', currency: 'EUR' };
    // The counters follow the event, delivered after the bet's commit: another file's long
    // transaction can keep it unreadable past the drain's wait, so wait for the count itself.
    let after = await scrape();
    await expect
      .poll(async () => {
        after = await scrape();
        return sample(after, 'business_bets_settled_total', originals);
      })
      .toBe(sample(before, 'business_bets_settled_total', originals) + 1);
    expect(sample(after, 'business_settled_stakes_minor_total', originals)).toBe(
      sample(before, 'business_settled_stakes_minor_total', originals) + 200,
    );
    expect(sample(after, 'business_settled_payouts_minor_total', originals)).toBe(
      sample(before, 'business_settled_payouts_minor_total', originals) + payout,
    );
  });

  it('counts open WebSockets by path', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { default: WebSocket } = await import('ws');
    const path = { path: '/api/v1/sports/ws' };
    const before = sample(await scrape(), 'websocket_connections', path);
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/v1/sports/ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await expect
      .poll(async () => sample(await scrape(), 'websocket_connections', path))
      .toBe(before + 1);
    socket.close();
    await expect
      .poll(async () => sample(await scrape(), 'websocket_connections', path))
      .toBe(before);
  });
});

describe('metrics on an internal port (METRICS_PORT)', () => {
  let internal: TestApp;
  beforeAll(async () => {
    internal = await testApp({ env: { METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await internal.close();
  });

  it('serves /metrics there only, without a token, and not on the main port', async () => {
    const address = internal.app.metricsAddress?.();
    expect(address?.address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${address!.port}/`)).status).toBe(404);
    expect((await internal.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
