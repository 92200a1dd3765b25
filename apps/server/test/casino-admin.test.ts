import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './harness.ts';
import { expectLedgerConsistent } from './ledger-support.ts';
import { call, launched } from './provider-support.ts';
import { RELAXED_STAFF_LIMITS, staffMember } from './staff-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
});
afterAll(async () => {
  await expectLedgerConsistent(t.db);
  await t.close();
});

describe('back office: casino games and GGR', () => {
  it('disables, features and reorders a game (audited); the lobby follows', async () => {
    const owner = await staffMember(t, 'owner');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/casino/games',
      headers: owner.headers,
    });
    const jade = list.json().data.find((g: { slug: string }) => g.slug === 'koi-garden');
    expect(jade).toMatchObject({ enabled: true, featured: true, playable: true });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/casino/games/${jade.id}`,
      headers: owner.headers,
      payload: { enabled: false, featured: false, sort_order: 5 },
    });
    expect(update.statusCode, update.body).toBe(200);
    const lobby = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/casino/games?q=koi',
    });
    expect(lobby.json().data.total).toBe(0);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=casino.game.update',
      headers: owner.headers,
    });
    expect(audit.body).toContain('casino.game.update');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/casino/games/999999',
      headers: owner.headers,
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reports GGR and actual vs theoretical RTP from the recorded rounds', async () => {
    const s = await launched(t);
    for (const [i, [stake, win]] of [
      ['2.00', '5.00'],
      ['3.00', '0'],
      ['1.00', '0.50'],
    ].entries()) {
      const round = `admin-r${i}`;
      expect((await s.bet(stake!, { round, txn: `${round}-b` })).status).toBe(200);
      await call(t, 'win', {
        ...s.base,
        round_id: round,
        transaction_id: `${round}-w`,
        amount: win,
        round_closed: true,
      });
    }
    const finance = await staffMember(t, 'finance');
    const today = new Date();
    const from = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/casino/reports/games?from=${from}&to=${to}`,
      headers: finance.headers,
    });
    expect(report.statusCode, report.body).toBe(200);
    const row = report
      .json()
      .data.find(
        (r: { game: string; currency: string }) =>
          r.game === 'lantern-fortune' && r.currency === 'EUR',
      );
    expect(row).toMatchObject({
      rounds: 3,
      stake: '600',
      payout: '550',
      ggr: '50',
      rtp_actual: '91.66',
      rtp_theoretical: '96.01',
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/admin/casino/reports/games?from=${to}&to=${from}`,
      headers: finance.headers,
    });
    expect(bad.statusCode).toBe(422);
    const support = await staffMember(t, 'support');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/admin/casino/reports/games?from=${from}&to=${to}`,
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
