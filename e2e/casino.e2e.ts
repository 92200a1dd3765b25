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

    // Rotate to reveal the server seed (the page checks it against the hash it showed), then
    // recompute the bet on the public verifier. The next seed's hash is shown before the new
    // client seed is typed, and that seed becomes the one in use.
    const nextHash = (await page.getByTestId('fair-next-hash').textContent())!;
    expect(nextHash).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('fair-client-input').fill('my-own-seed-42');
    await page.getByRole('button', { name: 'Rotate seeds' }).click();
    await page
      .getByTestId('fair-revealed')
      .filter({ hasText: 'the hash you were shown before you played' })
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

    // The player's own seeds and bets on the same page: the rotated-in seed is the one whose
    // hash was shown as next, and the revealed bet checks in one click.
    expect(await page.getByTestId('fair-server-hash').textContent()).toBe(nextHash);
    expect(await page.getByTestId('fair-client-seed').textContent()).toBe('my-own-seed-42');
    await page.getByTestId('my-bets').getByRole('button', { name: 'Check' }).first().click();
    await page
      .getByTestId('verified-recorded')
      .filter({ hasText: 'is the one recorded' })
      .waitFor();
    expect(await page.getByTestId('verified-roll').textContent()).toBe(roll);
  });
});
