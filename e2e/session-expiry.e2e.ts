import { describe, expect, it } from 'vitest';
import {
  logoutViaApi,
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForApp,
} from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: a revoked or idle session signs the player out', () => {
  const browser = useBrowser();

  it('a 401 from me clears the session and shows the guest top bar', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-d');
    const password = 'journey-pass-4';
    await registerViaApi(baseUrl, { name: 'Journey D', email, password });

    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, email, password);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    // Revoke the token behind the browser's back, then reload.
    await logoutViaApi(baseUrl, token!);
    await page.reload();
    await page.getByTestId('login-button').waitFor({ timeout: 20_000 });
    await waitForApp(page);
    expect(await page.getByTestId('balance-badge').count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
  });

  it('warns two minutes before the idle sign-out, extends with one key press as often as asked, then signs out', {
    timeout: 180_000,
  }, async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-idle');
    const password = 'journey-pass-5';
    await registerViaApi(baseUrl, { name: 'Journey Idle', email, password });

    const page = await browser.newPage(MOBILE);
    // The page's clock, moved on by the test: thirty real minutes would not fit in a suite.
    await page.clock.install();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, email, password);
    const warning = page.getByTestId('session-expiry-warning');
    const status = page.getByTestId('session-expiry-status');

    // Ten warnings in a row, each answered with Enter on the focused "Stay signed in".
    for (let round = 1; round <= 10; round += 1) {
      expect(await warning.count()).toBe(0);
      await page.clock.fastForward('28:30');
      await warning.waitFor();
      expect(await warning.getByText(/signed out in [0-2]:\d\d without activity/).count()).toBe(1);
      expect(await status.textContent()).toContain('Are you still there?');
      expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('session-stay');
      await page.keyboard.press('Enter');
      await warning.waitFor({ state: 'detached' });
      expect(await status.textContent()).toBe('You are still signed in.');
    }
    expect(await page.getByTestId('balance-badge').count()).toBe(1);

    // Left unanswered, the session ends: the token is revoked and the guest top bar is back.
    await page.clock.fastForward('28:30');
    await warning.waitFor();
    await Promise.all([page.waitForEvent('load'), page.clock.fastForward('02:00')]);
    await page.getByTestId('login-button').waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
