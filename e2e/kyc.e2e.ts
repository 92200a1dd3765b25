import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn } from './support/staff.ts';

/** `SHOTS_DIR=/tmp/shots` saves screenshots of the pages (1280×800 and 390×844). */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS_DIR}/kyc-${name}.png` });
}

/** Real PNG photos drawn in the browser: an ID card and a selfie (what a phone would give). */
async function photos(page: Page) {
  // Runs in the page (the e2e project has no DOM types): a string, evaluated there.
  const [card, selfie] = (await page.evaluate(`(() => {
    const draw = (width, height, paint) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      paint(context);
      return canvas.toDataURL('image/png').split(',')[1];
    };
    const card = draw(860, 540, (c) => {
      c.fillStyle = '#d9e6ef';
      c.fillRect(0, 0, 860, 540);
      c.fillStyle = '#2a5d86';
      c.fillRect(0, 0, 860, 90);
      c.fillStyle = '#ffffff';
      c.font = 'bold 40px sans-serif';
      c.fillText('IDENTITY CARD', 40, 60);
      c.fillStyle = '#9fb4c4';
      c.fillRect(40, 130, 230, 300);
      c.fillStyle = '#6d8799';
      c.beginPath();
      c.arc(155, 240, 60, 0, Math.PI * 2);
      c.fill();
      c.fillRect(75, 320, 160, 110);
      c.fillStyle = '#1d2b36';
      c.font = '28px sans-serif';
      for (const [i, line] of [
        'SURNAME  KYC',
        'GIVEN NAMES  JOURNEY',
        'BORN  01.01.1990',
        'EXPIRES  01.01.2034',
      ].entries()) {
        c.fillText(line, 310, 170 + i * 60);
      }
      c.font = '22px monospace';
      c.fillText('IDXKYC<<JOURNEY<<<<<<<<<<<<<<<<<<<<', 40, 500);
    });
    const selfie = draw(600, 800, (c) => {
      const sky = c.createLinearGradient(0, 0, 0, 800);
      sky.addColorStop(0, '#c7d3dc');
      sky.addColorStop(1, '#8aa0ae');
      c.fillStyle = sky;
      c.fillRect(0, 0, 600, 800);
      c.fillStyle = '#e0b48f';
      c.beginPath();
      c.ellipse(300, 330, 140, 180, 0, 0, Math.PI * 2);
      c.fill();
      c.fillStyle = '#3b2a20';
      c.beginPath();
      c.ellipse(300, 200, 150, 90, 0, Math.PI, Math.PI * 2);
      c.fill();
      c.fillStyle = '#2e4a62';
      c.fillRect(110, 560, 380, 240);
      c.fillStyle = '#1d2b36';
      c.beginPath();
      c.arc(250, 320, 14, 0, Math.PI * 2);
      c.arc(350, 320, 14, 0, Math.PI * 2);
      c.fill();
    });
    return [card, selfie];
  })()`)) as [string, string];
  return {
    card: { name: 'id-card.png', mimeType: 'image/png', buffer: Buffer.from(card, 'base64') },
    selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: Buffer.from(selfie, 'base64') },
  };
}

async function uploadAndSubmit(page: Page, files: Awaited<ReturnType<typeof photos>>) {
  await page.getByText('ID card', { exact: true }).click();
  await page.locator('input[name="document"]').setInputFiles(files.card);
  await page.locator('input[name="selfie"]').setInputFiles(files.selfie);
  await page
    .getByRole('img', { name: /Preview/ })
    .nth(1)
    .waitFor();
}

describe.skipIf(skipJourneys())('journey: identity verification (KYC)', () => {
  const browser = useBrowser();

  it('a player uploads an ID and a selfie; compliance rejects with a reason, the player retries, compliance approves; the player sees Verified', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-kyc');
    const password = 'journey-pass-kyc';
    await registerViaApi(baseUrl, { name: 'Journey Verify', email, password });

    const player = await browser.newPage();
    await player.goto('/');
    await waitForApp(player);
    await signInViaUi(player, email, password);
    await player.goto('/settings/verify');
    await waitForApp(player);
    expect(await player.getByTestId('kyc-status').textContent()).toBe('Not verified');
    await shot(player, 'desktop-settings-none');

    // Spec §4: the Verify button checks, then follows the server's redirect.
    await Promise.all([
      player.waitForURL(/\/verification\?session=/),
      player.getByRole('button', { name: 'Verify now' }).click(),
    ]);
    await player.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    const firstLink = player.url();
    const files = await photos(player);

    // A text file named .jpg is refused at once, by its content.
    await player.locator('input[name="document"]').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not really a photo'),
    });
    await player
      .getByText('This file is not a JPEG, PNG, WebP or PDF.', { exact: false })
      .waitFor();
    // Submitting without files names what is missing.
    await player.getByRole('button', { name: 'Submit for review' }).click();
    await player.getByText('Add a selfie.').waitFor();
    await shot(player, 'desktop-verification-errors');

    await uploadAndSubmit(player, files);
    await shot(player, 'desktop-verification-ready');
    await player.getByRole('button', { name: 'Submit for review' }).click();
    await player.getByRole('heading', { name: 'Documents received' }).waitFor();
    await shot(player, 'desktop-verification-done');
    await player.getByRole('link', { name: 'See my verification status' }).click();
    await waitForApp(player);
    await expect.poll(() => player.getByTestId('kyc-status').textContent()).toBe('In review');

    // Compliance (the owner here) opens the queue and rejects with a reason.
    const staff = await browser.newPage();
    await ownerSignIn(staff);
    await staff.getByRole('link', { name: 'KYC reviews' }).click();
    await staff.getByRole('row', { name: new RegExp(email) }).click();
    await staff.getByTestId('kyc-document').waitFor();
    await staff.getByTestId('kyc-selfie').waitFor();
    expect(
      await staff
        .getByTestId('kyc-document')
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(860);
    await shot(staff, 'desktop-review');
    await staff.getByRole('button', { name: 'Reject…' }).click();
    await staff.getByRole('button', { name: 'Reject', exact: true }).click();
    await staff.getByText('Give the reason: the player sees it.').waitFor();
    await staff
      .getByLabel('Reason shown to the player')
      .fill('The photo is too dark: take it again in daylight.');
    await staff.getByRole('button', { name: 'Reject', exact: true }).click();
    await staff.getByText(/Rejected: .* will see the reason/).waitFor();

    // The player sees why and sends new documents.
    await player.reload();
    await waitForApp(player);
    await expect.poll(() => player.getByTestId('kyc-status').textContent()).toBe('Rejected');
    expect(await player.getByTestId('kyc-reason').textContent()).toBe(
      'The photo is too dark: take it again in daylight.',
    );
    await shot(player, 'desktop-settings-rejected');
    // The first link cannot be used twice.
    await player.goto(firstLink);
    await player.getByRole('heading', { name: 'This link was already used' }).waitFor();
    await player.goto('/settings/verify');
    await waitForApp(player);
    await Promise.all([
      player.waitForURL(/\/verification\?session=/),
      player.getByRole('button', { name: 'Send new documents' }).click(),
    ]);
    await player.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await uploadAndSubmit(player, files);
    await player.getByRole('button', { name: 'Submit for review' }).click();
    await player.getByRole('heading', { name: 'Documents received' }).waitFor();

    // Compliance approves the new submission.
    await staff.goto('/admin/kyc');
    await staff.getByRole('row', { name: new RegExp(email) }).click();
    await staff.getByTestId('kyc-document').waitFor();
    await staff.getByRole('button', { name: 'Approve', exact: true }).click();
    await staff.getByText(/Approved: .* can withdraw/).waitFor();

    await player.goto('/settings/verify');
    await waitForApp(player);
    await expect.poll(() => player.getByTestId('kyc-status').textContent()).toBe('Verified');
    await shot(player, 'desktop-settings-verified');

    // The pages on a phone.
    if (SHOTS_DIR) {
      await player.setViewportSize(MOBILE);
      await player.reload();
      await waitForApp(player);
      await shot(player, 'mobile-settings-verified');
      const other = uniqueEmail('journey-kyc-phone');
      await registerViaApi(baseUrl, { name: 'Phone Verify', email: other, password });
      const login = await fetch(`${baseUrl}/api/v1/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: other, password }),
      });
      const token = ((await login.json()) as { data: string }).data;
      const started = await fetch(`${baseUrl}/api/v1/customer/kyc-verification`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const redirect = new URL(((await started.json()) as { redirect: string }).redirect);
      await player.goto(`${redirect.pathname}${redirect.search}`);
      await player.getByRole('heading', { name: 'Verify your identity' }).waitFor();
      await shot(player, 'mobile-verification-empty');
      await uploadAndSubmit(player, files);
      await player.screenshot({
        path: `${SHOTS_DIR}/kyc-mobile-verification-ready.png`,
        fullPage: true,
      });
      await player.getByRole('button', { name: 'Submit for review' }).click();
      await player.getByRole('heading', { name: 'Documents received' }).waitFor();
      await shot(player, 'mobile-verification-done');

      await staff.setViewportSize(MOBILE);
      await staff.goto('/admin/kyc');
      await staff.getByRole('row', { name: new RegExp(other) }).waitFor();
      await shot(staff, 'mobile-review-queue');
      await staff.getByRole('row', { name: new RegExp(other) }).click();
      await staff.getByTestId('kyc-selfie').waitFor();
      await staff.screenshot({ path: `${SHOTS_DIR}/kyc-mobile-review.png`, fullPage: true });
    }
  });
});
