import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/cashier/index.ts';
import { KYC_FILE_BYTES_MAX, KYC_SIGNATURE_HEADER } from '../src/modules/kyc/index.ts';
import { bearer, signedInPlayer, type TestApp, testApp } from './harness.ts';
import { deposit as ledgerDeposit } from './ledger-support.ts';
import { form } from './payments-support.ts';
import { RELAXED_STAFF_LIMITS, type StaffMember, staffMember } from './staff-helpers.ts';

const CALLBACK_SECRET = 'kyc-callback-secret-for-tests';

// Real file headers (magic bytes) followed by filler: what the server sniffs.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(1500),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8 '),
  randomBytes(800),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Part = { name: string; filename: string; type: string; bytes: Buffer };

/** multipart/form-data with files, as the browser's FormData sends it. */
function multipart(fields: Record<string, string>, files: Part[]) {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
let dataDir: string;
let compliance: StaffMember;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kyc-test-'));
  t = await testApp({
    staffLimits: RELAXED_STAFF_LIMITS,
    env: { DATA_DIR: dataDir, KYC_VENDOR: 'acme', KYC_CALLBACK_SECRET: CALLBACK_SECRET },
  });
  compliance = await staffMember(t, 'compliance');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'kyc');
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(
    () => [],
  )) {
    if (entry.isFile()) found.push(entry.name);
  }
  return found;
}

/** Presses Verify: the session token from the redirect. */
async function start(token: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/kyc-verification',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { status: number; message: string; redirect: string };
  const url = new URL(body.redirect);
  return { body, session: url.searchParams.get('session') ?? '' };
}

function upload(session: string, fields: Record<string, string>, files: Part[]) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/kyc/sessions/${session}/documents`,
    headers: body.headers,
    payload: body.payload,
  });
}

const documentPart = (bytes: Buffer, filename = 'passport.jpg', type = 'image/jpeg'): Part => ({
  name: 'document',
  filename,
  type,
  bytes,
});
const selfiePart = (bytes: Buffer, filename = 'selfie.png', type = 'image/png'): Part => ({
  name: 'selfie',
  filename,
  type,
  bytes,
});

async function kycStatus(player_id: bigint) {
  const row = await sql<{ kyc_status: string | null }>`
    select kyc_status from players where id = ${player_id}`.execute(t.db);
  return row.rows[0]?.kyc_status ?? null;
}

async function documentRows(player_id: bigint) {
  const rows = await sql<{ n: string }>`
    select count(*) as n from kyc_documents d join kyc_verifications v on v.id = d.verification_id
    where v.player_id = ${player_id}`.execute(t.db);
  return Number(rows.rows[0]!.n);
}

function withdraw(token: string, amount = '10') {
  const body = form({
    amount,
    currency: '1',
    payment_gateway: '4',
    bank_name: 'ING',
    acc_name: 'Demo Player',
    acc_number: 'NL91ABNA0417164300',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/withdraw/create',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A crypto (BTC) withdrawal: the crypto module reads the same KYC state. */
function cryptoWithdraw(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/crypto/withdraw/create',
    headers: bearer(token),
    payload: {
      currency: '12',
      amount: '10',
      converted_amount: '0.0001',
      payment_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    },
  });
}

async function pendingSubmission() {
  const player = await signedInPlayer(t);
  const { session } = await start(player.token);
  const response = await upload(session, { document_type: 'passport' }, [
    documentPart(JPEG),
    selfiePart(PNG),
  ]);
  expect(response.statusCode, response.body).toBe(200);
  const row = await sql<{ public_id: string }>`
    select public_id from kyc_verifications where player_id = ${player.id} and status = 'PENDING'`.execute(
    t.db,
  );
  return { player, session, id: row.rows[0]!.public_id };
}

describe('POST /customer/kyc-verification (spec §7)', () => {
  it('answers status, message and a redirect to the Verification page', async () => {
    const player = await signedInPlayer(t);
    const { body, session } = await start(player.token);
    expect(body.status).toBe(200);
    expect(body.message).toBeTruthy();
    expect(body.redirect).toMatch(/^http:\/\/casino\.test\/verification\?session=[\w-]{43}$/);
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/kyc/sessions/${session}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({
      status: 'started',
      expired: false,
      document_types: ['passport', 'national_id', 'driving_licence'],
      file_bytes_max: KYC_FILE_BYTES_MAX,
    });
    // The player has no state until documents are in.
    expect(await kycStatus(player.id)).toBeNull();
  });

  it('is in the OpenAPI document, with the upload and the callback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    for (const path of [
      '/api/v1/customer/kyc-verification',
      '/api/v1/customer/kyc-verification/callback',
      '/api/v1/kyc/sessions/{token}/documents',
      '/api/admin/kyc/{id}/reject',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('needs the bearer token; an unknown link is a 404', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/kyc-verification',
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kyc/sessions/${'a'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This verification link is not valid.');
  });
});

describe('uploads: checked by content and size, nothing stored on refusal', () => {
  it('refuses a .jpg that is really text with 415 and stores nothing', async () => {
    const player = await signedInPlayer(t);
    const { session } = await start(player.token);
    const before = await storedFiles();
    const response = await upload(session, { document_type: 'passport' }, [
      documentPart(Buffer.from('this is not a photo, just text pretending to be one\n')),
      selfiePart(PNG),
    ]);
    expect(response.statusCode).toBe(415);
    // The code clients know for a bad field, at the status HTTP gives the reason.
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The ID document must be a JPEG, PNG or WebP photo or a PDF.',
      errors: [{ path: 'document' }],
    });
    // A PDF is a document, not a selfie.
    const pdfSelfie = await upload(session, { document_type: 'passport' }, [
      documentPart(PDF, 'id.pdf', 'application/pdf'),
      selfiePart(PDF, 'selfie.jpg', 'image/jpeg'),
    ]);
    expect(pdfSelfie.statusCode).toBe(415);
    expect(pdfSelfie.json().message).toBe('The selfie must be a JPEG, PNG or WebP photo.');
    expect(await storedFiles()).toEqual(before);
    expect(await documentRows(player.id)).toBe(0);
    expect(await kycStatus(player.id)).toBeNull();
  });

  it('refuses a file over the cap with 413 and a clear message; stores nothing', async () => {
    const player = await signedInPlayer(t);
    const { session } = await start(player.token);
    const before = await storedFiles();
    const big = Buffer.concat([JPEG, Buffer.alloc(KYC_FILE_BYTES_MAX)]);
    const response = await upload(session, { document_type: 'national_id' }, [
      documentPart(PNG, 'id.png', 'image/png'),
      selfiePart(big, 'selfie.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'A file is larger than 8 MB: choose a smaller photo or scan.',
    });
    expect(await storedFiles()).toEqual(before);
    expect(await documentRows(player.id)).toBe(0);
    expect(await kycStatus(player.id)).toBeNull();
  });

  it('names a missing file or document type; a JSON body is refused', async () => {
    const player = await signedInPlayer(t);
    const { session } = await start(player.token);
    const noType = await upload(session, {}, [documentPart(JPEG), selfiePart(PNG)]);
    expect(noType.statusCode).toBe(422);
    expect(noType.json().message).toBe(
      'document_type must be one of passport, national_id, driving_licence.',
    );
    const noSelfie = await upload(session, { document_type: 'passport' }, [documentPart(JPEG)]);
    expect(noSelfie.statusCode).toBe(422);
    expect(noSelfie.json().message).toBe('The selfie is missing.');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kyc/sessions/${session}/documents`,
      payload: { document_type: 'passport' },
    });
    expect(json.statusCode).toBe(415);
    expect(await documentRows(player.id)).toBe(0);
  });

  it('accepts WebP and PDF; a second submission on the same link is a 409', async () => {
    const player = await signedInPlayer(t);
    const { session } = await start(player.token);
    const ok = await upload(session, { document_type: 'driving_licence' }, [
      documentPart(PDF, 'licence.pdf', 'application/pdf'),
      selfiePart(WEBP, 'me.webp', 'image/webp'),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ status: 'PENDING' });
    expect(await kycStatus(player.id)).toBe('PENDING');
    const again = await upload(session, { document_type: 'passport' }, [
      documentPart(JPEG),
      selfiePart(PNG),
    ]);
    expect(again.statusCode).toBe(409);
    expect(await documentRows(player.id)).toBe(2);
    // While in review, Verify leads to the settings page, not a new upload.
    const { body } = await start(player.token);
    expect(body.redirect).toBe('http://casino.test/settings/verify');
  });
});

describe('review: documents behind staff auth, decisions audited, withdrawals follow', () => {
  it('serves documents to kyc.read staff only, never publicly', async () => {
    const { id } = await pendingSubmission();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/kyc/${id}`,
      headers: compliance.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const documents = detail.json().data.documents as Array<{ id: string; kind: string }>;
    expect(documents.map((d) => d.kind)).toEqual(['document', 'selfie']);
    const url = `/api/admin/kyc/${id}/documents/${documents[0]!.id}`;

    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const player = await signedInPlayer(t);
    const asPlayer = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
    expect(asPlayer.statusCode).toBe(401);
    const support = await staffMember(t, 'support');
    const asSupport = await t.app.inject({ method: 'GET', url, headers: support.headers });
    expect(asSupport.statusCode).toBe(403);

    const file = await t.app.inject({ method: 'GET', url, headers: compliance.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    // Looking at someone's identity document is itself recorded.
    const views = await sql<{ n: string }>`
      select count(*) as n from audit_log where action = 'kyc.document.view' and target_id = ${id}`.execute(
      t.db,
    );
    expect(Number(views.rows[0]!.n)).toBe(1);
  });

  it('reject with reason → REJECTED (the player sees why), retry, approve → withdrawals open', async () => {
    const { player, id } = await pendingSubmission();
    await ledgerDeposit(t.modules.ledger.service, player.id, 100_00n);
    expect((await withdraw(player.token)).statusCode).toBe(403);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/kyc?status=PENDING&per_page=100',
      headers: compliance.headers,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.items.map((item: { id: string }) => item.id)).toContain(id);

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/${id}/reject`,
      headers: compliance.headers,
      payload: { reason: '   ' },
    });
    expect(noReason.statusCode).toBe(422);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/${id}/reject`,
      headers: compliance.headers,
      payload: { reason: 'The photo of the passport is blurred.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.status).toBe('REJECTED');
    expect(await kycStatus(player.id)).toBe('REJECTED');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/kyc-verification',
      headers: bearer(player.token),
    });
    expect(me.json().data).toMatchObject({
      status: 'REJECTED',
      reason: 'The photo of the passport is blurred.',
    });
    expect((await withdraw(player.token)).statusCode).toBe(403);
    const cryptoRefused = await cryptoWithdraw(player.token);
    expect(cryptoRefused.statusCode).toBe(403);
    expect(cryptoRefused.json().code).toBe('KYC_REQUIRED');
    // Decided once: a second decision is a conflict.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/${id}/approve`,
      headers: compliance.headers,
    });
    expect(twice.statusCode).toBe(409);

    // The player tries again.
    const retry = await start(player.token);
    expect(retry.body.redirect).toContain('/verification?session=');
    const resubmitted = await upload(retry.session, { document_type: 'passport' }, [
      documentPart(JPEG),
      selfiePart(PNG),
    ]);
    expect(resubmitted.statusCode).toBe(200);
    expect(await kycStatus(player.id)).toBe('PENDING');
    const second = await sql<{ public_id: string }>`
      select public_id from kyc_verifications where player_id = ${player.id} and status = 'PENDING'`.execute(
      t.db,
    );
    const secondId = second.rows[0]!.public_id;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/${secondId}/approve`,
      headers: compliance.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await kycStatus(player.id)).toBe('APPROVED');
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/me',
      headers: bearer(player.token),
    });
    expect(customer.json().data.kyc).toEqual({ status: 'APPROVED' });
    const allowed = await withdraw(player.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const cryptoAllowed = await cryptoWithdraw(player.token);
    expect(cryptoAllowed.statusCode, cryptoAllowed.body).toBe(200);

    const audit = await sql<{ action: string; actor_type: string }>`
      select action, actor_type from audit_log where target_type = 'kyc_verification'
      and target_id in (${id}, ${secondId}) and action in ('kyc.approve', 'kyc.reject', 'kyc.submit')
      order by id`.execute(t.db);
    expect(audit.rows).toEqual([
      { action: 'kyc.submit', actor_type: 'player' },
      { action: 'kyc.reject', actor_type: 'staff' },
      { action: 'kyc.submit', actor_type: 'player' },
      { action: 'kyc.approve', actor_type: 'staff' },
    ]);
  });

  it('keeps reviews to compliance, owner and admin', async () => {
    const { id } = await pendingSubmission();
    for (const role of ['finance', 'support', 'marketing'] as const) {
      const member = await staffMember(t, role);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/kyc/${id}/approve`,
        headers: member.headers,
      });
      expect(response.statusCode, role).toBe(403);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/kyc',
      headers: (await staffMember(t, 'risk')).headers,
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('/customer/kyc-verification/callback: an external vendor’s signed decision', () => {
  function deliver(body: string, signature = signWebhook(CALLBACK_SECRET, body)) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/kyc-verification/callback',
      headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signature },
      payload: body,
    });
  }
  const decision = (reference: string, status: 'approved' | 'rejected', event_id: string) =>
    JSON.stringify({
      event_id,
      reference,
      status,
      reason: status === 'rejected' ? 'Expired ID' : undefined,
    });

  async function auditCount(id: string) {
    const rows = await sql<{ n: string }>`
      select count(*) as n from audit_log where target_id = ${id} and action in ('kyc.approve', 'kyc.reject')`.execute(
      t.db,
    );
    return Number(rows.rows[0]!.n);
  }

  it('refuses forged, re-signed, stale and unsigned callbacks', async () => {
    const { player, id } = await pendingSubmission();
    const body = decision(id, 'approved', `evt_${randomBytes(6).toString('hex')}`);
    const forged = await deliver(body, signWebhook('not-the-right-secret-at-all', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Callback rejected: signature does not match');
    // A valid signature of another body does not sign this one.
    const tampered = await deliver(
      body.replace('approved', 'rejected'),
      signWebhook(CALLBACK_SECRET, body),
    );
    expect(tampered.statusCode).toBe(401);
    const stale = await deliver(
      body,
      signWebhook(CALLBACK_SECRET, body, new Date(Date.now() - 10 * 60_000)),
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(
      'Callback rejected: signature timestamp outside the replay window',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/kyc-verification/callback',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await kycStatus(player.id)).toBe('PENDING');
    expect(await auditCount(id)).toBe(0);
  });

  it('applies a decision once whatever the number of deliveries; a late one is ignored', async () => {
    const { player, id } = await pendingSubmission();
    const event_id = `evt_${randomBytes(6).toString('hex')}`;
    const body = decision(id, 'approved', event_id);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Exactly one delivery applies it; the others are duplicates.
    expect(results.map((r) => r.json().message).sort()).toEqual([
      'APPROVED',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const replay = await deliver(body);
    expect(replay.json().message).toBe('duplicate');
    expect(await kycStatus(player.id)).toBe('APPROVED');
    expect(await auditCount(id)).toBe(1);
    // A reordered, later "rejected" for a decided verification changes nothing.
    const late = await deliver(decision(id, 'rejected', `evt_${randomBytes(6).toString('hex')}`));
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toBe('ignored');
    expect(await kycStatus(player.id)).toBe('APPROVED');
    expect(await auditCount(id)).toBe(1);
  });

  it('a vendor rejection carries its reason; unknown references and junk are 4xx', async () => {
    const { player, id } = await pendingSubmission();
    const rejected = await deliver(
      decision(id, 'rejected', `evt_${randomBytes(6).toString('hex')}`),
    );
    expect(rejected.json().message).toBe('REJECTED');
    expect(await kycStatus(player.id)).toBe('REJECTED');
    const latest = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/kyc-verification',
      headers: bearer(player.token),
    });
    expect(latest.json().data.reason).toBe('Expired ID');
    const unknown = await deliver(
      decision(`kyc_${'0'.repeat(24)}`, 'approved', `evt_${randomBytes(6).toString('hex')}`),
    );
    expect(unknown.statusCode).toBe(404);
    const junk = await deliver('{"hello": "world"}');
    expect(junk.statusCode).toBe(401);
    expect(junk.json().message).toBe('Callback rejected: body is not a KYC decision');
  });
});
