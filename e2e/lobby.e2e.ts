import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  registerViaApi,
  signInViaUi,
  storedToken,
  uniqueEmail,
  waitForApp,
} from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn } from './support/staff.ts';

const shots = path.join(import.meta.dirname, 'screenshots');
async function shoot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

async function spinUntilBalanceMoves(
  page: Page,
  slot: FrameLocator,
  read: () => Promise<string | null>,
) {
  const before = await read();
  // A spin whose win equals its stake leaves the balance where it was: spin again then.
  for (let spin = 0; spin < 8; spin++) {
    await slot.getByTestId('slot-spin').click();
    await expect
      .poll(async () => slot.getByTestId('slot-spin').isEnabled(), { timeout: 10_000 })
      .toBe(true);
    await page.waitForTimeout(400);
    if ((await read()) !== before) return;
  }
  throw new Error('the balance never changed over 8 spins');
}

describe.skipIf(skipJourneys())('journey: the casino lobby and the demo studio slot', () => {
  const browser = useBrowser();

  it('browse, search, play the slot in demo as a guest, then with real money signed in', async () => {
    const page = await browser.newPage();
    await page.goto('/casino/home');
    await waitForApp(page);
    await page.getByTestId('row-featured').waitFor();
    await page.getByTestId('featured-game-lantern-fortune').waitFor();
    // Every tile's art has its size set before it loads (no layout shift).
    const sized = await page
      .locator('[data-testid="row-featured"] img')
      .evaluateAll((images) =>
        images.every((img) => img.getAttribute('width') && img.getAttribute('height')),
      );
    expect(sized).toBe(true);
    await shoot(page, 'desktop-lobby-home');

    // Search from the lobby: the all-games page filters by name.
    await page.getByTestId('game-search').fill('lantern');
    await page.getByTestId('game-search').press('Enter');
    await page.waitForURL(/\/casino\/all-games\?page=1&q=lantern/);
    await expect.poll(async () => page.getByTestId('games-total').textContent()).toBe('1 game');

    // A provider link from the side menu filters the grid.
    await page.goto('/casino/all-games?page=1&provider=Lantern%20Studio');
    await waitForApp(page);
    await page.getByTestId('provider-filter').waitFor();
    await page.getByTestId('game-dragon-pearls').waitFor();
    await page.goto('/casino/all-games?page=1');
    await waitForApp(page);
    await page.getByTestId('games-total').waitFor();
    // An honest lobby: no tile says "Coming soon" (every listed game opens).
    expect(await page.getByText('Coming soon').count()).toBe(0);
    await shoot(page, 'desktop-all-games');

    // The studio's slot in demo: play money, the mode said plainly.
    await page.goto('/casino/all-games?page=1&q=lantern');
    await waitForApp(page);
    await page.getByTestId('game-lantern-fortune').click();
    await page.waitForURL(/\/casino\/game\/lantern-fortune/);
    expect(await page.getByTestId('game-mode-note').textContent()).toContain('Demo mode');
    const demo = page.frameLocator('[data-testid="game-frame"]');
    await expect
      .poll(async () => demo.getByTestId('slot-balance').textContent())
      .toBe('1000.00 FUN');
    expect(await demo.getByTestId('slot-mode').textContent()).toContain('Demo');
    await spinUntilBalanceMoves(page, demo, () => demo.getByTestId('slot-balance').textContent());
    await shoot(page, 'desktop-slot-demo');

    // Signed in with the demo player's (seeded) money: real mode, the wallet moves.
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/game/lantern-fortune');
    await waitForApp(page);
    await expect
      .poll(async () => page.getByTestId('game-mode-note').textContent())
      .toContain('Real money');
    const real = page.frameLocator('[data-testid="game-frame"]');
    await expect
      .poll(async () => real.getByTestId('slot-balance').textContent())
      .toMatch(/^\d+\.\d\d EUR$/);
    expect(await real.getByTestId('slot-mode').textContent()).toContain('Real money');
    const badge = () => page.getByTestId('balance-badge').textContent();
    const before = await badge();
    await spinUntilBalanceMoves(page, real, () => real.getByTestId('slot-balance').textContent());
    // The site's own balance follows the ledger (pushed over the wallet WebSocket).
    await expect.poll(badge, { timeout: 10_000 }).not.toBe(before);
    await shoot(page, 'desktop-slot-real');

    // Continue playing now lists the slot.
    await page.goto('/casino/home');
    await waitForApp(page);
    await page.getByTestId('continue-game-lantern-fortune').waitFor();

    // The back office shows those rounds: GGR and actual vs stated RTP of the slot.
    const staff = await browser.newPage();
    await ownerSignIn(staff);
    await staff.goto('/admin/casino');
    const report = staff.getByTestId('casino-report');
    await report.getByText('Lantern Fortune').waitFor();
    expect(await report.textContent()).toContain('% / 96.01 %');
    await shoot(staff, 'desktop-admin-casino');
    // The connected studios: the built-in demo studio's URL and secret come from configuration.
    const studio = staff
      .getByRole('table', { name: 'Studios' })
      .getByRole('row', { name: /Lantern Studio/ });
    expect(await studio.textContent()).toContain('built-in demo');
    await studio.click();
    const dialog = staff.getByRole('dialog', { name: 'Lantern Studio' });
    await dialog.getByText(/ships with the product/).waitFor();
    expect(await dialog.getByLabel('Launch URL').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('studio-rotate').count()).toBe(0);
    await shoot(staff, 'desktop-admin-studio');
  });

  it('a bet has its page: opened from the history, verified after rotating the seed', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    // The seeded BRL demo player: its seeds are not used by the other journeys.
    await signInViaUi(page, 'lucas@example.com', 'demo-password-1');
    const token = await storedToken(page);
    const placed = await fetch(`${browser.baseUrl()}/api/v1/customer/casino/originals/dice/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        amount: '1.00',
        target: '50.50',
        direction: 'over',
        idempotency_key: `bet-page-${Date.now()}`,
      }),
    });
    expect(placed.status).toBe(200);
    const id = ((await placed.json()) as { data: { id: string } }).data.id;

    // Game recall on the history's Bets tab opens the bet's page.
    await page.goto('/transactions/bets');
    await waitForApp(page);
    await page.getByTestId(`recall-${id}`).click();
    await page.waitForURL(new RegExp(`/casino/bets/${id}$`));
    await page.getByTestId('outcome-dice').waitFor();
    expect(await page.getByTestId('bet-stake').textContent()).toBe('1.00 BRL');
    expect(await page.getByTestId('bet-verify').count()).toBe(0);

    // The seed is still in use: rotating reveals it, then the browser recomputes the roll.
    await page.getByTestId('bet-rotate').click();
    await expect
      .poll(async () => page.getByTestId('bet-server-seed').textContent())
      .toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('bet-verify').click();
    await expect
      .poll(async () => page.getByTestId('bet-verification').textContent())
      .toContain('Verified');
    await shoot(page, 'desktop-bet-page');

    // The ledger's movement of that bet is named by its game and links to the same page; the
    // period's deposit totals sit above the list.
    await page.goto('/transactions/bets');
    await waitForApp(page);
    await page.getByTestId('period-netDeposits').waitFor();
    expect(await page.getByTestId('period-summary').textContent()).toContain('Net deposits');
    expect(await page.getByTestId('bet-link').first().textContent()).toBe('Dice');
    await page.getByTestId('bet-link').first().click();
    await page.waitForURL(/\/casino\/bets\//);
    await page.getByTestId('bet-page').waitFor();
  });

  it('on a phone: the lobby, the grid and the slot fit 390 px', async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/casino/home');
    await waitForApp(page);
    await page.getByTestId('featured-game-lantern-fortune').waitFor();
    await shoot(page, 'mobile-lobby-home');
    await page.goto('/casino/slots');
    await waitForApp(page);
    await page.getByTestId('game-lantern-fortune').waitFor();
    await shoot(page, 'mobile-category-slots');
    await page.goto('/casino/all-games?page=1');
    await waitForApp(page);
    await page.getByTestId('games-total').waitFor();
    await shoot(page, 'mobile-all-games');
    await page.goto('/casino/game/lantern-fortune');
    await waitForApp(page);
    const slot = page.frameLocator('[data-testid="game-frame"]');
    await expect
      .poll(async () => slot.getByTestId('slot-balance').textContent())
      .toBe('1000.00 FUN');
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth > window.innerWidth',
    );
    expect(overflow).toBe(false);
    await shoot(page, 'mobile-slot-demo');
    await page.goto('/casino/providers');
    await waitForApp(page);
    await page.getByTestId('providers').getByText('Lantern Studio').waitFor();
    await shoot(page, 'mobile-providers');
  });

  it('a new player claims 10 free spins, plays them in the studio slot, and the winnings become a bonus', async () => {
    const email = uniqueEmail('spins');
    const password = 'journey-pass-spins';
    await registerViaApi(browser.baseUrl(), { name: 'Journey Spins', email, password });
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await signInViaUi(page, email, password);
    await page.goto('/promotions');
    await waitForApp(page);
    const card = page
      .getByTestId('promotion-card')
      .filter({ hasText: '10 free spins on Lantern Fortune' });
    await card.getByTestId('claim').click();
    await card.getByTestId('play-free-spins').waitFor();
    if (process.env.SHOTS === '1') {
      // After a reload the grant shows under "Your free spins", with its own Play button.
      await page.reload();
      await waitForApp(page);
      await page.getByTestId('free-spins-card').waitFor();
      await shoot(page, 'mobile-promotions-free-spins');
      await page.getByTestId('free-spins-play').click();
    } else {
      await card.getByTestId('play-free-spins').click();
    }
    await page.waitForURL(/\/casino\/game\/lantern-fortune/);
    const slot = page.frameLocator('[data-testid="game-frame"]');
    const ribbon = slot.getByTestId('slot-free');
    // The studio's page loads in its frame: on a loaded machine that takes more than the 1 s
    // expect.poll waits by default.
    await expect
      .poll(async () => ribbon.textContent(), { timeout: 15_000 })
      .toMatch(/^Free spins 0 \/ 10 · bet 0\.50 EUR/);
    if (process.env.SHOTS === '1') await shoot(page, 'mobile-slot-free-spins');
    for (let spin = 1; spin <= 10; spin++) {
      await slot.getByTestId('slot-spin').click();
      await expect
        .poll(async () => slot.getByTestId('slot-spin').isEnabled(), { timeout: 10_000 })
        .toBe(true);
      if (spin < 10) expect(await ribbon.textContent()).toContain(`Free spins ${spin} / 10`);
    }
    expect(await ribbon.isVisible()).toBe(false);
    const over = (await slot.getByTestId('slot-message').textContent()) ?? '';
    const won = /^Free spins over: you won (\d+\.\d\d) EUR, credited as a bonus\.$/.exec(over);
    expect(won, over).not.toBeNull();
    // Nothing was staked from the player's own (empty) wallet.
    expect(await slot.getByTestId('slot-balance').textContent()).toBe('0.00 EUR');
    await page.goto('/promotions');
    await waitForApp(page);
    const amount = won?.[1] ?? '0.00';
    if (amount !== '0.00') {
      const bonus = page.getByTestId('bonus-card').filter({ hasText: '10 free spins' });
      await expect
        .poll(async () => bonus.textContent())
        .toContain(`${amount.replace(/\.00$/, '')} EUR`);
    }
    expect(await page.getByTestId('free-spins-card').count()).toBe(0);
  });
});
