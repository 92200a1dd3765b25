import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { staffSignIn, withTotp } from './support/staff.ts';

const OWNER = {
  email: 'owner@example.com',
  password: 'demo-owner-password',
  secret: 'DEMOOWNERTOTPSECRETFORLOCALUSE22',
};
const SHOTS = path.join(import.meta.dirname, 'screenshots');

// biome-ignore lint/suspicious/noExplicitAny: API answers read field by field in a journey
type Json = Record<string, any>;
async function call(baseUrl: string, url: string, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${baseUrl}${url}`, init);
  const body = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${url} → ${response.status}: ${JSON.stringify(body)}`);
  return body;
}
const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

/** Staff sign-in over the API (a TOTP code works once: see `withTotp`). */
async function staffToken(baseUrl: string, email: string, password: string, secret: string) {
  let token: string | null = null;
  await withTotp(secret, async (code) => {
    const response = await fetch(
      `${baseUrl}/api/admin/auth/login`,
      json({ email, password, code }),
    );
    if (response.ok) token = ((await response.json()) as Json).data.token as string;
    return response.ok;
  });
  if (!token) throw new Error(`${email} could not sign in`);
  return token as string;
}

/** A compliance officer created by the owner, TOTP enrolled: what a new team member does. */
async function complianceOfficer(baseUrl: string) {
  const owner = await staffToken(baseUrl, OWNER.email, OWNER.password, OWNER.secret);
  const email = uniqueEmail('compliance');
  const password = 'compliance-officer-pass';
  await call(
    baseUrl,
    '/api/admin/staff',
    json({ email, name: 'Clara Compliance', role: 'compliance', password }, owner),
  );
  const enrol = await call(baseUrl, '/api/admin/auth/login', json({ email, password }));
  const secret = enrol.data.enrolment.secret as string;
  await staffToken(baseUrl, email, password, secret);
  return { email, password, secret };
}

/** A deposit the sandbox gateway approves (its hosted page's Approve button, as a player would). */
async function sandboxDeposit(baseUrl: string, token: string, amount: string) {
  const form = new FormData();
  form.set('amount', amount);
  form.set('currency', '1');
  form.set('payment_gateway', '4');
  form.set('bank_name', 'ING');
  form.set('redirect_url', `${baseUrl}/`);
  const created = await call(baseUrl, '/api/v1/customer/deposit/create', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const reference = created.data.provider_reference as string;
  const approved = await fetch(`${baseUrl}/sandbox/gateway/${reference}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'choice=approve',
    redirect: 'manual',
  });
  expect(approved.status).toBe(303);
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

describe.skipIf(skipJourneys())('journey: AML monitoring and a compliance case', () => {
  const browser = useBrowser();

  it('structuring deposits raise an alert; the compliance officer investigates, freezes withdrawals, asks for the source of funds and reports; the player answers', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-aml');
    const password = 'journey-pass-aml';
    await registerViaApi(baseUrl, { name: 'Journey Structuring', email, password });
    const login = await call(baseUrl, '/api/v1/customer/login', json({ email, password }));
    const token = login.data as string;
    const username = login.customer.username as string;
    // Three deposits each just under the 2,000 EUR threshold within a day.
    for (const amount of ['1900', '1950', '1990']) await sandboxDeposit(baseUrl, token, amount);

    const officer = await complianceOfficer(baseUrl);
    const staff = await browser.newPage();
    await staffSignIn(staff, officer);
    await staff.getByRole('link', { name: 'Compliance', exact: true }).click();
    const row = staff.getByRole('row', { name: new RegExp(username) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Structuring');
    expect(await row.textContent()).toContain('3 deposits');
    await shot(staff, 'desktop-compliance-queue');
    await row.click();

    await staff.getByRole('heading', { name: /Case #\d+ · Structuring/ }).waitFor();
    const evidence = staff.getByRole('table').first();
    for (const amount of ['1900.00 EUR', '1950.00 EUR', '1990.00 EUR'])
      expect(await evidence.textContent()).toContain(amount);
    await staff.getByRole('button', { name: 'Start investigating' }).click();
    await staff.getByText('investigating', { exact: true }).first().waitFor();

    await staff.getByLabel('Add a note').fill('Three deposits just under the threshold in a day.');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await staff.getByText('Three deposits just under the threshold in a day.').waitFor();

    await staff.getByRole('button', { name: 'Freeze withdrawals' }).click();
    await staff.getByLabel('Reason').fill('Structuring review');
    await staff.getByTestId('confirm-freeze').click();
    await staff.getByText('frozen', { exact: true }).waitFor();

    await staff.getByRole('button', { name: 'Request source of funds' }).click();
    await staff.getByRole('button', { name: 'Send request' }).click();
    await staff.getByText('requested', { exact: true }).waitFor();
    await shot(staff, 'desktop-compliance-case');

    // The player sees the request and the hold on their account page, and answers.
    const player = await browser.newPage();
    await player.goto('/');
    await signInViaUi(player, email, password);
    await player.goto('/settings/general');
    await waitForApp(player);
    const notices = player.getByTestId('compliance-notices');
    await notices.getByText('Withdrawals are on hold').waitFor();
    await notices.getByText(/where the money you deposit comes from/).waitFor();
    await shot(player, 'desktop-player-source-of-funds');
    await notices.getByLabel('Your answer').fill('Savings from my salary as an engineer.');
    await notices.getByRole('button', { name: 'Send answer' }).click();
    await notices.getByText('Thank you. Our team is reviewing your answer.').waitFor();

    await staff.reload();
    await staff.getByText('“Savings from my salary as an engineer.”').waitFor();
    await staff.getByRole('button', { name: 'Report' }).click();
    await staff.getByLabel('Note (required)').fill('SAR filed, reference FIU-2026-0042.');
    await staff.getByTestId('confirm-close-case').click();
    await staff.getByText('reported', { exact: true }).first().waitFor();
    expect(await staff.getByRole('button', { name: 'Start investigating' }).count()).toBe(0);

    // The rules are data: the officer sees and can edit them.
    await staff.goto('/admin/compliance?tab=rules');
    await staff.getByText('Band under the threshold (%)').waitFor();
    await shot(staff, 'desktop-compliance-rules');
    await staff.getByRole('button', { name: 'Edit' }).nth(1).click();
    await shot(staff, 'desktop-compliance-rule-editor');
    await staff.keyboard.press('Escape');

    // The same screens on a phone.
    const phone = await browser.newPage(MOBILE);
    await staffSignIn(phone, officer);
    await phone.goto('/admin/compliance?status=all');
    await phone.getByRole('row', { name: new RegExp(username) }).waitFor();
    await shot(phone, 'mobile-compliance-queue');
    await phone.getByRole('row', { name: new RegExp(username) }).click();
    await phone.getByRole('heading', { name: /Case #\d+/ }).waitFor();
    await shot(phone, 'mobile-compliance-case');
    const phonePlayer = await browser.newPage(MOBILE);
    await phonePlayer.goto('/');
    await signInViaUi(phonePlayer, email, password);
    await phonePlayer.goto('/settings/general');
    await waitForApp(phonePlayer);
    await phonePlayer.getByTestId('compliance-notices').waitFor();
    await shot(phonePlayer, 'mobile-player-source-of-funds');
  });
});
