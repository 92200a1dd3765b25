import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: player protection', () => {
  const browser = useBrowser();

  it('a visitor from India is told real money is off; a player sets a deposit limit, is refused above it, then self-excludes', async () => {
    const visitor = await browser.newPage();
    await visitor.setExtraHTTPHeaders({ 'x-debug-country': 'IN' });
    await visitor.goto('/');
    await waitForApp(visitor);
    const banner = visitor.getByTestId('jurisdiction-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(
      'Real-money play is not available in your country (IN). You can still play demo games.',
    );

    const email = uniqueEmail('journey-rg');
    const password = 'journey-pass-rg';
    await registerViaApi(browser.baseUrl(), { name: 'Journey Protection', email, password });
    const page = await browser.newPage();
    await page.setExtraHTTPHeaders({ 'x-debug-country': 'MT' });
    await page.goto('/');
    await signInViaUi(page, email, password);
    expect(await page.getByTestId('jurisdiction-banner').count()).toBe(0);
    await page.goto('/responsible-gaming');
    const limits = page.getByTestId('limits-form');
    await limits.getByLabel(/Daily/).fill('100');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved.').waitFor();

    await page.getByTestId('wallet-button').click();
    const wallet = page.getByTestId('wallet-modal');
    await wallet.getByRole('tab', { name: 'Crypto Deposit' }).click();
    const form = wallet.getByTestId('crypto-deposit-form');
    await form.getByLabel('Currency').selectOption({ label: 'BTC · Bitcoin' });
    await form.getByLabel(/Amount/).fill('150');
    await page.getByTestId('crypto-converted').filter({ hasText: 'BTC' }).waitFor();
    await form.getByRole('button', { name: 'Get deposit address' }).click();
    await page
      .getByText(
        'This deposit would exceed your daily deposit limit. You can deposit up to 100.00 EUR now.',
      )
      .waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Self-exclude' }).click();
    await page.getByTestId('exclusion-confirm').click();
    await page.getByTestId('excluded-notice').waitFor();
    await page.getByTestId('wallet-button').click();
    await wallet.getByRole('tab', { name: 'Crypto Deposit' }).click();
    await form.getByLabel('Currency').selectOption({ label: 'BTC · Bitcoin' });
    await form.getByLabel(/Amount/).fill('10');
    await page.getByTestId('crypto-converted').filter({ hasText: 'BTC' }).waitFor();
    await form.getByRole('button', { name: 'Get deposit address' }).click();
    await page
      .getByText(/Your account is self-excluded/)
      .first()
      .waitFor();
  });
});
