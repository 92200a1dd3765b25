import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForText,
} from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { sql } from './support/staff.ts';

/** Turns two-factor on for the signed-in player through the API; the app's secret. */
async function enableTwoFactor(baseUrl: string, token: string) {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { data?: { secret?: string } };
    if (!response.ok) throw new Error(`${path} → ${response.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const secret = (await post('/customer/me/two-factor/enrol', {}))!.secret!;
  await post('/customer/me/two-factor/confirm', { code: await totp(secret) });
  return secret;
}

const totp = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

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

    // With two-factor on, a withdrawal to a new address asks for a code from the app. A second
    // tab signs in afresh (the first one reloads on its own after the deposit) once KYC is
    // approved, then turns two-factor on.
    await sql(`update players set kyc_status = 'APPROVED' where email = $1`, [email]);
    const second = await browser.newPage();
    await second.goto('/');
    await signInViaUi(second, email, password);
    const secret = await enableTwoFactor(browser.baseUrl(), (await storedToken(second))!);
    await second.getByTestId('wallet-button').click();
    const secondWallet = second.getByTestId('wallet-modal');
    await secondWallet.getByRole('tab', { name: 'Crypto Withdraw' }).click();
    const withdraw = secondWallet.getByTestId('crypto-withdraw-form');
    await withdraw.getByLabel('Currency').selectOption({ label: 'USDT · Tether USD' });
    await withdraw.getByLabel('Network').selectOption('TRC20');
    await withdraw.getByLabel(/Amount/).fill('10');
    await withdraw.getByLabel('Payment address').fill('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    await withdraw.getByLabel('Payment address').blur();
    await withdraw.getByText('Payment Address is valid!').waitFor();
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    const code = withdraw.getByTestId('crypto-two-factor-code');
    await code.waitFor();
    // The code just used to turn it on is spent: the next step's code is accepted early.
    await code.fill(await totp(secret, 1));
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await second.getByText('Withdrawal requested').first().waitFor();
  });
});
