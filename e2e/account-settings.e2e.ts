import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForApp,
} from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

/** `SHOTS_DIR=/tmp/shots` saves screenshots of the page (desktop and phone, en and bn). */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

describe.skipIf(skipJourneys())('journey: account settings', () => {
  const browser = useBrowser();

  it('a player changes name, phone and password, then signs in with the new password', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-settings');
    const password = 'journey-pass-s1';
    const newPassword = 'journey-pass-s2-new';
    await registerViaApi(baseUrl, { name: 'Journey Settings', email, password });

    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, email, password);

    await page.goto('/settings/general');
    await waitForApp(page);
    const profile = page.getByTestId('profile-card');
    await profile.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await profile.getByLabel('Email').inputValue()).toBe(email);
    expect(await profile.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await profile.getByLabel('Currency').inputValue()).toContain('EUR');
    expect(await profile.getByLabel('Name', { exact: true }).inputValue()).toBe('Journey Settings');
    await shot(page, 'settings-desktop-en');

    // A malformed phone is refused in the form, before any request.
    await profile.getByLabel('Phone').fill('call me');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByRole('alert').filter({ hasText: 'Enter a phone number' }).waitFor();

    // Name and phone saved: the toast carries the server's message.
    await profile.getByLabel('Name', { exact: true }).fill('Ada Settings');
    await profile.getByLabel('Phone').fill('+44 20 7946 0000');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile has been updated').waitFor();
    await page.getByTestId('profile-button').click();
    await page.getByTestId('profile-menu').waitFor();
    await page.keyboard.press('Escape');

    // After a reload the saved name and phone are what the server sends back.
    await page.reload();
    await waitForApp(page);
    await profile.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await profile.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Settings');
    expect(await profile.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');

    // Password: the client mirrors the server's rules, then a wrong current password is refused.
    const card = page.getByTestId('password-card');
    await card.getByLabel('Current password').fill(password);
    await card.getByLabel('New password', { exact: true }).fill('short');
    await card.getByLabel('Confirm new password').fill('other');
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByRole('alert').filter({ hasText: 'at least 8 characters' }).waitFor();
    await card.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();

    await card.getByLabel('Current password').fill('not-the-password');
    await card.getByLabel('New password', { exact: true }).fill(newPassword);
    await card.getByLabel('Confirm new password').fill(newPassword);
    await card.getByRole('button', { name: 'Change password' }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: 'The current password is not correct' })
      .waitFor();

    await card.getByLabel('Current password').fill(password);
    await card.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    expect(await card.getByLabel('Current password').inputValue()).toBe('');
    expect(await card.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    // This session stays signed in.
    expect(await storedToken(page)).toBeTruthy();

    // Sign out, then in again with the new password.
    await page.getByTestId('profile-button').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('logout-button').click()]);
    await waitForApp(page);
    expect(await storedToken(page)).toBeNull();
    await signInViaUi(page, email, newPassword);
    await page.goto('/settings/general');
    await waitForApp(page);
    expect(
      await page.getByTestId('profile-card').getByLabel('Name', { exact: true }).inputValue(),
    ).toBe('Ada Settings');

    if (SHOTS_DIR) {
      const phone = await browser.newPage(MOBILE);
      await phone.goto('/');
      await waitForApp(phone);
      await signInViaUi(phone, email, newPassword).catch(async () => {
        // The phone layout signs in from the same top bar button.
        throw new Error('sign-in on the phone layout failed');
      });
      await phone.goto('/settings/general');
      await waitForApp(phone);
      await phone.getByTestId('profile-card').waitFor();
      await shot(phone, 'settings-phone-en');
      for (const [target, name] of [
        [page, 'settings-desktop-bn'],
        [phone, 'settings-phone-bn'],
      ] as const) {
        await target.evaluate('localStorage.setItem("language", "bn")');
        await target.reload();
        await waitForApp(target);
        await target.getByTestId('profile-card').getByRole('heading', { name: 'প্রোফাইল' }).waitFor();
        await target.getByTestId('password-card').getByRole('button').last().click();
        await target.waitForTimeout(300);
        await shot(target, name);
      }
    }
  });

  it('a player turns on two-factor, signs in with a recovery code, adds a passkey and signs in with it', async () => {
    const baseUrl = browser.baseUrl();
    // Browsers refuse passkeys on an IP address: this journey runs on localhost, the relying
    // party the server derives from its loopback public URL (decision 0143).
    const local = (path: string) => `${baseUrl.replace('127.0.0.1', 'localhost')}${path}`;
    const email = uniqueEmail('journey-2fa');
    const password = 'journey-pass-2fa';
    await registerViaApi(baseUrl, { name: 'Journey Twofactor', email, password });
    const page = await browser.newPage();
    await page.goto(local('/'));
    await waitForApp(page);
    await signInViaUi(page, email, password);

    await page.goto(local('/settings/general'));
    await waitForApp(page);
    await page.getByTestId('security-settings-link').click();
    const card = page.getByTestId('two-factor-card');
    await card.getByTestId('two-factor-state').filter({ hasText: 'Off' }).waitFor();
    await page.getByTestId('sessions-card').getByText('This device').waitFor();
    await card.getByTestId('two-factor-start').click();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await shot(page, 'security-enrol-desktop-en');
    const confirm = card.getByTestId('two-factor-confirm');
    await confirm.getByRole('textbox').fill('000000');
    await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await confirm
      .getByRole('textbox')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = card.getByTestId('recovery-codes');
    await codes.waitFor();
    const recovery = (await codes.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await shot(page, 'security-codes-desktop-en');
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByTestId('two-factor-state').filter({ hasText: 'On' }).waitFor();
    await card.getByText('10 recovery codes left').waitFor();
    await shot(page, 'security-on-desktop-en');

    // Signed out, the password alone no longer signs in: the second step asks for a code.
    await page.getByTestId('profile-button').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('logout-button').click()]);
    await waitForApp(page);
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('sign-in-modal');
    await modal.getByLabel('Email or username').fill(email);
    await modal.getByLabel('Password', { exact: true }).fill(password);
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
    const step = modal.getByTestId('two-factor-step');
    await step.waitFor();
    expect(await storedToken(page)).toBeNull();
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await shot(page, 'security-signin-step-desktop-en');
    await step.getByRole('textbox').fill(recovery[0]!);
    await Promise.all([
      page.waitForEvent('load'),
      step.getByRole('button', { name: 'Verify' }).click(),
    ]);
    await waitForApp(page);
    await page.getByTestId('balance-badge').waitFor();
    expect(await storedToken(page)).toBeTruthy();

    // Chromium's virtual authenticator stands for the phone's fingerprint reader.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(local('/settings/security'));
    await waitForApp(page);
    const passkeys = page.getByTestId('passkeys-card');
    await passkeys.getByText('You have no passkeys yet.').waitFor();
    await passkeys.getByTestId('passkey-add').click();
    await page.getByText('Passkey added').waitFor();
    const row = passkeys.getByTestId('passkey-row');
    await row.getByText('Not used yet').waitFor();
    await row.getByRole('button', { name: 'Rename' }).click();
    await row.getByLabel('Passkey name').fill('Journey laptop');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('passkey-name').filter({ hasText: 'Journey laptop' }).waitFor();
    await shot(page, 'security-passkeys-desktop-en');

    // Signed out, the passkey alone signs in: no password, and no code although two-factor is on.
    // The form offers it in the email field's suggestions as soon as it opens (decision 0145);
    // Chromium's virtual authenticator, its prompts off, picks it there by itself. Each request's
    // mediation is kept across the reloads: 'conditional' is the autofill offer.
    await page.addInitScript(`
      const get = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = (options) => {
        const asked = JSON.parse(sessionStorage.getItem('mediations') || '[]');
        asked.push(options?.mediation || 'optional');
        sessionStorage.setItem('mediations', JSON.stringify(asked));
        return get(options);
      };
    `);
    const mediations = async () =>
      JSON.parse((await page.evaluate('sessionStorage.getItem("mediations")')) ?? '[]');
    const signOut = async () => {
      await page.getByTestId('profile-button').click();
      await Promise.all([page.waitForEvent('load'), page.getByTestId('logout-button').click()]);
      await waitForApp(page);
      expect(await storedToken(page)).toBeNull();
    };
    await signOut();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('login-button').click()]);
    await waitForApp(page);
    await page.getByTestId('balance-badge').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    expect(await mediations()).toEqual(['conditional']);

    // Where the browser has no autofill offer, the button asks with the browser's own prompt.
    await page.addInitScript(
      'PublicKeyCredential.isConditionalMediationAvailable = async () => false;',
    );
    await signOut();
    await page.getByTestId('login-button').click();
    const passkeyButton = page.getByTestId('sign-in-modal').getByTestId('passkey-sign-in');
    await passkeyButton.waitFor();
    await shot(page, 'signin-passkey-desktop-en');
    await Promise.all([page.waitForEvent('load'), passkeyButton.click()]);
    await waitForApp(page);
    await page.getByTestId('balance-badge').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    expect(await mediations()).toEqual(['conditional', 'optional']);
    await page.goto(local('/settings/security'));
    await waitForApp(page);
    await passkeys.getByTestId('passkey-row').getByText('Last used').waitFor();

    if (SHOTS_DIR) {
      await page.goto(local('/settings/security'));
      await waitForApp(page);
      await page.getByTestId('two-factor-state').waitFor();
      const phone = await browser.newPage(MOBILE);
      await phone.goto('/');
      await waitForApp(phone);
      await phone.evaluate(
        `localStorage.setItem('root', ${JSON.stringify(await page.evaluate('localStorage.getItem("root")'))})`,
      );
      await phone.goto('/settings/security');
      await waitForApp(phone);
      await phone.getByTestId('two-factor-state').waitFor();
      await shot(phone, 'security-phone-en');
      for (const [target, name] of [
        [page, 'security-desktop-bn'],
        [phone, 'security-phone-bn'],
      ] as const) {
        await target.evaluate('localStorage.setItem("language", "bn")');
        await target.reload();
        await waitForApp(target);
        await target.getByTestId('two-factor-state').filter({ hasText: 'চালু' }).waitFor();
        await shot(target, name);
      }
    }
  });

  it('a guest sees the sign-in prompt', async () => {
    const page = await browser.newPage();
    await page.goto('/settings/general');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await page.getByTestId('profile-card').count()).toBe(0);
  });
});
