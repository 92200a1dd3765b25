import { describe, expect, it } from 'vitest';
import {
  logoutViaApi,
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForApp,
} from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: a revoked session signs the player out', () => {
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
});
