import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

const OWNER = {
  email: 'owner@example.com',
  password: 'demo-owner-password',
  secret: 'DEMOOWNERTOTPSECRETFORLOCALUSE22',
};

/**
 * The owner's sign-in. A code works once, and another journey may have used this time step's
 * code: then the next step's code (accepted one step early) signs in.
 */
async function ownerSignIn(page: Page) {
  for (const offset of [0, 1]) {
    await page.goto('/admin/');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authenticator code').fill(
      await generate({
        secret: OWNER.secret,
        epoch: Math.floor(Date.now() / 1000) + offset * 30,
      }),
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('navigation', { name: 'Back office' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error('owner could not sign in');
}

describe.skipIf(skipJourneys())(
  'journey: a promotion (and the jurisdiction table) from the back office to the player',
  () => {
    const browser = useBrowser();

    it('marketing creates WELCOME100; a player sees it, takes the code to the wallet, claims and forfeits a no-deposit bonus', async () => {
      const staff = await browser.newPage();
      await ownerSignIn(staff);
      await staff.getByRole('link', { name: 'Promotions' }).click();
      await staff.getByRole('button', { name: 'New promotion' }).click();
      await staff.getByLabel('Coupon code').fill('WELCOME100');
      await staff.getByLabel('Match %').fill('100');
      await staff.getByLabel('Title (en)').fill('100% welcome bonus up to 100 EUR');
      await staff
        .getByLabel('Terms (en)')
        .fill('Deposit at least 10 EUR. Wager 10× bonus + deposit within 30 days.');
      await staff.getByLabel('Max bonus EUR').fill('100');
      await staff.getByLabel('Min deposit EUR').fill('10');
      await staff.getByTestId('save-promotion').click();
      await staff.getByRole('row', { name: /WELCOME100/ }).waitFor();
      expect(await staff.getByRole('row', { name: /WELCOME100/ }).textContent()).toContain('live');

      // The same staff session: the jurisdiction table the gate applies, editable and audited.
      await staff.getByRole('link', { name: 'Jurisdictions' }).click();
      expect(await staff.getByRole('row', { name: /IN/ }).first().textContent()).toContain(
        'demo only',
      );
      await staff.getByRole('button', { name: 'Add country' }).click();
      await staff.getByLabel('Country (ISO code)').fill('XZ');
      await staff.getByLabel('Policy').selectOption('blocked');
      await staff.getByLabel('Why (law or licence condition)').fill('Journey test');
      await staff.getByTestId('save-jurisdiction').click();
      await staff.getByRole('row', { name: /XZ/ }).waitFor();

      const baseUrl = browser.baseUrl();
      const email = uniqueEmail('journey-promo');
      const password = 'journey-pass-promo';
      await registerViaApi(baseUrl, { name: 'Journey Promotions', email, password });
      const player = await browser.newPage();
      await player.goto('/');
      await signInViaUi(player, email, password);
      await player.goto('/promotions');
      const card = player.getByTestId('promotion-card').filter({ hasText: 'WELCOME100' });
      await card.waitFor();
      expect(await card.textContent()).toContain('up to 100 EUR');
      await card.getByTestId('use-code').click();
      await player.getByTestId('wallet-modal').waitFor();
      expect(await player.evaluate('localStorage.getItem("coupon")')).toBe('WELCOME100');
      await player.keyboard.press('Escape');

      const free = player.getByTestId('promotion-card').filter({ hasText: 'A free 5 EUR' });
      await free.getByTestId('claim').click();
      const bonus = player.getByTestId('bonus-card');
      await bonus.waitFor();
      expect(await bonus.textContent()).toContain('0 / 150 EUR');
      await bonus.getByRole('button', { name: 'Forfeit' }).click();
      await bonus.getByTestId('forfeit-confirm').click();
      await bonus.waitFor({ state: 'detached' });
    });
  },
);
