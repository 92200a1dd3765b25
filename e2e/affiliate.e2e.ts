import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: a referral through a campaign link', () => {
  const browser = useBrowser();

  it('a player creates a campaign; a visitor lands on its link and signs up; the referral shows on /affiliate/overview', async () => {
    const baseUrl = browser.baseUrl();
    const email = uniqueEmail('journey-aff');
    const password = 'journey-pass-aff';
    await registerViaApi(baseUrl, { name: 'Journey Affiliate', email, password });
    const page = await browser.newPage();
    await page.goto('/');
    await signInViaUi(page, email, password);
    await page.goto('/affiliate/overview');
    await page.getByTestId('referral-link').filter({ hasText: '?c=' }).waitFor();
    const code = `J${Date.now() % 1_000_000}`;
    await page.getByLabel('Campaign name').fill('Journey stream');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByTestId('create-campaign').click();
    await page.getByTestId('campaigns').getByText(code).waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`/?c=${code}`);
    await waitForApp(visitor);
    await registerViaApi(baseUrl, {
      name: 'Referred Visitor',
      email: uniqueEmail('journey-ref'),
      password,
      campaign_code: code,
    });

    await page.reload();
    await page.getByTestId('referrals').waitFor();
    expect(await page.getByTestId('referrals').textContent()).toContain(code);
    const row = page.getByTestId('campaigns').getByRole('row', { name: new RegExp(code) });
    // Name, code, clicks 1, sign-ups 1, first deposits 0.
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 5))
      .toEqual(['Journey stream', code, '1', '1', '0']);
  });
});
