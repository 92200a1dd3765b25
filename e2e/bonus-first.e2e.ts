import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, registerViaApi, signInViaUi, uniqueEmail, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn, staffToken } from './support/staff.ts';

/** `SHOTS_DIR=/tmp/shots` saves screenshots (the back-office card, the player's bonus, phone too). */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string, testId?: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  if (testId) {
    await waitForApp(page);
    await page.getByTestId(testId).first().scrollIntoViewIfNeeded();
  }
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}

describe.skipIf(skipJourneys())('journey: the order of spending (decision 0805)', () => {
  const browser = useBrowser();

  it('the operator switches to bonus first; a player’s Dice stake then comes from their bonus and the promotions page shows what is left', {
    timeout: 180_000,
  }, async () => {
    const staff = await browser.newPage();
    await ownerSignIn(staff);
    await staff.getByRole('link', { name: 'Promotions' }).click();
    const order = staff.getByTestId('spending-order');
    await order.waitFor();
    expect(await order.inputValue()).toBe('cash_first');
    await order.selectOption('bonus_first');
    expect(await staff.getByText(/stake a running bonus's balance before cash/).count()).toBe(1);
    await staff.getByRole('button', { name: 'Save', exact: true }).click();
    await staff.getByText('Bonus settings updated').waitFor();
    await shot(staff, 'bo-spending-order');
    const restore = async () => {
      const response = await fetch(`${browser.baseUrl()}/api/admin/bonus-settings`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${await staffToken(staff)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ spending_order: 'cash_first' }),
      });
      expect(response.status).toBe(200);
    };

    try {
      const email = uniqueEmail('journey-bonus-first');
      const password = 'journey-pass-bonus-first';
      await registerViaApi(browser.baseUrl(), { name: 'Journey Bonus First', email, password });
      const player = await browser.newPage();
      await player.goto('/');
      await signInViaUi(player, email, password);
      await player.goto('/promotions');
      // The demo's no-deposit offer: 5 EUR of bonus money and no cash at all.
      await player
        .getByTestId('promotion-card')
        .filter({ hasText: 'A free 5 EUR' })
        .getByTestId('claim')
        .click();
      await player.getByTestId('bonus-card').waitFor();
      expect(await player.getByTestId('bonus-left').count()).toBe(0);
      // The top bar's badge stays the cash balance (spec §4); the bonus money shows beneath it.
      await expect
        .poll(async () => player.getByTestId('balance-bonus').textContent())
        .toBe('+€5.000 bonus');
      expect(await player.getByTestId('balance-badge').textContent()).toBe('€0.000');

      await player.goto('/casino/originals/dice');
      await player.getByTestId('mode-real').click();
      await player.getByTestId('dice-amount').fill('2.00');
      await player.getByTestId('dice-roll').click();
      await player.getByTestId('dice-history').waitFor();

      // A player without cash could only have staked bonus money; what is left shows on the card.
      await player.goto('/promotions');
      const left = player.getByTestId('bonus-left');
      await eventually('the bonus balance moved', async () => (await left.count()) === 1);
      // 5.00 − 2.00, plus the roll's win if it won: never the 5.00 granted.
      const text = (await left.textContent()) ?? '';
      expect(text).toMatch(/left$/);
      expect(text).not.toContain('5.00');
      await shot(player, 'player-bonus-left', 'bonus-card');

      // A studio slot is told the bonus money too: its balance is cash (none) + bonus, and a
      // spin stakes the bonus.
      const leftAmount = Number(/[\d.]+/.exec(text)![0]);
      await player.goto('/casino/game/lantern-fortune');
      await waitForApp(player);
      const slot = player.frameLocator('[data-testid="game-frame"]');
      await expect
        .poll(async () => slot.getByTestId('slot-balance').textContent())
        .toBe(`${leftAmount.toFixed(2)} EUR`);
      await slot.getByTestId('slot-spin').click();
      await expect
        .poll(async () => slot.getByTestId('slot-spin').isEnabled(), { timeout: 10_000 })
        .toBe(true);
      expect(await slot.getByTestId('slot-message').textContent()).not.toMatch(/low|error/i);
      await shot(player, 'player-slot-bonus');
      const phone = await browser.newPage(MOBILE);
      await phone.goto('/');
      await signInViaUi(phone, email, password);
      await phone.goto('/promotions');
      await phone.getByTestId('bonus-left').waitFor();
      await shot(phone, 'player-bonus-left-phone', 'bonus-card');
      await phone.getByTestId('balance-bonus').waitFor();
      await shot(phone, 'player-top-bar-bonus-phone');
    } finally {
      await restore();
    }
  });
});
