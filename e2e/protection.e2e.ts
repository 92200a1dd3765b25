import { describe, expect, it } from 'vitest';
import { eventually, registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn } from './support/staff.ts';

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
    // While excluded the other tools are off, each saying why, and offers are not ticked.
    await eventually('the controls disabled', async () =>
      page.getByTestId('exclusion-start').isDisabled(),
    );
    expect(await page.getByTestId('timeout-start').isDisabled()).toBe(true);
    expect(await page.getByTestId('marketing-opt-in').isChecked()).toBe(false);
    expect(await page.getByTestId('marketing-opt-in').isDisabled()).toBe(true);
    expect(await page.getByTestId('excluded-note').count()).toBe(3);
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

  it('the operator makes VPN visitors demo only in the back office; a visitor through one is told why', async () => {
    const owner = await browser.newPage(DESKTOP);
    await ownerSignIn(owner);
    await owner.getByRole('link', { name: 'Jurisdictions' }).click();
    const select = owner.getByTestId('anonymiser-policy');
    await select.selectOption('demo_only');
    await owner.getByText('Saved').first().waitFor();
    if (process.env.SHOTS === '1')
      await owner.screenshot({ path: 'e2e/screenshots/bo-jurisdictions-location.png' });
    try {
      const visitor = await browser.newPage(MOBILE);
      await visitor.setExtraHTTPHeaders({ 'x-debug-anonymiser': '1', 'x-debug-country': 'MT' });
      await visitor.goto('/');
      await waitForApp(visitor);
      const banner = visitor.getByTestId('jurisdiction-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toBe(
        'Real-money play is off while you connect through a VPN, proxy or Tor. Turn it off to play for real money; demo games stay open.',
      );
      if (process.env.SHOTS === '1')
        await visitor.screenshot({ path: 'e2e/screenshots/anonymiser-banner-phone.png' });
    } finally {
      // Back to the default, for the journeys after this one.
      await select.selectOption('flag');
      await owner.getByText('Saved').first().waitFor();
    }
  });
});
