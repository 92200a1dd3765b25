import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { domainEvents } from './outbox-support.ts';
import { call, launched } from './provider-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const ids = () => ({ round: `r-${randomUUID()}`, txn: `t-${randomUUID()}` });

describe('provider API: the happy path', () => {
  it('balance, bet, win and round-end move money through the ledger and answer the balance', async () => {
    const s = await launched(t);
    const balance = await call(t, 'balance', s.base);
    expect(balance).toEqual({
      status: 200,
      body: {
        status: 200,
        code: 'OK',
        balance: '100.00',
        bonus_balance: '0.00',
        currency: 'EUR',
        free_rounds: [],
      },
    });
    const { round, txn } = ids();
    const bet = await s.bet('2.50', { round, txn });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    expect(bet.body.balance).toBe('97.50');
    const win = await call(t, 'win', {
      ...s.base,
      round_id: round,
      transaction_id: `${txn}-w`,
      amount: '10.00',
    });
    expect(win.body).toMatchObject({ status: 200, balance: '107.50' });
    expect(await s.cash()).toBe(107_50n);
    const end = await call(t, 'round-end', {
      player_id: s.base.player_id,
      currency: 'EUR',
      round_id: round,
    });
    expect(end.body).toMatchObject({ status: 200, round_id: round, balance: '107.50' });
    // A closed round takes no more wins.
    const late = await call(t, 'win', {
      ...s.base,
      round_id: round,
      transaction_id: `${txn}-w2`,
      amount: '1.00',
    });
    expect(late.body).toMatchObject({ status: 409, code: 'ROUND_CLOSED', balance: '107.50' });
    expect(await t.modules.ledger.service.houseBalance('wagers', 'EUR', 'lantern')).toMatchObject({
      balance_minor: -7_50n,
    });
  });
});

describe('provider API: bonus wagering', () => {
  it('a closed round is settled once (BetSettled with its net stake, in the game category)', async () => {
    const s = await launched(t);
    const told = async () =>
      (await domainEvents(t.db, 'BetSettled')).filter(
        (e) => e.payload.player_id === s.player.id && e.payload.product === 'provider',
      );
    const { round, txn } = ids();
    await s.bet('4.00', { round, txn });
    await s.bet('1.00', { round, txn: `${txn}-2` });
    await call(t, 'rollback', {
      player_id: s.base.player_id,
      currency: 'EUR',
      round_id: round,
      transaction_id: `${txn}-rb`,
      reference_transaction_id: `${txn}-2`,
    });
    expect(await told()).toHaveLength(0);
    await call(t, 'win', {
      ...s.base,
      round_id: round,
      transaction_id: `${txn}-w`,
      amount: '0',
      round_closed: true,
    });
    await call(t, 'round-end', { player_id: s.base.player_id, currency: 'EUR', round_id: round });
    const events = await told();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      player_id: s.player.id,
      product: 'provider',
      category: 'slots',
      stake_minor: 4_00n,
      payout_minor: 0n,
      currency: 'EUR',
      funding: 'cash',
    });
    expect(events[0]!.payload.bet_ref).toMatch(/^provider-round:\d+$/);
  });
});

describe('provider API: bad input and faults leave the wallet unchanged', () => {
  it('refuses a bad signature', async () => {
    const s = await launched(t);
    const response = await call(
      t,
      'bet',
      { ...s.base, round_id: 'r1', transaction_id: 't1', amount: '1.00' },
      { secret: 'not-the-studio-secret-at-all' },
    );
    expect(response).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    // A body altered after signing fails too.
    const raw = JSON.stringify({ ...s.base, round_id: 'r1', transaction_id: 't1', amount: '1.00' });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/provider/v1/lantern/bet',
      headers: { ...(await import('./provider-support.ts')).sign(raw) },
      payload: raw.replace('1.00', '9.00'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe('INVALID_SIGNATURE');
    expect(await s.cash()).toBe(100_00n);
  });

  it('refuses a replayed request from outside the 5-minute window; a replay inside it moves money once', async () => {
    const s = await launched(t);
    const body = { ...s.base, round_id: 'r-replay', transaction_id: 't-replay', amount: '5.00' };
    const old = String(Date.now() - 6 * 60_000);
    const stale = await call(t, 'bet', body, { timestamp: old });
    expect(stale).toMatchObject({ status: 401, body: { code: 'STALE_REQUEST' } });
    expect(await s.cash()).toBe(100_00n);
    const first = await call(t, 'bet', body);
    const again = await call(t, 'bet', body);
    expect(first.body.balance).toBe('95.00');
    expect(again).toMatchObject({
      status: 200,
      body: { balance: '95.00', transaction_id: 't-replay' },
    });
    expect(await s.cash()).toBe(95_00n);
  });

  it('refuses a duplicate transaction id with a different amount', async () => {
    const s = await launched(t);
    const { round, txn } = ids();
    expect((await s.bet('3.00', { round, txn })).status).toBe(200);
    const duplicate = await s.bet('4.00', { round, txn });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_TRANSACTION', balance: '97.00' },
    });
    expect(await s.cash()).toBe(97_00n);
  });

  it('refuses a win before its bet (an unknown round)', async () => {
    const s = await launched(t);
    const win = await call(t, 'win', {
      ...s.base,
      round_id: 'never-bet',
      transaction_id: 'w-early',
      amount: '50.00',
    });
    expect(win).toMatchObject({
      status: 404,
      body: { code: 'ROUND_NOT_FOUND', balance: '100.00' },
    });
    expect(await s.cash()).toBe(100_00n);
  });

  it('rolls a bet back once: the same rollback again answers the same, another rollback is refused', async () => {
    const s = await launched(t);
    const { round, txn } = ids();
    await s.bet('8.00', { round, txn });
    const rollback = {
      player_id: s.base.player_id,
      currency: 'EUR',
      round_id: round,
      transaction_id: `${txn}-rb`,
      reference_transaction_id: txn,
    };
    const first = await call(t, 'rollback', rollback);
    expect(first.body).toMatchObject({ status: 200, balance: '100.00' });
    const same = await call(t, 'rollback', rollback);
    expect(same.body).toMatchObject({ status: 200, balance: '100.00' });
    const second = await call(t, 'rollback', { ...rollback, transaction_id: `${txn}-rb2` });
    expect(second).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_ROLLED_BACK', balance: '100.00' },
    });
    // The rolled-back id cannot be bet again.
    const rebet = await s.bet('8.00', { round, txn });
    expect(rebet).toMatchObject({ status: 409, body: { code: 'TRANSACTION_ROLLED_BACK' } });
    expect(await s.cash()).toBe(100_00n);
  });

  it('remembers a rollback of a bet that never arrived and refuses the late bet', async () => {
    const s = await launched(t);
    const { round, txn } = ids();
    const rollback = await call(t, 'rollback', {
      player_id: s.base.player_id,
      currency: 'EUR',
      round_id: round,
      transaction_id: `${txn}-rb`,
      reference_transaction_id: txn,
    });
    expect(rollback.body).toMatchObject({ status: 200, balance: '100.00' });
    const late = await s.bet('6.00', { round, txn });
    expect(late).toMatchObject({
      status: 409,
      body: { code: 'TRANSACTION_ROLLED_BACK', balance: '100.00' },
    });
    expect(await s.cash()).toBe(100_00n);
  });

  it('refuses a bet larger than the balance', async () => {
    const s = await launched(t, 5_00n);
    const bet = await s.bet('5.01');
    expect(bet).toMatchObject({
      status: 409,
      body: { code: 'INSUFFICIENT_FUNDS', balance: '5.00' },
    });
    expect(await s.cash()).toBe(5_00n);
  });

  it('refuses an amount with more decimals than the currency has', async () => {
    const s = await launched(t);
    const bet = await s.bet('1.005');
    expect(bet).toMatchObject({ status: 422, body: { code: 'INVALID_AMOUNT', balance: '100.00' } });
    expect(String(bet.body.message)).toContain('2 decimals');
    const negative = await s.bet('-1.00');
    expect(negative.body.code).toBe('INVALID_AMOUNT');
    expect(await s.cash()).toBe(100_00n);
  });

  it('refuses an unknown player, session or currency', async () => {
    const s = await launched(t);
    const unknownPlayer = await call(t, 'bet', {
      ...s.base,
      player_id: '999999999',
      round_id: 'r',
      transaction_id: 'tp',
      amount: '1.00',
    });
    expect(unknownPlayer).toMatchObject({ status: 404, body: { code: 'UNKNOWN_PLAYER' } });
    const unknownSession = await call(t, 'bet', {
      ...s.base,
      session_token: 'gs_forged',
      round_id: 'r',
      transaction_id: 'ts',
      amount: '1.00',
    });
    expect(unknownSession).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_SESSION', balance: '100.00' },
    });
    const other = await launched(t);
    const someoneElses = await call(t, 'bet', {
      ...s.base,
      session_token: other.token,
      round_id: 'r',
      transaction_id: 'to',
      amount: '1.00',
    });
    expect(someoneElses.body.code).toBe('UNKNOWN_SESSION');
    const wrongCurrency = await call(t, 'bet', {
      ...s.base,
      currency: 'INR',
      round_id: 'r',
      transaction_id: 'tc',
      amount: '1.00',
    });
    expect(wrongCurrency).toMatchObject({
      status: 422,
      body: { code: 'WRONG_CURRENCY', balance: '100.00' },
    });
    const unknownProvider = await t.app.inject({
      method: 'POST',
      url: '/api/provider/v1/nobody/balance',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unknownProvider.json().code).toBe('UNKNOWN_PROVIDER');
    expect(await s.cash()).toBe(100_00n);
    expect(await other.cash()).toBe(100_00n);
  });

  it('refuses a bet on an expired session but still pays the win of an open round', async () => {
    const s = await launched(t);
    const { round, txn } = ids();
    await s.bet('1.00', { round, txn });
    await t.db
      .withTables<{ casino_game_sessions: { expires_at: Date } }>()
      .updateTable('casino_game_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const bet = await s.bet('1.00');
    expect(bet.body.code).toBe('SESSION_EXPIRED');
    const win = await call(t, 'win', {
      ...s.base,
      round_id: round,
      transaction_id: `${txn}-w`,
      amount: '3.00',
      round_closed: true,
    });
    expect(win.body).toMatchObject({ status: 200, balance: '102.00' });
  });

  it('two concurrent bets that together exceed the balance: exactly one succeeds', async () => {
    for (let i = 0; i < 5; i++) {
      const s = await launched(t, 10_00n);
      const results = await Promise.all([s.bet('7.00'), s.bet('6.00')]);
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(results.find((r) => r.status !== 200)!.body.code).toBe('INSUFFICIENT_FUNDS');
      const expected = ok[0]!.body.balance === '3.00' ? 3_00n : 4_00n;
      expect(await s.cash()).toBe(expected);
    }
  });

  it('the player-protection gate decides on the player, not the studio: demo-only countries are refused', async () => {
    const player = await signedInPlayer(t);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init',
      headers: { ...bearer(player.token), 'x-debug-country': 'IN' },
      payload: { game: 'lantern-fortune' },
    });
    expect(init.statusCode).toBe(403);
    expect(init.json().code).toBe('JURISDICTION_DEMO_ONLY');
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/games-init-demo',
      headers: { 'x-debug-country': 'IN' },
      payload: { game: 'lantern-fortune' },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().data).toMatchObject({ mode: 'demo', currency: 'FUN', embed: true });
    expect(demo.json().data.launch_url).toMatch(/^\/studio\/lantern\/\?mode=demo&token=demo_/);
  });
});

describe('provider API: the game’s bet range', () => {
  it('refuses a stake outside the catalogue’s range with the range named; nothing moves', async () => {
    const s = await launched(t);
    for (const amount of ['0.05', '100.01']) {
      const refused = await s.bet(amount);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'BET_OUT_OF_RANGE',
        message: 'Bets on this game are 0.10 to 100.00 EUR',
        balance: '100.00',
      });
    }
    expect(await s.cash()).toBe(100_00n);
    expect((await s.bet('0.10')).status).toBe(200);
  });
});
