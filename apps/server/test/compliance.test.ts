import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  changeBySql,
  signedInPlayer,
  TEST_PASSWORD,
  type TestApp,
  testApp,
} from './harness.ts';
import { bet, expectLedgerConsistent, deposit as ledgerDeposit } from './ledger-support.ts';
import { deliver, eventBody, form, pendingDeposit } from './payments-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

let t: TestApp;
let officer: StaffMember;
beforeAll(async () => {
  t = await testApp({ staffLimits: RELAXED_STAFF_LIMITS });
  officer = await staffMember(t, 'compliance');
});
afterEach(async () => {
  await expectLedgerConsistent(t.db);
});
afterAll(async () => {
  await t.close();
});

const admin = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  who: StaffMember = officer,
) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

/** A credited sandbox deposit (the gateway's signed webhook credits it). */
async function creditedDeposit(token: string, amount: string) {
  const created = await pendingDeposit(t, token, amount);
  const response = await deliver(t, eventBody(created.provider_reference, 'approved', amount));
  expect(response.statusCode, response.body).toBe(200);
  return created.id;
}

/** The player's alerts, once the rules have run on every event so far (the outbox). */
const alertsOf = async (player_id: bigint) => {
  await t.modules.outbox.drain();
  return (await admin('GET', `/compliance/alerts?player_id=${player_id}`)).json().data
    .alerts as Array<{
    id: string;
    rule_code: string;
    status: string;
    summary: string;
    evidence: Record<string, unknown>;
  }>;
};

const auditCount = async (action: string, target_id: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from audit_log where action = ${action} and target_id = ${target_id}`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

function withdraw(token: string, fields: Record<string, string>) {
  const multipart = form(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/withdraw/create',
    headers: { ...bearer(token), ...multipart.headers },
    payload: multipart.payload,
  });
}
const bankWithdrawal = (amount: string, acc_number = 'NL91ABNA0417164300') => ({
  amount,
  currency: '1',
  payment_gateway: '4',
  bank_name: 'ING',
  acc_name: 'Test Player',
  acc_number,
});

async function verifiedPlayer(balance_minor = 0n) {
  const player = await signedInPlayer(t);
  await changeBySql(t, sql`update players set kyc_status = 'APPROVED' where id = ${player.id}`);
  if (balance_minor > 0n) await ledgerDeposit(t.modules.ledger.service, player.id, balance_minor);
  return player;
}

describe('structuring and the case workflow', () => {
  it('three deposits just under the threshold within a day raise one alert with the evidence', async () => {
    const player = await signedInPlayer(t);
    await creditedDeposit(player.token, '1900');
    await creditedDeposit(player.token, '500'); // outside the band: not evidence
    await creditedDeposit(player.token, '1950');
    expect(await alertsOf(player.id)).toEqual([]);
    await creditedDeposit(player.token, '1990');
    const alerts = await alertsOf(player.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.rule_code).toBe('structuring');
    expect(alerts[0]!.status).toBe('open');
    const evidence = alerts[0]!.evidence as { deposits: Array<{ amount: string }>; total: string };
    expect(evidence.deposits.map((d) => d.amount)).toEqual([
      '1900.00 EUR',
      '1950.00 EUR',
      '1990.00 EUR',
    ]);
    expect(evidence.total).toBe('5840.00 EUR');
    expect(await auditCount('compliance.alert', player.id.toString())).toBe(1);

    // The same evidence never raises twice (a sweep re-runs every rule).
    await t.modules.compliance.service.sweep(new Date(Date.now() - 3_600_000));
    await t.modules.compliance.service.evaluate(player.id);
    expect(await alertsOf(player.id)).toHaveLength(1);
    // More evidence joins the open case instead of a second alert.
    await creditedDeposit(player.token, '1980');
    // The rules run on the deposit's event, delivered after its commit: wait for it to join.
    await expect
      .poll(
        async () =>
          ((await alertsOf(player.id))[0]!.evidence as { deposits: unknown[] }).deposits.length,
      )
      .toBe(4);
    expect(await alertsOf(player.id)).toHaveLength(1);
  });

  it('a case moves open → investigating → reported with notes; closing needs a note; closed stays closed', async () => {
    const player = await signedInPlayer(t);
    for (const amount of ['1850', '1860', '1870']) await creditedDeposit(player.token, amount);
    const [alert] = await alertsOf(player.id);
    expect(alert).toBeDefined();
    const id = alert!.id;

    const noNote = await admin('POST', `/compliance/alerts/${id}/status`, { status: 'cleared' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().message).toMatch(/note is required/);

    const investigating = await admin('POST', `/compliance/alerts/${id}/status`, {
      status: 'investigating',
    });
    expect(investigating.statusCode, investigating.body).toBe(200);
    expect(investigating.json().data.alert.status).toBe('investigating');
    expect(investigating.json().data.alert.assigned_to).toBe(officer.id.toString());

    const note = await admin('POST', `/compliance/alerts/${id}/notes`, {
      body: 'Asked for payslips',
    });
    expect(note.statusCode).toBe(200);
    const empty = await admin('POST', `/compliance/alerts/${id}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(422);

    const reported = await admin('POST', `/compliance/alerts/${id}/status`, {
      status: 'reported',
      note: 'SAR filed with the FIU',
    });
    expect(reported.statusCode).toBe(200);
    const view = reported.json().data;
    expect(view.alert.status).toBe('reported');
    expect(view.notes.map((n: { body: string }) => n.body)).toEqual([
      'Status: investigating',
      'Asked for payslips',
      'SAR filed with the FIU',
    ]);
    expect(view.notes[2].status_to).toBe('reported');

    const reopen = await admin('POST', `/compliance/alerts/${id}/status`, {
      status: 'investigating',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('A case that is reported cannot become investigating');
    expect(await auditCount('compliance.case', id)).toBe(2);
    expect(await auditCount('compliance.note', id)).toBe(1);

    const missing = await admin('GET', '/compliance/alerts/999999999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('rules are data', () => {
  it('thresholds per currency are edited in the back office (audited) and apply at once', async () => {
    const bad = await admin('PUT', '/compliance/rules/large_amount', {
      thresholds: { EUR: '12.345' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/thresholds.EUR/);
    const unknown = await admin('PUT', '/compliance/rules/nope', { enabled: false });
    expect(unknown.statusCode).toBe(422);

    const before = (await admin('GET', '/compliance/rules')).json().data as Array<{
      code: string;
      thresholds: Record<string, string>;
    }>;
    const large = before.find((rule) => rule.code === 'large_amount')!;
    expect(large.thresholds.EUR).toBe('2000.00');

    const player = await signedInPlayer(t);
    await creditedDeposit(player.token, '700');
    expect((await alertsOf(player.id)).filter((a) => a.rule_code === 'large_amount')).toEqual([]);

    const saved = await admin('PUT', '/compliance/rules/large_amount', {
      thresholds: { ...large.thresholds, EUR: '600' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.thresholds.EUR).toBe('600.00');
    expect(await auditCount('compliance.rule', 'large_amount')).toBeGreaterThanOrEqual(1);

    await creditedDeposit(player.token, '650');
    const alerts = (await alertsOf(player.id)).filter((a) => a.rule_code === 'large_amount');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.summary).toMatch(/650.00 EUR/);

    // A support agent cannot read the queue; risk reads but cannot change rules or cases.
    const support = await staffMember(t, 'support');
    expect((await admin('GET', '/compliance/alerts', undefined, support)).statusCode).toBe(403);
    const risk = await staffMember(t, 'risk');
    expect((await admin('GET', '/compliance/alerts', undefined, risk)).statusCode).toBe(200);
    expect(
      (await admin('PUT', '/compliance/rules/large_amount', { enabled: false }, risk)).statusCode,
    ).toBe(403);
    await admin('PUT', '/compliance/rules/large_amount', { thresholds: large.thresholds });
  });

  it('deposit then withdrawal with little play; rapid payout changes; one instrument, many accounts', async () => {
    const player = await verifiedPlayer();
    await creditedDeposit(player.token, '300');
    await bet(t.modules.ledger.service, player.id, 10_00n); // 3 % of the deposit
    const first = await withdraw(player.token, bankWithdrawal('50', 'NL91ABNA0417164300'));
    expect(first.statusCode, first.body).toBe(200);
    await withdraw(player.token, bankWithdrawal('50', 'DE89370400440532013000'));
    await withdraw(player.token, bankWithdrawal('50', 'GB29NWBK60161331926819'));
    const other = await verifiedPlayer(100_00n);
    expect(
      (await withdraw(other.token, bankWithdrawal('20', 'NL91ABNA0417164300'))).statusCode,
    ).toBe(200);
    await t.modules.compliance.service.sweep(new Date(Date.now() - 60_000));
    const rules = (await alertsOf(player.id)).map((a) => a.rule_code).sort();
    expect(rules).toEqual(['deposit_withdraw_little_play', 'payout_changes', 'shared_instrument']);
    const little = (await alertsOf(player.id)).find(
      (a) => a.rule_code === 'deposit_withdraw_little_play',
    )!;
    expect(little.evidence.played).toBe('10.00 EUR');
    expect(little.evidence.deposited).toBe('300.00 EUR');
    const shared = (await alertsOf(other.id)).find((a) => a.rule_code === 'shared_instrument')!;
    expect(shared.evidence.instrument).toBe('NL91ABNA0417164300');

    // Enough play: no alert for a player who bet most of the deposit.
    const player2 = await verifiedPlayer();
    await creditedDeposit(player2.token, '300');
    await bet(t.modules.ledger.service, player2.id, 200_00n);
    expect(
      (await withdraw(player2.token, bankWithdrawal('50', 'FR1420041010050500013M02606')))
        .statusCode,
    ).toBe(200);
    await t.modules.compliance.service.evaluate(player2.id);
    expect(await alertsOf(player2.id)).toEqual([]);
  });

  it('many accounts signed in from one public address', async () => {
    const players = [];
    for (let i = 0; i < 3; i += 1) {
      const player = await signedInPlayer(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/login',
        remoteAddress: '203.0.113.77',
        payload: { email: player.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      players.push(player);
    }
    await t.modules.compliance.service.evaluate(players[2]!.id);
    const [alert] = (await alertsOf(players[2]!.id)).filter(
      (a) => a.rule_code === 'shared_address',
    );
    expect(alert).toBeDefined();
    expect(alert!.evidence.ip).toBe('203.0.113.77');
    expect((alert!.evidence.accounts as unknown[]).length).toBe(3);
    // Loopback (every local request) is never evidence.
    await t.modules.compliance.service.evaluate(players[0]!.id);
    const loopback = (await alertsOf(players[0]!.id)).filter(
      (a) => a.rule_code === 'shared_address' && a.evidence.ip !== '203.0.113.77',
    );
    expect(loopback).toEqual([]);
  });
});

describe('freezing withdrawals (through the gate)', () => {
  it('a frozen player cannot withdraw by bank or crypto: refused with the reason, nothing held, audited', async () => {
    const player = await verifiedPlayer(500_00n);
    const freeze = await admin('POST', `/compliance/players/${player.id}/freeze`, {
      frozen: true,
      reason: 'structuring review',
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    expect(freeze.json().data.withdrawals_frozen).toBe(true);

    const bank = await withdraw(player.token, bankWithdrawal('10'));
    expect(bank.statusCode).toBe(403);
    expect(bank.json().code).toBe('WITHDRAWALS_FROZEN');
    expect(bank.json().message).toMatch(/compliance team/);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/crypto/withdraw/create',
      headers: { ...bearer(player.token), 'accept-language': 'fr' },
      payload: {
        currency: '12',
        amount: '10',
        converted_amount: '0.0001',
        payment_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      },
    });
    expect(crypto.statusCode).toBe(403);
    expect(crypto.json().code).toBe('WITHDRAWALS_FROZEN');
    expect(crypto.json().message).toMatch(/équipe conformité/);
    const rows = await sql<{ n: string }>`
      select (select count(*) from payments where player_id = ${player.id} and direction = 'withdrawal')
           + (select count(*) from crypto_withdrawals where player_id = ${player.id}) as n`.execute(
      t.db,
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const balances = await t.modules.ledger.service.playerBalances(player.id, 'EUR');
    expect(balances.cash).toEqual({ balance_minor: 500_00n, reserved_minor: 0n });
    const refusals = await sql<{ code: string }>`
      select metadata->>'code' as code from audit_log
       where action = 'protection.refused' and target_id = ${player.id.toString()}`.execute(t.db);
    expect(refusals.rows.map((r) => r.code)).toEqual(['WITHDRAWALS_FROZEN', 'WITHDRAWALS_FROZEN']);
    expect(await auditCount('compliance.freeze', player.id.toString())).toBe(1);

    // Play is not stopped by a withdrawal freeze; unfreezing opens withdrawals again.
    const unfreeze = await admin('POST', `/compliance/players/${player.id}/freeze`, {
      frozen: false,
      reason: 'cleared',
    });
    expect(unfreeze.json().data.withdrawals_frozen).toBe(false);
    expect((await withdraw(player.token, bankWithdrawal('10'))).statusCode).toBe(200);
    const history = (await admin('GET', `/players/${player.id}/protection`)).json().data.history;
    expect(history.map((h: { change: string }) => h.change)).toEqual([
      'withdrawals unfrozen: cleared',
      'withdrawals frozen: structuring review',
    ]);
  });

  it('a source-of-funds request shows to the player, who answers it; one open request at a time', async () => {
    const player = await signedInPlayer(t);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/compliance',
      headers: bearer(player.token),
    });
    expect(none.json().data).toEqual({ withdrawals_frozen: false, source_of_funds: null });
    const answerFirst = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/compliance/source-of-funds',
      headers: bearer(player.token),
      payload: { response: 'Salary' },
    });
    expect(answerFirst.statusCode).toBe(404);

    const asked = await admin('POST', `/compliance/players/${player.id}/source-of-funds`, {
      message: 'Please tell us where your deposits come from.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const again = await admin('POST', `/compliance/players/${player.id}/source-of-funds`, {
      message: 'Again',
    });
    expect(again.statusCode).toBe(409);

    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/compliance',
      headers: bearer(player.token),
    });
    expect(shown.json().data.source_of_funds.message).toBe(
      'Please tell us where your deposits come from.',
    );
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/compliance/source-of-funds',
      headers: bearer(player.token),
      payload: { response: 'My salary as a nurse' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.source_of_funds.status).toBe('answered');
    const view = (await admin('GET', `/compliance/players/${player.id}`)).json().data;
    expect(view.source_of_funds[0].response).toBe('My salary as a nurse');
    const closed = await admin('POST', `/compliance/players/${player.id}/source-of-funds/close`);
    expect(closed.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/customer/compliance',
          headers: bearer(player.token),
        })
      ).json().data.source_of_funds,
    ).toBeNull();
  });
});
