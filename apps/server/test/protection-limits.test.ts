import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, changeBySql, signedInPlayer, type TestApp, testApp } from './harness.ts';
import {
  bet,
  expectLedgerConsistent,
  key,
  deposit as ledgerDeposit,
  SYSTEM,
  WAGERS,
} from './ledger-support.ts';

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

const rg = (token: string, path: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/responsible-gaming/${path}`,
    headers: bearer(token),
    payload,
  });
const status = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/responsible-gaming',
      headers: bearer(token),
    })
  ).json().data;
const dice = (token: string, amount: string, idempotency_key = key('dice')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/casino/originals/dice/bet',
    headers: bearer(token),
    payload: { amount, target: '50', direction: 'over', idempotency_key },
  });
const win = (player_id: bigint, amount_minor: bigint) =>
  t.modules.ledger.service.transfer({
    idempotency_key: key('win'),
    debit: WAGERS,
    credit: { player_id, wallet: 'cash' },
    amount_minor,
    currency: 'EUR',
    reason_code: 'win',
    object: { type: 'bet', id: key('bet') },
    actor: SYSTEM,
  });
const stake = (player_id: bigint, amount_minor: bigint, reference: string) =>
  t.modules.protection.gate.admit({
    ip: '127.0.0.1',
    player_id,
    action: 'casino_bet',
    amount_minor,
    currency: 'EUR',
    reference,
  });
const refusals = async (player_id: bigint) =>
  (
    await sql<{ code: string }>`
      select metadata->>'code' as code from audit_log
       where action = 'protection.refused' and target_id = ${player_id.toString()} order by id`.execute(
      t.db,
    )
  ).rows.map((row) => row.code);

describe('loss and wager limits (checked by the gate on every bet)', () => {
  it('a bet over the loss limit is refused with the reason: nothing moved, audited', async () => {
    const player = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 500_00n);
    const saved = await rg(player.token, 'limits', { loss: { daily: '50' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.loss_limits.daily).toBe('50.00');

    const refused = await dice(player.token, '60');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LOSS_LIMIT');
    expect(refused.json().message).toBe(
      'This bet could take you past your daily loss limit. You can stake up to 50.00 EUR now.',
    );
    const bets = await sql<{
      n: string;
    }>`select count(*) as n from casino_bets where player_id = ${player.id}`.execute(t.db);
    expect(Number(bets.rows[0]!.n)).toBe(0);
    const balance = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    expect(balance.cash.balance_minor).toBe(500_00n);
    expect(await refusals(player.id)).toEqual(['LOSS_LIMIT']);

    // Wins come back off the loss: 30 staked, 20 won → 10 lost, 40 left of 50.
    await stake(player.id, 30_00n, 'loss:1');
    await bet(t.modules.ledger.service, player.id, 30_00n);
    await win(player.id, 20_00n);
    await expect(stake(player.id, 41_00n, 'loss:2')).rejects.toMatchObject({ code: 'LOSS_LIMIT' });
    await stake(player.id, 40_00n, 'loss:3');
    await expect(stake(player.id, 1n, 'loss:4')).rejects.toMatchObject({ code: 'LOSS_LIMIT' });
    // A refused bet gives its count back.
    await t.modules.protection.gate.release('loss:3');
    await stake(player.id, 40_00n, 'loss:5');
  });

  it('the wager limit counts every stake; French players read the refusal in French', async () => {
    const player = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 500_00n);
    // Stakes before the limit count too (the window is rolling): the ledger has them.
    await bet(t.modules.ledger.service, player.id, 70_00n);
    await rg(player.token, 'limits', { wager: { weekly: '100' } });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/casino/originals/dice/bet',
      headers: { ...bearer(player.token), 'accept-language': 'fr' },
      payload: { amount: '31', target: '50', direction: 'over', idempotency_key: key('dice') },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('WAGER_LIMIT');
    expect(refused.json().message).toBe(
      'Ce pari dépasserait votre limite de mises hebdomadaire. Vous pouvez miser jusqu’à 30.00 EUR maintenant.',
    );
    const allowed = await dice(player.token, '30');
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('concurrent bets racing a wager limit: the accepted ones never sum past it (100 rounds)', async () => {
    const player = await signedInPlayer(t);
    await rg(player.token, 'limits', { wager: { daily: '100' } });
    const gate = t.modules.protection.gate;
    for (let round = 0; round < 100; round++) {
      const references = Array.from({ length: 5 }, (_, i) => `wrace:${round}:${i}`);
      const results = await Promise.allSettled(
        references.map((reference) => stake(player.id, 30_00n, reference)),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled').length;
      expect(accepted, `round ${round}`).toBe(3);
      for (const reference of references) await gate.release(reference);
    }
  });

  it('concurrent bets racing a loss limit: the accepted ones never sum past it (100 rounds)', async () => {
    const player = await signedInPlayer(t);
    await rg(player.token, 'limits', { loss: { daily: '100' } });
    const gate = t.modules.protection.gate;
    for (let round = 0; round < 100; round++) {
      const references = Array.from({ length: 6 }, (_, i) => `lrace:${round}:${i}`);
      const results = await Promise.allSettled(
        references.map((reference) => stake(player.id, 25_00n, reference)),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled').length;
      expect(accepted, `round ${round}`).toBe(4);
      for (const reference of references) await gate.release(reference);
    }
  });

  it('a lower limit applies at once, a higher one or a removal after 24 h; bad values are 422', async () => {
    const player = await signedInPlayer(t);
    await rg(player.token, 'limits', {
      loss: { weekly: '200' },
      wager: { monthly: '1000' },
      session_limit_minutes: 60,
      reality_check_minutes: 30,
    });
    const raised = await rg(player.token, 'limits', {
      loss: { weekly: '500' },
      wager: { monthly: null },
      session_limit_minutes: 30,
      reality_check_minutes: 60,
    });
    const data = raised.json().data;
    expect(data.loss_limits.weekly).toBe('200.00');
    expect(data.wager_limits.monthly).toBe('1000.00');
    expect(data.session_limit_minutes).toBe(30);
    expect(data.reality_check_minutes).toBe(30);
    expect(data.pending.limits).toEqual({
      loss_weekly: '500.00',
      wager_monthly: null,
      reality_check_minutes: '60',
    });
    // After the cooling-off the raises apply.
    await changeBySql(
      t,
      sql`update player_protection set pending_from = now() - interval '1 minute' where player_id = ${player.id}`,
    );
    const later = await status(player.token);
    expect(later.loss_limits.weekly).toBe('500.00');
    expect(later.wager_limits.monthly).toBeNull();
    expect(later.reality_check_minutes).toBe(60);
    expect(later.pending).toBeNull();

    for (const body of [
      { loss: { daily: '0' } },
      { wager: { daily: 'ten' } },
      { session_limit_minutes: 2 },
      { reality_check_minutes: 1000 },
    ]) {
      const bad = await rg(player.token, 'limits', body);
      expect([400, 422], JSON.stringify(body)).toContain(bad.statusCode);
      expect(bad.json().message).toBeTruthy();
    }
    const history = await t.modules.protection.service.playerProtection(player.id);
    expect(history.history.length).toBeGreaterThanOrEqual(2);
  });
});

describe('session time limit, reality check, marketing', () => {
  it('plays are refused once the session has lasted its limit; the reality check reports the session', async () => {
    const player = await signedInPlayer(t);
    await ledgerDeposit(t.modules.ledger.service, player.id, 100_00n);
    await rg(player.token, 'limits', { session_limit_minutes: 5, reality_check_minutes: 15 });
    await bet(t.modules.ledger.service, player.id, 12_00n);
    await win(player.id, 5_00n);
    const figures = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/responsible-gaming/session',
      headers: bearer(player.token),
    });
    expect(figures.statusCode).toBe(200);
    expect(figures.json().data).toMatchObject({
      currency: 'EUR',
      staked: '12.00',
      returned: '5.00',
      net: '-7.00',
      reality_check_minutes: 15,
      session_limit_minutes: 5,
      minutes_played: 0,
    });
    expect((await dice(player.token, '1')).statusCode).toBe(200);

    // Six minutes into the session: the limit has been reached.
    await sql`update player_sessions set created_at = now() - interval '6 minutes' where player_id = ${player.id}`.execute(
      t.db,
    );
    const refused = await dice(player.token, '1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SESSION_LIMIT');
    expect(refused.json().message).toMatch(/session time limit of 5 minutes/);
    const later = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/responsible-gaming/session',
      headers: bearer(player.token),
    });
    expect(later.json().data.minutes_played).toBe(6);
  });

  it('staff cannot shorten a self-exclusion either', async () => {
    const player = await signedInPlayer(t);
    await rg(player.token, 'self-exclusion', { months: 12 });
    const before = (await status(player.token)).self_excluded_until;
    expect(before).toBeTruthy();
    await t.modules.protection.service.selfExclude(player.id, 6, {
      type: 'staff',
      id: 1n,
      role: 'admin',
    } as never);
    expect((await status(player.token)).self_excluded_until).toBe(before);
  });

  it('marketing stops on opt-out and during self-exclusion', async () => {
    const protection = t.modules.protection.service;
    const player = await signedInPlayer(t);
    expect(await protection.mayMarketTo(player.id)).toBe(true);
    const out = await rg(player.token, 'marketing', { opt_out: true });
    expect(out.json().data.marketing_opt_out).toBe(true);
    expect(await protection.mayMarketTo(player.id)).toBe(false);
    await rg(player.token, 'marketing', { opt_out: false });
    expect(await protection.mayMarketTo(player.id)).toBe(true);
    await rg(player.token, 'self-exclusion', { months: 6 });
    expect(await protection.mayMarketTo(player.id)).toBe(false);
  });
});
