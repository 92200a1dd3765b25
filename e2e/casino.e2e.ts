import { describe, expect, it } from 'vitest';
import { signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

describe.skipIf(skipJourneys())('journey: Dice, demo then real money, verified', () => {
  const browser = useBrowser();

  it('a guest plays demo Dice; the demo player plays with real money; the bet is verified on /provably-fair', async () => {
    const page = await browser.newPage();
    await page.goto('/casino/home');
    await waitForApp(page);
    await page.getByTestId('game-dice').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Demo mode');
    await page.getByTestId('dice-roll').click();
    await page
      .getByTestId('dice-result')
      .filter({ hasText: /\d+\.\d\d/ })
      .waitFor();

    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/originals/dice');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Real money');
    const before = await page.getByTestId('balance-badge').textContent();
    await page.getByTestId('dice-amount').fill('2.00');
    await page.getByTestId('dice-roll').click();
    await page.getByTestId('dice-history').waitFor();
    const roll = (await page.getByTestId('dice-result').textContent())!;
    await expect.poll(async () => page.getByTestId('balance-badge').textContent()).not.toBe(before);

    // Rotate to reveal the server seed, then recompute the bet on the public verifier.
    await page.getByRole('button', { name: 'Rotate seeds' }).click();
    await page
      .getByText(/Previous server seed/)
      .first()
      .waitFor();
    const token = await storedToken(page);
    const response = await fetch(`${browser.baseUrl()}/api/v1/customer/casino/bets`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const bets = (
      (await response.json()) as {
        data: Array<{ server_seed: string; client_seed: string; nonce: number; roll: string }>;
      }
    ).data;
    const last = bets[0]!;
    expect(last.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(last.roll).toBe(roll);
    await page.goto('/provably-fair');
    await waitForApp(page);
    const form = page.getByTestId('verifier');
    await form.getByLabel('Server seed (revealed)').fill(last.server_seed);
    await form.getByLabel('Client seed:').fill(last.client_seed);
    await form.getByLabel('Nonce').fill(String(last.nonce));
    await form.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByTestId('verified-roll').textContent()).toBe(roll);
  });
});
