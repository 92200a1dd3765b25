import { describe, expect, it } from 'vitest';
import { registerViaApi, signInViaUi, uniqueEmail, waitForText } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: a crypto deposit on the sandbox', () => {
  const browser = useBrowser();

  it('a player picks USDT on TRC20, gets an estimate, an address and a QR code; the sandbox pays and the balance follows', async () => {
    const email = uniqueEmail('journey-crypto');
    const password = 'journey-pass-crypto';
    await registerViaApi(browser.baseUrl(), { name: 'Journey Crypto', email, password });
    const page = await browser.newPage();
    await page.goto('/');
    await signInViaUi(page, email, password);
    await page.getByTestId('wallet-button').click();
    const wallet = page.getByTestId('wallet-modal');
    await wallet.getByRole('tab', { name: 'Crypto Deposit' }).click();
    const form = wallet.getByTestId('crypto-deposit-form');
    // The spec's messages come before anything is sent.
    await form.getByRole('button', { name: 'Get deposit address' }).isDisabled();
    await form.getByLabel('Currency').selectOption({ label: 'USDT · Tether USD' });
    await form.getByLabel('Network').selectOption('TRC20');
    await form.getByLabel(/Amount/).fill('100');
    // 100 EUR at 1.08 USDT per EUR.
    await waitForText(page, 'crypto-converted', '108 USDT');
    await form.getByRole('button', { name: 'Get deposit address' }).click();
    const address = wallet.getByTestId('crypto-deposit-address');
    await address.waitFor();
    expect(await address.getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await wallet.getByTestId('crypto-pay-address').textContent()).toMatch(
      /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    );
    await waitForText(page, 'crypto-status', 'processing');
    await wallet.getByTestId('crypto-simulate').click();
    await waitForText(page, 'crypto-status', 'deposited');
    // The live balance push, then the reload the spec asks for 5 s after a deposit.
    await waitForText(page, 'balance-badge', '100.000', 15_000);
  });
});
