import { describe, expect, it } from 'vitest';
import {
  eventually,
  outbox,
  registerViaApi,
  uniqueEmail,
  waitForApp,
  waitForText,
} from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: forgot password', () => {
  const browser = useBrowser();

  it('a player requests a reset link, sets a new password and signs in with it', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-b');
    await registerViaApi(baseUrl, { name: 'Journey B', email, password: 'old-password-1' });

    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('sign-in-modal');
    await modal.getByRole('button', { name: 'Forgot password?' }).click();
    await modal.getByRole('heading', { name: 'Forget Password' }).waitFor();
    await modal.getByLabel('Email').fill(email);
    const send = modal.getByRole('button', { name: /Send Request|Sending\.\.\.|Sent/ });
    await send.click();
    // Sending..., then Sent, and the button stays disabled.
    await eventually('the Sent state', async () => (await send.textContent())?.trim() === 'Sent');
    expect(await send.isDisabled()).toBe(true);

    const link = await eventually('the reset e-mail', async () => {
      const mails = await outbox(baseUrl, email);
      const body = mails.map((m) => `${m.text}\n${m.html}`).join('\n');
      return /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>&]+/.exec(body)?.[0] ?? null;
    });

    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    // The reset page renders without the shared layout.
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    const newPassword = 'new-password-2';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();

    // Back home with Sign In open.
    const signIn = page.getByTestId('sign-in-modal');
    await signIn.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('loading-screen').waitFor({ state: 'detached' });
    await signIn.getByLabel('Email or username').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await Promise.all([
      page.waitForEvent('load'),
      signIn.getByRole('button', { name: 'Sign In', exact: true }).click(),
    ]);
    await waitForApp(page);
    await waitForText(page, 'balance-badge', '.');
  });
});
