import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import type { LedgerService } from '../src/modules/ledger/index.ts';
import { createDb } from '../src/platform/db/database.ts';
import { bearer, RELAXED_LIMITS, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { bet, deposit, expectLedgerConsistent, key, SYSTEM, WAGERS } from './ledger-support.ts';

let t: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  t = await testApp();
  ledger = t.modules.ledger.service;
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const me = async (token: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/customer/me', headers: bearer(token) })
  ).json();

const transections = (token: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/customer/transections${query}`,
    headers: bearer(token),
  });

describe('GET /customer/me wallet fields', () => {
  it('reads balances from the ledger: available cash, bonus, withdrawable', async () => {
    const player = await signedInPlayer(t);
    expect((await me(player.token)).data.wallet_default).toMatchObject({ balance: 0, symbol: '€' });
    await deposit(ledger, player.id, 120_50n);
    await ledger.transfer({
      idempotency_key: key('bonus'),
      debit: { house: 'bonus_cost' },
      credit: { player_id: player.id, wallet: 'bonus' },
      amount_minor: 10_00n,
      currency: 'EUR',
      reason_code: 'bonus_grant',
      object: { type: 'bonus', id: 'welcome' },
      actor: SYSTEM,
    });
    await ledger.reserve({
      idempotency_key: key('withdrawal'),
      debit: { player_id: player.id, wallet: 'cash' },
      credit: { house: 'payment_clearing', purpose: 'sandbox' },
      amount_minor: 20_00n,
      currency: 'EUR',
      reason_code: 'withdrawal',
      object: { type: 'payment', id: 'w-1' },
      actor: SYSTEM,
    });
    const body = await me(player.token);
    expect(body.data).toMatchObject({
      currency_id: 1,
      currency: { code: 'EUR', prefix: '€' },
      wallet_default: {
        balance: 100.5,
        balance_exact: '100.50',
        bounas_balance: 10,
        bounas_balance_exact: '10.00',
        symbol: '€',
      },
      withdrawable_amount: 100.5,
    });
  });
});

describe('GET /customer/transections', () => {
  let owner: Awaited<ReturnType<typeof signedInPlayer>>;
  let stranger: Awaited<ReturnType<typeof signedInPlayer>>;
  let betId: bigint;
  let holdId: bigint;

  beforeAll(async () => {
    owner = await signedInPlayer(t);
    stranger = await signedInPlayer(t);
    await deposit(ledger, owner.id, 50_00n);
    betId = (await bet(ledger, owner.id, 5_00n)).id;
    await ledger.transfer({
      idempotency_key: key('win'),
      debit: WAGERS,
      credit: { player_id: owner.id, wallet: 'cash' },
      amount_minor: 12_34n,
      currency: 'EUR',
      reason_code: 'win',
      object: { type: 'bet', id: 'b-win' },
      actor: SYSTEM,
    });
    holdId = (
      await ledger.reserve({
        idempotency_key: key('hold'),
        debit: { player_id: owner.id, wallet: 'cash' },
        credit: { house: 'payment_clearing', purpose: 'sandbox' },
        amount_minor: 10_00n,
        currency: 'EUR',
        reason_code: 'withdrawal',
        object: { type: 'payment', id: 'w-9' },
        actor: SYSTEM,
      })
    ).id;
    const voided = await ledger.reserve({
      idempotency_key: key('hold'),
      debit: { player_id: owner.id, wallet: 'cash' },
      credit: WAGERS,
      amount_minor: 1_00n,
      currency: 'EUR',
      reason_code: 'bet',
      object: { type: 'bet', id: 'b-void' },
      actor: SYSTEM,
    });
    await ledger.void({ idempotency_key: key('void'), pending_id: voided.id, actor: SYSTEM });
    await deposit(ledger, stranger.id, 7_00n);
  });

  it('lists the movements newest first, signed, with balances and statuses', async () => {
    const response = await transections(owner.token);
    expect(response.statusCode).toBe(200);
    const { items, total, page, per_page } = response.json().data;
    expect({ total, page, per_page }).toEqual({ total: 5, page: 1, per_page: 20 });
    expect(
      items.map((item: { type: string; status: string; amount: number }) => [
        item.type,
        item.status,
        item.amount,
      ]),
    ).toEqual([
      ['bet', 'voided', -1],
      ['withdrawal', 'pending', -10],
      ['win', 'completed', 12.34],
      ['bet', 'completed', -5],
      ['deposit', 'completed', 50],
    ]);
    expect(items[2]).toMatchObject({
      amount_exact: '12.34',
      balance_after: 57.34,
      currency: 'EUR',
      reference: 'bet:b-win',
      wallet: 'cash',
    });
    expect(items[1]).toMatchObject({ id: Number(holdId), balance_after: null });
  });

  it('pages and filters by type and date', async () => {
    const second = (await transections(owner.token, '?page=2&per_page=2')).json().data;
    expect(second.items).toHaveLength(2);
    expect(second.items[1].type).toBe('bet');
    expect(second.items[1].id).toBe(Number(betId));
    const bets = (await transections(owner.token, '?type=bet')).json().data;
    expect(bets.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const spelled = (await transections(owner.token, `?type=&from=${today}&to=${today}`)).json();
    expect(spelled.data.total).toBe(5);
    const future = (await transections(owner.token, '?from=2999-01-01')).json().data;
    expect(future.total).toBe(0);
  });

  it("never shows one player another player's movements", async () => {
    const theirs = (await transections(stranger.token)).json().data;
    expect(theirs.total).toBe(1);
    expect(theirs.items[0]).toMatchObject({ type: 'deposit', amount: 7 });
    const ids = new Set(theirs.items.map((item: { id: number }) => item.id));
    const mine = (await transections(owner.token)).json().data.items;
    for (const item of mine) expect(ids.has(item.id)).toBe(false);
  });

  it.each([
    ['?per_page=101', /per_page/],
    ['?per_page=0', /per_page/],
    ['?page=0', /page/],
    ['?page=abc', /page/],
    ['?type=jackpot', /type/],
    ['?from=yesterday', /from/],
    ['?to=2025-13-45', /to/],
    ['?from=2025-02-02&to=2025-02-01', /from must be before to/],
  ])('answers %s with 422 and a clear message', async (query, message) => {
    const response = await transections(owner.token, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message });
  });

  it('sums the period: deposits, posted withdrawals, net deposits', async () => {
    const { period } = (await transections(owner.token)).json().data;
    // The withdrawal is still a reservation: only completed money counts.
    expect(period).toEqual({
      currency: 'EUR',
      deposits_exact: '50.00',
      withdrawals_exact: '0.00',
      net_deposits_exact: '50.00',
    });
    const future = (await transections(owner.token, '?from=2999-01-01')).json().data.period;
    expect(future.net_deposits_exact).toBe('0.00');
  });

  it('exports a period as CSV with stable columns and exact amounts, at most a year', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/transections/export',
      headers: bearer(owner.token),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,type,status,wallet,amount,balance_after,currency,description,reference',
    );
    expect(lines).toHaveLength(6);
    expect(lines.some((line) => line.includes(',win,completed,cash,12.34,57.34,EUR,'))).toBe(true);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/transections/export?from=2024-01-01&to=2025-06-01',
      headers: bearer(owner.token),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toMatch(/at most 366 days/);
  });

  it('filters the list and the CSV by product, by the bet reference each product keeps', async () => {
    const player = await signedInPlayer(t);
    await deposit(ledger, player.id, 20_00n);
    const move = (id: string, reason_code: 'bet' | 'win', amount_minor: bigint) =>
      ledger.transfer({
        idempotency_key: key(`product-${id}-${reason_code}`),
        debit: reason_code === 'bet' ? { player_id: player.id, wallet: 'cash' } : WAGERS,
        credit: reason_code === 'bet' ? WAGERS : { player_id: player.id, wallet: 'cash' },
        amount_minor,
        currency: 'EUR',
        reason_code,
        object: { type: 'bet', id },
        actor: SYSTEM,
      });
    await move('casino:41', 'bet', 1_00n);
    await move('casino:41', 'win', 3_00n);
    await move('crash:42', 'bet', 2_00n);
    await move('provider:acme:round-43', 'bet', 4_00n);
    await move('sb:44', 'bet', 5_00n);
    const references = async (query: string) =>
      ((await transections(player.token, query)).json().data.items as { reference: string }[]).map(
        (item) => item.reference,
      );
    expect(await references('?product=original')).toEqual(['bet:casino:41', 'bet:casino:41']);
    expect(await references('?product=original&type=win')).toEqual(['bet:casino:41']);
    expect(await references('?product=crash')).toEqual(['bet:crash:42']);
    expect(await references('?product=studio')).toEqual(['bet:provider:acme:round-43']);
    expect(await references('?product=sportsbook&type=bet')).toEqual(['bet:sb:44']);
    expect(await references('?product=')).toHaveLength(6);
    // The period summary stays the player's deposits whatever the product.
    const { period } = (await transections(player.token, '?product=crash')).json().data;
    expect(period.deposits_exact).toBe('20.00');

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/transections/export?product=original',
      headers: bearer(player.token),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.endsWith(',bet:casino:41')).toBe(true);

    for (const url of [
      '/api/v1/customer/transections?product=poker',
      '/api/v1/customer/transections/export?product=Crash',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/product must be one of original, crash, studio/);
    }
  });

  it('requires a signed-in player', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/customer/transections' });
    expect(response.statusCode).toBe(401);
  });
});

describe('wallet.service.adjust', () => {
  const staff = { type: 'staff', id: '42', role: 'finance' } as const;

  it('credits and debits against the house adjustments account, idempotently', async () => {
    const player = await signedInPlayer(t);
    const wallet = t.modules.wallet.service;
    const creditKey = key('adjust');
    const credit = await wallet.adjust({
      player_id: player.id,
      amount_minor: 25_00n,
      reason_code: 'goodwill',
      comment: 'Sorry for the outage',
      actor: staff,
      idempotency_key: creditKey,
    });
    expect(credit.balance_minor).toBe(25_00n);
    const replay = await wallet.adjust({
      player_id: player.id,
      amount_minor: 25_00n,
      reason_code: 'goodwill',
      comment: 'Sorry for the outage',
      actor: staff,
      idempotency_key: creditKey,
    });
    expect(replay).toEqual(credit);
    const debit = await wallet.adjust({
      player_id: player.id,
      amount_minor: -5_00n,
      reason_code: 'correction',
      comment: 'Double credit',
      actor: staff,
      idempotency_key: key('adjust'),
    });
    expect(debit.balance_minor).toBe(20_00n);
    expect((await wallet.summary(player.id)).cash_minor).toBe(20_00n);
    const stored = await ledger.transferById(credit.transfer_id);
    expect(stored).toMatchObject({
      reason_code: 'adjustment',
      actor_type: 'staff',
      actor_id: '42',
      memo: 'goodwill: Sorry for the outage',
    });
    const items = (await wallet.movements(player.id, { page: 1, per_page: 10 })).items;
    expect(items.map((item) => [item.type, item.amount])).toEqual([
      ['adjustment', -5],
      ['adjustment', 25],
    ]);
  });

  it.each([
    ['a debit beyond the balance', { amount_minor: -1n }, 'INSUFFICIENT_FUNDS', 409],
    ['a zero amount', { amount_minor: 0n }, 'INVALID_AMOUNT', 422],
    ['a bad reason code', { reason_code: 'Bad Reason' }, 'INVALID_TRANSFER', 422],
    ['an empty comment', { comment: '  ' }, 'INVALID_TRANSFER', 422],
  ])('refuses %s', async (_name, patch, code, status) => {
    const player = await signedInPlayer(t);
    await expect(
      t.modules.wallet.service.adjust({
        player_id: player.id,
        amount_minor: 1_00n,
        reason_code: 'goodwill',
        comment: 'test',
        actor: staff,
        idempotency_key: key('adjust'),
        ...patch,
      }),
    ).rejects.toMatchObject({ code, status });
  });
});

describe('WebSocket /api/v1/ws', () => {
  let second: { app: FastifyInstance; close: () => Promise<void> };
  let url: string;

  beforeAll(async () => {
    // A second instance on the same database, with its own pool and LISTEN connection.
    const { db, pool } = createDb(t.url, 4);
    const built = await buildApp({
      config: t.config,
      db,
      pool,
      limits: RELAXED_LIMITS,
      serveSites: false,
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/ws`;
    second = {
      app: built.app,
      close: async () => {
        await built.app.close();
        await db.destroy();
      },
    };
  });
  afterAll(async () => {
    await second.close();
  });

  /** Opens a socket and collects its messages and its close code. */
  function connect() {
    const socket = new WebSocket(url);
    const messages: Array<{ type: string; data?: { wallet_default: { balance: number } } }> = [];
    const waiters: Array<() => void> = [];
    let closed: { code: number; reason: string } | null = null;
    socket.on('message', (raw) => {
      messages.push(JSON.parse(String(raw)));
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('close', (code, reason) => {
      closed = { code, reason: String(reason) };
      for (const wake of waiters.splice(0)) wake();
    });
    const until = async (test: () => boolean, timeout_ms = 5_000) => {
      const deadline = Date.now() + timeout_ms;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    };
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return { socket, messages, opened, until, closed: () => closed };
  }

  it('pushes the new balance from another instance after a commit', async () => {
    const player = await signedInPlayer(t);
    await deposit(ledger, player.id, 10_00n);
    const client = connect();
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'auth', token: player.token }));
    await client.until(() => client.messages.some((message) => message.type === 'wallet'));
    expect(client.messages[0]).toEqual({ type: 'ready' });
    expect(client.messages[1]?.data?.wallet_default.balance).toBe(10);

    // Committed through instance A (the test app); the socket lives on instance B.
    await deposit(ledger, player.id, 5_25n);
    await client.until(() =>
      client.messages.some((message) => message.data?.wallet_default.balance === 15.25),
    );
    const last = client.messages.at(-1)!;
    expect(last).toMatchObject({
      type: 'wallet',
      data: {
        wallet_default: { balance: 15.25, balance_exact: '15.25', symbol: '€' },
        withdrawable_amount: 15.25,
      },
    });
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await client.until(() => client.messages.some((message) => message.type === 'pong'));
    client.socket.close();
  });

  it("does not push one player's balance to another player's socket", async () => {
    const watcher = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    const client = connect();
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'auth', token: watcher.token }));
    await client.until(() => client.messages.some((message) => message.type === 'wallet'));
    const before = client.messages.length;
    await deposit(ledger, other.id, 1_00n);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.length).toBe(before);
    client.socket.close();
  });

  it.each([
    ['a bad token', JSON.stringify({ type: 'auth', token: 'not-a-valid-token-at-all' })],
    ['a first message that is not auth', JSON.stringify({ type: 'ping' })],
    ['a malformed first message', '{nope'],
  ])('closes with 4401 on %s', async (_name, first) => {
    const client = connect();
    await client.opened;
    client.socket.send(first);
    await client.until(() => client.closed() !== null);
    expect(client.closed()?.code).toBe(4401);
  });

  it('closes with 4401 when the session is revoked', async () => {
    const player = await signedInPlayer(t);
    const client = connect();
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'auth', token: player.token }));
    await client.until(() => client.messages.some((message) => message.type === 'ready'));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/logout',
      headers: bearer(player.token),
    });
    // The recheck runs every minute; a new socket with the same token is refused at once.
    const again = connect();
    await again.opened;
    again.socket.send(JSON.stringify({ type: 'auth', token: player.token }));
    await again.until(() => again.closed() !== null);
    expect(again.closed()?.code).toBe(4401);
    client.socket.close();
  });
});
