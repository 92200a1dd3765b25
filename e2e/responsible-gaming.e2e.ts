import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
import { ownerSignIn } from './support/staff.ts';

const SHOTS = path.join(import.meta.dirname, 'screenshots');

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe.skipIf(skipJourneys())(
  'journey: loss, wager and session limits, the reality check',
  () => {
    const browser = useBrowser();

    it('a player sets loss and wager limits and a reality check; a bet over the loss limit is refused; the reality check shows after its interval; staff see the limits with history', async () => {
      const baseUrl = browser.baseUrl();
      const email = uniqueEmail('journey-rg2');
      const password = 'journey-pass-rg2';
      await registerViaApi(baseUrl, { name: 'Journey Limits', email, password });
      for (const [label, viewport] of [
        ['desktop', undefined],
        ['mobile', MOBILE],
      ] as const) {
        const page = await browser.newPage(viewport);
        await page.clock.install();
        await page.goto('/');
        await waitForApp(page);
        await signInViaUi(page, email, password);
        await page.goto('/responsible-gaming');
        await waitForApp(page);
        const play = page.getByTestId('play-limits-form');
        if (label === 'desktop') {
          await play.getByLabel('Loss limits: daily').fill('50');
          await play.getByLabel('Wager limits: weekly').fill('500');
          await play.getByRole('button', { name: 'Save limits' }).click();
          await page.getByText('Limits saved.').first().waitFor();
          const session = page.getByTestId('session-form');
          await session.getByLabel('Reality check every').selectOption('15');
          await session.getByRole('button', { name: 'Save limits' }).click();
          await page.getByText('Limits saved.').first().waitFor();
          await play.scrollIntoViewIfNeeded();
          await shot(page, 'desktop-rg-play-limits');

          // A stake over the loss limit is refused by the gate, with the reason.
          const token = await storedToken(page);
          const refused = await fetch(`${baseUrl}/api/v1/customer/casino/originals/dice/bet`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              amount: '60',
              target: '50',
              direction: 'over',
              idempotency_key: `rg2-${Date.now()}`,
            }),
          });
          expect(refused.status).toBe(403);
          const body = (await refused.json()) as { code: string; message: string };
          expect(body.code).toBe('LOSS_LIMIT');
          expect(body.message).toContain('daily loss limit');
        } else {
          await play.scrollIntoViewIfNeeded();
          await shot(page, 'mobile-rg-play-limits');
        }

        // Sixteen minutes later: the reality check, with the session's figures.
        await page.clock.fastForward('16:00');
        const modal = page.getByTestId('reality-check');
        await modal.waitFor({ timeout: 30_000 });
        expect(await modal.textContent()).toContain('Reality check');
        expect(await modal.textContent()).toContain('15 min');
        await shot(page, `${label}-reality-check`);
        await modal.getByRole('button', { name: 'Continue playing' }).click();
        await modal.waitFor({ state: 'detached' });

        await page.goto('/policies/self-exclusion');
        await waitForApp(page);
        await page.getByTestId('self-exclusion-policy').waitFor();
        expect(await page.getByRole('heading', { name: 'It cannot be shortened' }).count()).toBe(1);
        await shot(page, `${label}-self-exclusion-policy`);

        await page.goto('/settings/general');
        await waitForApp(page);
        const data = page.getByTestId('your-data');
        await data.scrollIntoViewIfNeeded();
        await data.getByRole('button', { name: 'Close my account' }).click();
        await data.getByTestId('close-account-confirm').waitFor();
        await shot(page, `${label}-your-data`);
      }

      // Sign-up asks for the date of birth and refuses under 18 in the form.
      const guest = await browser.newPage();
      await guest.goto('/');
      await waitForApp(guest);
      await guest.getByTestId('register-button').click();
      const registration = guest.getByTestId('register-modal');
      await registration.getByLabel('Date of birth').fill('2012-03-14');
      await registration.getByRole('button', { name: 'Register', exact: true }).click();
      await registration.getByText('You must be at least 18 years old to register').waitFor();
      await shot(guest, 'desktop-register-date-of-birth');

      const staff = await browser.newPage();
      await ownerSignIn(staff);
      await staff.getByRole('link', { name: 'Players' }).click();
      await staff.getByRole('searchbox').fill(email);
      await staff.getByRole('row', { name: new RegExp(email) }).click();
      await staff.getByRole('tab', { name: 'Protection' }).click();
      const limits = staff.getByRole('table', { name: 'Limits' });
      await limits.waitFor();
      expect(await limits.textContent()).toContain('50.00 EUR');
      expect(await staff.getByText('limits: loss daily 50.00, wager weekly 500.00').count()).toBe(
        1,
      );
      expect(await staff.getByText('limits: reality check 15 min').count()).toBe(1);
      await shot(staff, 'desktop-bo-player-protection');
    });
  },
);
