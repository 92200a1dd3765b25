import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gateRefusal } from '../src/modules/protection/index.ts';
import {
  bearer,
  changeBySql,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
  uniqueEmail,
} from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { sign } from './provider-support.ts';
import { syntheticEvent } from './sportsbook-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const cryptoDeposit = (token: string, headers: Record<string, string> = {}, amount = '50') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/crypto/deposit/create',
    headers: { ...bearer(token), ...headers },
    payload: { currency: '12', amount, converted_amount: '0.001' },
  });
const rg = (token: string, path: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/responsible-gaming/${path}`,
    headers: bearer(token),
    payload,
  });
const depositRows = async (player_id: bigint) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from crypto_deposits where player_id = ${player_id}`.execute(t.db)
    ).rows[0]!.n,
  );

describe('every money route passes the gate', () => {
  /** A well-formed request per money route; a new money route must add one here. */
  const FIXTURES: Record<
    string,
    {
      payload: Record<string, unknown> | ((ids: Ids) => Record<string, unknown>);
      url?: (ids: Ids) => string;
      /** Sent by an INR player (the INR flow's routes). */
      inr?: boolean;
      /** Headers of their own instead of the player's bearer token (a studio's signed call). */
      headers?: (raw: string) => Record<string, string>;
    }
  > = {
    'POST /api/v1/customer/deposit/create': {
      payload: { amount: '10', currency: '1', payment_gateway: '4', bank_name: 'ING' },
    },
    'POST /api/v1/customer/deposit/flow-transect/create': {
      payload: { amount: '600', payment_mode: 'upi' },
      inr: true,
    },
    'POST /api/v1/customer/withdraw/create': {
      payload: {
        amount: '10',
        currency: '1',
        payment_gateway: '4',
        bank_name: 'ING',
        acc_name: 'Test Player',
        acc_number: 'NL91ABNA0417164300',
      },
    },
    'POST /api/v1/customer/withdraw/flow-transect/create': {
      payload: {
        amount: '600',
        payment_mode: 'upi',
        account_holder_name: 'Test Player',
        upi_id: 'test@okaxis',
      },
      inr: true,
    },
    'POST /api/v1/customer/crypto/deposit/create': {
      payload: { currency: '12', amount: '10', converted_amount: '0.0001' },
    },
    'POST /api/v1/customer/crypto/withdraw/create': {
      payload: {
        currency: '12',
        amount: '10',
        converted_amount: '0.0001',
        payment_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      },
    },
    'POST /api/v1/customer/promotions/:id/claim': {
      payload: {},
      url: ({ promotion }) => `/api/v1/customer/promotions/${promotion}/claim`,
    },
    'POST /api/v1/customer/casino/originals/dice/bet': {
      payload: {
        amount: '1',
        target: '50',
        direction: 'over',
        idempotency_key: 'gate-test-dice-1',
      },
    },
    'POST /api/v1/customer/casino/originals/limbo/bet': {
      payload: { amount: '1', target: '2.00', idempotency_key: 'gate-test-limbo-1' },
    },
    'POST /api/v1/customer/casino/originals/plinko/bet': {
      payload: { amount: '1', rows: 8, risk: 'low', idempotency_key: 'gate-test-plinko-1' },
    },
    'POST /api/v1/customer/casino/originals/keno/bet': {
      payload: { amount: '1', picks: [1, 2], risk: 'low', idempotency_key: 'gate-test-keno-1' },
    },
    'POST /api/v1/customer/casino/originals/wheel/bet': {
      payload: { amount: '1', segments: 10, risk: 'low', idempotency_key: 'gate-test-wheel-1' },
    },
    'POST /api/v1/customer/casino/originals/roulette/bet': {
      payload: { chips: [{ type: 'red', amount: '1' }], idempotency_key: 'gate-test-roulette-1' },
    },
    'POST /api/v1/customer/casino/originals/baccarat/bet': {
      payload: { bets: { banker: '1' }, idempotency_key: 'gate-test-baccarat-1' },
    },
    'POST /api/v1/customer/casino/originals/dragon-tiger/bet': {
      payload: { bets: { dragon: '1' }, idempotency_key: 'gate-test-dragon-tiger-1' },
    },
    'POST /api/v1/customer/casino/originals/teen-patti/bet': {
      payload: { bets: { ante: '1' }, idempotency_key: 'gate-test-teen-patti-1' },
    },
    'POST /api/v1/customer/casino/originals/andar-bahar/bet': {
      payload: { bets: { andar: '1' }, idempotency_key: 'gate-test-andar-bahar-1' },
    },
    'POST /api/v1/customer/casino/originals/hilo/start': {
      payload: { amount: '1', idempotency_key: 'gate-test-hilo-1' },
    },
    'POST /api/v1/customer/casino/originals/blackjack/start': {
      payload: { amount: '1', idempotency_key: 'gate-test-blackjack-1' },
    },
    'POST /api/v1/customer/casino/originals/blackjack/action': {
      payload: { action: 'double' },
    },
    'POST /api/v1/customer/casino/originals/mines/start': {
      payload: { amount: '1', mines: 3, idempotency_key: 'gate-test-mines-1' },
    },
    'POST /api/v1/customer/casino/crash/bet': {
      payload: { amount: '1', auto_cashout: '2.00', idempotency_key: 'gate-test-crash-1' },
    },
    'POST /api/v1/customer/sportsbook/bets': {
      payload: ({ selection }) => ({
        kind: 'single',
        selections: [selection],
        stake: '5',
        accept_odds: 'any',
        idempotency_key: 'gate-test-bet-1',
      }),
    },
    'POST /api/provider/v1/:provider/bet': {
      payload: ({ game_session }) => ({
        ...game_session,
        round_id: 'gate-test-round',
        transaction_id: 'gate-test-txn',
        amount: '1.00',
      }),
      url: () => '/api/provider/v1/lantern/bet',
      headers: (raw) => sign(raw),
    },
  };
  type Ids = {
    promotion: string;
    selection: { selection_id: string; odds: string };
    game_session: Record<string, string>;
  };

  it('calls the gate before anything is written, on each route that declares a money action', async () => {
    const routes = t.modules.moneyRoutes;
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(FIXTURES).sort());
    const owner = await staffMember(t, 'owner');
    const promotion = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: owner.headers,
      payload: {
        kind: 'no_deposit',
        title: { en: 'Gate test' },
        fixed_amount: { EUR: 100 },
        code: 'GATETEST',
      },
    });
    const event = await syntheticEvent(t.modules.sportsbook.service);
    const { selection_id, odds } = event.sel('match_winner', 'home');
    const player = await signedInPlayer(t);
    const launch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init',
      headers: bearer(player.token),
      payload: { game: 'lantern-fortune' },
    });
    const ids: Ids = {
      promotion: '',
      selection: { selection_id: String(selection_id), odds },
      game_session: {
        session_token: launch.json().data.token,
        player_id: String(player.id),
        currency: 'EUR',
        game_code: 'lantern-fortune',
      },
    };
    await t.modules.ledger.service.transfer({
      idempotency_key: `gate-fund:${player.id}`,
      debit: { house: 'payment_clearing', purpose: 'sandbox' },
      credit: { player_id: player.id, wallet: 'cash' },
      amount_minor: 100_00n,
      currency: 'EUR',
      reason_code: 'deposit',
      object: { type: 'payment', id: `gate-fund:${player.id}` },
      actor: { type: 'system', id: 'test' },
    });
    await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
    const inrPlayer = await signedInPlayer(t, { currency_id: 3 });
    await changeBySql(
      t,
      sql`update players set kyc_status = 'APPROVED' where id = ${inrPlayer.id}`,
    );
    const asked: string[] = [];
    vi.spyOn(t.modules.protection.gate, 'admit').mockImplementation(async (request) => {
      asked.push(`${request.action} ${request.route}`);
      throw gateRefusal({ code: 'SELF_EXCLUDED', message: 'refused by the test gate' });
    });
    const balanceBefore = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    for (const route of routes) {
      const fixture = FIXTURES[`${route.method} ${route.url}`]!;
      ids.promotion = promotion.json().data.id;
      const url = fixture.url ? fixture.url(ids) : route.url;
      const payload =
        typeof fixture.payload === 'function' ? fixture.payload(ids) : fixture.payload;
      const raw = JSON.stringify(payload);
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: fixture.headers
          ? fixture.headers(raw)
          : {
              ...bearer(fixture.inr ? inrPlayer.token : player.token),
              'content-type': 'application/json',
            },
        payload: raw,
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'SELF_EXCLUDED',
        message: 'refused by the test gate',
      });
      expect(asked.at(-1)).toBe(`${route.action} ${route.url}`);
    }
    expect(await t.modules.ledger.service.playerBalances(player.id, 'EUR')).toEqual(balanceBefore);
    expect(await depositRows(player.id)).toBe(0);
    const payments = await sql<{
      n: string;
    }>`select count(*) as n from payments where player_id in (${player.id}, ${inrPlayer.id})`.execute(
      t.db,
    );
    expect(Number(payments.rows[0]!.n)).toBe(0);
  });
});

describe('jurisdiction policy', () => {
  it('refuses real money to a visitor from India with a clear message in their language; demo stays open', async () => {
    const player = await signedInPlayer(t);
    const refused = await cryptoDeposit(player.token, { 'x-debug-country': 'IN' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'JURISDICTION_DEMO_ONLY' });
    expect(refused.json().message).toBe(
      'Real-money play is not available in your country (IN). You can still play demo games.',
    );
    const portuguese = await cryptoDeposit(player.token, {
      'x-debug-country': 'IN',
      'accept-language': 'pt-BR,pt;q=0.9',
    });
    expect(portuguese.json().message).toContain('não está disponível no seu país (IN)');
    expect(await depositRows(player.id)).toBe(0);
    const banner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jurisdiction',
      headers: { 'x-debug-country': 'IN' },
    });
    expect(banner.json().data).toMatchObject({
      country: 'IN',
      policy: 'demo_only',
      real_money: false,
    });
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jurisdiction',
      headers: { 'x-debug-country': 'MT' },
    });
    expect(open.json().data).toMatchObject({ real_money: true, message: null });
    // The refusal is in the audit log.
    const audit = await sql<{
      n: string;
    }>`select count(*) as n from audit_log where action = 'protection.refused' and target_id = ${String(player.id)}`.execute(
      t.db,
    );
    expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it('a declared country counts even from an unknown address; the stricter of declared and address applies', async () => {
    const email = uniqueEmail('declared-in');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/signup',
      payload: {
        name: 'Declared India',
        email,
        password: TEST_PASSWORD,
        currency_id: 1,
        country: 'in',
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/login',
      payload: { email, password: TEST_PASSWORD },
    });
    const token = login.json().data as string;
    expect((await cryptoDeposit(token)).json().code).toBe('JURISDICTION_DEMO_ONLY');
    expect((await cryptoDeposit(token, { 'x-debug-country': 'MT' })).json().code).toBe(
      'JURISDICTION_DEMO_ONLY',
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/signup',
      payload: {
        name: 'Bad',
        email: uniqueEmail('bad'),
        password: TEST_PASSWORD,
        currency_id: 1,
        country: 'India',
      },
    });
    expect(bad.statusCode).toBe(422);
    // The operator's test accounts keep the sandbox flows outside production.
    const player = await t.modules.players.service.byEmail(email);
    await t.modules.protection.service.markTestAccount(player!.id, true);
    expect((await cryptoDeposit(token)).statusCode).toBe(200);
  });

  it('staff edit the policy table, audited; a blocked country refuses outright', async () => {
    const compliance = await staffMember(t, 'compliance');
    const support = await staffMember(t, 'support');
    const put = (member: typeof compliance, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/jurisdictions/ZZ',
        headers: member.headers,
        payload,
      });
    expect((await put(support, { policy: 'blocked' })).statusCode).toBe(403);
    expect((await put(compliance, { policy: 'blocked', note: 'Test block' })).statusCode).toBe(200);
    const player = await signedInPlayer(t);
    const refused = await cryptoDeposit(player.token, { 'x-debug-country': 'ZZ' });
    expect(refused.json().code).toBe('JURISDICTION_BLOCKED');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jurisdictions',
      headers: compliance.headers,
    });
    expect(list.json().data.find((row: { country: string }) => row.country === 'IN')).toMatchObject(
      { policy: 'demo_only' },
    );
  });
});

describe('responsible gaming', () => {
  it('deposit limits: a lower limit applies at once, a higher one after 24 h; a deposit above it is refused', async () => {
    const player = await signedInPlayer(t);
    const set = await rg(player.token, 'limits', { daily: '100' });
    expect(set.json().data.limits.daily).toBe('100.00');
    expect((await cryptoDeposit(player.token, {}, '60')).statusCode).toBe(200);
    const over = await cryptoDeposit(player.token, {}, '60');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'DEPOSIT_LIMIT',
      message:
        'This deposit would exceed your daily deposit limit. You can deposit up to 40.00 EUR now.',
    });
    const raise = await rg(player.token, 'limits', { daily: '500' });
    expect(raise.json().data.limits.daily).toBe('100.00');
    expect(raise.json().data.pending.limits.daily).toBe('500.00');
    const lower = await rg(player.token, 'limits', { daily: '70' });
    expect(lower.json().data.limits.daily).toBe('70.00');
    expect(lower.json().data.pending).toBeNull();
    // After the cooling-off, a pending raise applies.
    await rg(player.token, 'limits', { daily: '300' });
    await changeBySql(
      t,
      sql`update player_protection set pending_from = now() - interval '1 minute' where player_id = ${player.id}`,
    );
    const later = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/responsible-gaming',
      headers: bearer(player.token),
    });
    expect(later.json().data.limits.daily).toBe('300.00');
    expect((await rg(player.token, 'limits', { daily: '-5' })).statusCode).toBe(422);
  });

  it('concurrent deposits racing a limit: the accepted ones never sum past it (100 rounds)', async () => {
    const player = await signedInPlayer(t);
    await rg(player.token, 'limits', { daily: '100' });
    const gate = t.modules.protection.gate;
    for (let round = 0; round < 100; round++) {
      const references = Array.from({ length: 5 }, (_, i) => `race:${round}:${i}`);
      const results = await Promise.allSettled(
        references.map((reference) =>
          gate.admit({
            ip: '127.0.0.1',
            player_id: player.id,
            action: 'deposit',
            amount_minor: 30_00n,
            currency: 'EUR',
            reference,
          }),
        ),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled').length;
      expect(accepted, `round ${round}`).toBe(3);
      for (const reference of references) await gate.release(reference);
    }
  });

  it('a time-out and a self-exclusion stop real money, cannot be shortened, and still let the player withdraw', async () => {
    const player = await signedInPlayer(t);
    expect((await rg(player.token, 'timeout', { days: 43 })).statusCode).toBe(422);
    const timeout = await rg(player.token, 'timeout', { days: 7 });
    const until = timeout.json().data.timeout_until;
    expect((await cryptoDeposit(player.token)).json().code).toBe('TIMED_OUT');
    expect((await rg(player.token, 'timeout', { days: 1 })).json().data.timeout_until).toBe(until);

    const excluded = await rg(player.token, 'self-exclusion', { months: 6 });
    expect(excluded.json().data.self_excluded).toBe(true);
    expect((await cryptoDeposit(player.token)).json().code).toBe('SELF_EXCLUDED');
    expect((await rg(player.token, 'self-exclusion', { months: 3 })).statusCode).toBe(422);
    await rg(player.token, 'self-exclusion', { months: 'permanent' });
    const support = await staffMember(t, 'support');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players/${player.id}/protection`,
      headers: support.headers,
    });
    expect(view.json().data).toMatchObject({ self_excluded: true, self_excluded_permanent: true });
    expect(
      view
        .json()
        .data.history.map((h: { change: string }) => h.change)
        .join(' | '),
    ).toContain('self-exclusion: permanent');
    // Money out stays open.
    const decision = await t.modules.protection.gate.check({
      ip: '127.0.0.1',
      player_id: player.id,
      action: 'withdrawal',
    });
    expect(decision.allowed).toBe(true);
  });
});
