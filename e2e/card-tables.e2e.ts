import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';

/** Screenshots of the card tables for a human to look at (git-ignored). */
const SHOTS = path.join(import.meta.dirname, 'screenshots');
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(600);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, `cards-${name}.png`) });
}

describe.skipIf(skipJourneys())('journey: the card tables', () => {
  const browser = useBrowser();

  it('the demo player plays Teen Patti with real money, then a demo coup of Baccarat on a phone', {
    timeout: 240_000,
  }, async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/originals/teen-patti');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Real money');
    await shoot(page, 'desktop-teen-patti-empty');

    const before = await page.getByTestId('balance-badge').textContent();
    await page.getByTestId('chip-value').fill('2.00');
    await page.getByTestId('spot-ante').click();
    await page.getByTestId('chip-value').fill('0.50');
    await page.getByTestId('spot-pair_plus').click();
    expect(await page.getByTestId('card-staked').textContent()).toBe('2.50');
    await page.getByTestId('card-deal').click();

    // The result line, six faces on the felt, and the wallet moved by the net of the deal.
    await expect.poll(async () => page.getByTestId('card-result').textContent()).toContain('nonce');
    await expect.poll(async () => page.locator('[data-card]').count()).toBe(6);
    const token = await storedToken(page);
    const bets = (await (
      await fetch(`${browser.baseUrl()}/api/v1/customer/casino/bets`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: {
        id: string;
        game: string;
        amount: string;
        payout: string;
        details: { player: number[] };
      }[];
    };
    const bet = bets.data[0]!;
    expect(bet).toMatchObject({ game: 'teen-patti', amount: '2.50' });
    expect(bet.details.player).toHaveLength(3);
    const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
    await expect
      .poll(async () => money(await page.getByTestId('balance-badge').textContent()))
      .toBeCloseTo(money(before) - 2.5 + Number(bet.payout), 2);
    await shoot(page, 'desktop-teen-patti-dealt');

    // The verifier: rotating reveals the seed, and checking the bet draws its cards again from
    // it, beside the recorded deal.
    await page.goto('/provably-fair');
    await waitForApp(page);
    await page.getByTestId('fair-rotate').click();
    await page.getByTestId('fair-revealed').waitFor();
    await page.getByTestId(`check-${bet.id}`).click();
    await expect
      .poll(async () => page.getByTestId('verified-cards').locator('[data-card]').count())
      .toBe(6);
    expect(await page.getByTestId('verified-recorded').textContent()).toContain(
      'The recomputed result is the one recorded',
    );
    await page.getByTestId('verifier').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, 'cards-desktop-verifier.png') });

    // Baccarat on a phone, in demo: one coup, four to six cards on the felt.
    const phone = await browser.newPage(MOBILE);
    await phone.goto('/casino/originals/baccarat');
    await waitForApp(phone);
    await phone.getByTestId('mode-demo').click();
    await phone.getByTestId('spot-banker').click();
    await phone.getByTestId('spot-tie').click();
    // On a phone the deal button sits under the spots.
    await phone.getByTestId('card-deal-phone').click();
    await expect.poll(async () => phone.locator('[data-card]').count()).toBeGreaterThanOrEqual(4);
    expect(await phone.getByTestId('card-result').textContent()).toContain('nonce 0');
    await shoot(phone, 'phone-baccarat-demo');
  });
});
