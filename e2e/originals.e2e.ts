import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn } from './support/staff.ts';

/** Screenshots of every original page for a human to look at (git-ignored). */
const SHOTS = path.join(import.meta.dirname, 'screenshots');
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  // The board is what matters: start at the top (a click may have scrolled the page).
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, `originals-${name}.png`) });
}

describe.skipIf(skipJourneys())('journey: the originals', () => {
  const browser = useBrowser();

  it('the demo player plays Mines with real money (a reload keeps the round), then Crash in demo', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/originals/mines');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Real money');
    const before = await page.getByTestId('balance-badge').textContent();
    await page.getByTestId('mines-amount').fill('1.00');
    await page.getByTestId('mines-count').selectOption('1');
    await page.getByTestId('mines-start').click();
    await page.getByTestId('mines-cashout').waitFor();
    await expect.poll(async () => page.getByTestId('balance-badge').textContent()).not.toBe(before);

    // Reveal tiles until a gem (1 mine in 25: the first tile is a gem 24 times in 25).
    let tile = 0;
    for (; tile < 25; tile++) {
      await page.getByTestId(`tile-${tile}`).click();
      await expect
        .poll(async () => page.getByTestId(`tile-${tile}`).getAttribute('data-state'))
        .not.toBe('hidden');
      if ((await page.getByTestId(`tile-${tile}`).getAttribute('data-state')) === 'gem') break;
      // A mine: start another round.
      await page.getByTestId('mines-start').click();
      await page.getByTestId('mines-cashout').waitFor();
    }
    await shoot(page, 'desktop-mines-playing');
    // A reload: the server still holds the round, the gem is still shown.
    await page.reload();
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await expect
      .poll(async () => page.getByTestId(`tile-${tile}`).getAttribute('data-state'))
      .toBe('gem');
    const balanceBefore = await page.getByTestId('balance-badge').textContent();
    await page.getByTestId('mines-cashout').click();
    await page.getByTestId('mines-start').waitFor();
    expect(await page.getByTestId('mines-status').textContent()).toContain('You won 1.03');
    await expect
      .poll(async () => page.getByTestId('balance-badge').textContent())
      .not.toBe(balanceBefore);
    const token = await storedToken(page);
    const bets = (await (
      await fetch(`${browser.baseUrl()}/api/v1/customer/casino/bets`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { game: string; payout: string; state: string }[] };
    expect(bets.data[0]).toMatchObject({ game: 'mines', payout: '1.03', state: 'settled' });

    // Crash in demo: a live round over the socket; bet play money, cash out automatically at 1.01×
    // (or lose if the round busts at 1.00×: then the next round).
    await page.goto('/casino/originals/crash');
    await waitForApp(page);
    await page.getByTestId('mode-demo').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Demo mode');
    await page.getByTestId('crash-auto').fill('1.01');
    const demoNote = await page.getByTestId('mode-note').textContent();
    for (let attempt = 0; attempt < 5; attempt++) {
      await page
        .getByTestId('crash-bet')
        .and(page.locator(':enabled'))
        // A long round (a high crash point) runs over a minute before the next betting phase.
        .waitFor({ timeout: 120_000 });
      // The betting phase is 7 s: on a busy machine it can close between seeing the button
      // enabled and the click landing. Then try the next round.
      const placed = await page
        .getByTestId('crash-bet')
        .click({ timeout: 3_000 })
        .then(() =>
          page
            .getByTestId('crash-mine')
            .filter({ hasText: /riding/ })
            .waitFor({ timeout: 15_000 }),
        )
        .then(() => true)
        .catch(() => false);
      if (!placed) continue;
      if (attempt === 0) await shoot(page, 'desktop-crash-betting');
      await page
        .getByTestId('crash-mine')
        .filter({ hasText: /Cashed out|Crashed/ })
        .waitFor({ timeout: 30_000 });
      if ((await page.getByTestId('crash-mine').textContent())?.includes('Cashed out')) break;
    }
    expect(await page.getByTestId('crash-mine').textContent()).toContain('Cashed out at 1.01×');
    expect(await page.getByTestId('mode-note').textContent()).not.toBe(demoNote);
    await page.getByTestId('crash-rounds').locator('li').first().waitFor({ timeout: 30_000 });
    const hash = await page.getByTestId('crash-rounds').locator('li').first().textContent();
    expect(hash).toMatch(/[0-9a-f]{64}/);
  });

  it('Crash with real money tells the truth: an auto cash-out win shows "Cashed out at 1.01×" with the win, a loss shows the crash', {
    timeout: 400_000,
  }, async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/casino/originals/crash');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    expect(await page.getByTestId('mode-note').textContent()).toContain('Real money');
    await page.getByTestId('crash-amount').fill('1.00');
    const mine = page.getByTestId('crash-mine');

    /** Bets on the next round that takes bets; false when its 7 s closed before the click landed. */
    const placeBet = async (auto: string) => {
      // A long round (a high crash point) runs over a minute before the next betting phase.
      await page
        .getByTestId('crash-bet')
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 120_000 });
      await page.getByTestId('crash-auto').fill(auto);
      return page
        .getByTestId('crash-bet')
        .click({ timeout: 3_000 })
        .then(() => mine.filter({ hasText: /riding/ }).waitFor({ timeout: 15_000 }))
        .then(() => true)
        .catch(() => false);
    };
    // Every text the player's message shows, in order (the bug showed the win, then the loss).
    await page.evaluate(`(() => {
      const element = document.querySelector('[data-testid="crash-mine"]');
      window.mineLog = [];
      new MutationObserver(() => window.mineLog.push(element.textContent))
        .observe(element, { childList: true, subtree: true, characterData: true });
    })()`);
    /** The messages the bet's round showed, once it is over and the next one takes bets. */
    const outcome = async () => {
      await mine.filter({ hasText: /Cashed out|Crashed before/ }).waitFor({ timeout: 120_000 });
      await page
        .getByTestId('crash-phase')
        .filter({ hasText: 'Place your bets' })
        .waitFor({ timeout: 120_000 });
      const log = (await page.evaluate('window.mineLog.splice(0)')) as string[];
      return log.filter((text) => /Cashed out|Crashed before/.test(text));
    };

    // The server cashes the bet out at 1.01× by itself (the page never asks); a round that
    // busts at 1.00× (about 1 in 50) is a true loss: then the next round.
    let won: string[] = [];
    for (let attempt = 0; attempt < 5 && won.length === 0; attempt++) {
      if (!(await placeBet('1.01'))) continue;
      const shown = await outcome();
      if (shown.some((text) => text.includes('Cashed out'))) won = shown;
      else expect(shown.at(-1)).toContain('Crashed before you cashed out');
    }
    expect(won.length).toBeGreaterThan(0);
    for (const text of won) {
      expect(text).toContain('Cashed out at 1.01×');
      expect(text).toMatch(/you won 1\.01/);
    }
    const token = await storedToken(page);
    const bets = (await (
      await fetch(`${browser.baseUrl()}/api/v1/customer/casino/crash/bets`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: { status: string; cashout: string | null; auto_cashout: string | null }[];
    };
    expect(bets.data[0]).toMatchObject({ status: 'cashed', cashout: '1.01', auto_cashout: '1.01' });

    // No auto cash-out and no click: the bet rides until the crash and is lost.
    let lost: string[] = [];
    for (let attempt = 0; attempt < 5 && lost.length === 0; attempt++) {
      if (await placeBet('')) lost = await outcome();
    }
    expect(lost.length).toBeGreaterThan(0);
    for (const text of lost) expect(text).toContain('Crashed before you cashed out.');
  });

  // Both sizes with `SHOTS=1` (screenshots for a person to judge); the phone alone otherwise,
  // which still plays each page in demo.
  it('the demo player plays Roulette (a few chips) and Keno with real money: the result shows and the balance follows it', {
    timeout: 180_000,
  }, async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    /** Cash plus bonus as the badge shows them (a bet may be staked by a running bonus). */
    const balance = async () =>
      [...((await page.getByTestId('balance-badge').textContent()) ?? '').matchAll(/[\d,]+\.\d+/g)]
        .map((m) => Number(m[0].replaceAll(',', '')))
        .reduce((a, b) => a + b, 0);
    const token = await storedToken(page);
    const lastBet = async () =>
      (
        (await (
          await fetch(`${browser.baseUrl()}/api/v1/customer/casino/bets`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()) as {
          data: {
            game: string;
            amount: string;
            payout: string;
            details: Record<string, unknown>;
          }[];
        }
      ).data[0]!;

    await page.goto('/casino/originals/roulette');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    const before = await balance();
    await page.getByTestId('roulette-chip-100').click();
    await page.getByTestId('roulette-red').click();
    await page.getByTestId('roulette-n-17').click();
    await page.getByTestId('roulette-dozen-2').click();
    expect(await page.getByTestId('roulette-total').textContent()).toContain('3.00');
    await page.getByTestId('roulette-spin').click();
    await shoot(page, 'mobile-roulette-real');
    await expect
      .poll(async () => page.getByTestId('roulette-pocket').textContent())
      .toMatch(/^\d+$/);
    const spun = await lastBet();
    expect(spun).toMatchObject({ game: 'roulette', amount: '3.00' });
    expect(await page.getByTestId('roulette-pocket').textContent()).toBe(
      String(spun.details.pocket),
    );
    const result = await page.getByTestId('roulette-result').textContent();
    if (Number(spun.payout) > 0) expect(result).toContain(spun.payout);
    await expect.poll(balance).toBeCloseTo(before - 3 + Number(spun.payout), 2);

    await page.goto('/casino/originals/keno');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    const kenoBefore = await balance();
    for (const n of [3, 11, 19, 27, 35]) await page.getByTestId(`keno-square-${n}`).click();
    await page.getByTestId('keno-amount').fill('1.00');
    await page.getByTestId('keno-bet').click();
    await expect
      .poll(async () => page.getByTestId('keno-hits').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+$/);
    const drawn = await lastBet();
    expect(drawn).toMatchObject({ game: 'keno', amount: '1.00' });
    const hits = (drawn.details.hits as number[]).length;
    expect(await page.getByTestId('keno-hits').textContent()).toBe(String(hits));
    for (const n of drawn.details.drawn as number[])
      expect(await page.getByTestId(`keno-square-${n}`).getAttribute('data-state')).toMatch(
        /hit|drawn/,
      );
    await expect.poll(balance).toBeCloseTo(kenoBefore - 1 + Number(drawn.payout), 2);
    await shoot(page, 'mobile-keno-real');
  });

  it('every original page plays in demo on a phone (and at 1280×800 with SHOTS=1, screenshots)', async () => {
    const sizes = [
      ['mobile', MOBILE],
      ...(process.env.SHOTS ? ([['desktop', DESKTOP]] as const) : []),
    ] as const;
    for (const [label, viewport] of sizes) {
      const page = await browser.newPage(viewport);
      await page.goto('/casino/originals/limbo');
      await waitForApp(page);
      await page.getByTestId('limbo-bet').click();
      await page.waitForTimeout(900);
      await shoot(page, `${label}-limbo`);
      await page.goto('/casino/originals/plinko');
      await waitForApp(page);
      await page.getByTestId('plinko-drop').click();
      await page.waitForTimeout(600);
      await page.getByTestId('plinko-drop').click();
      await shoot(page, `${label}-plinko-dropping`);
      await page.waitForTimeout(2_500);
      await shoot(page, `${label}-plinko`);
      await page.goto('/casino/originals/mines');
      await waitForApp(page);
      await page.getByTestId('mines-start').click();
      await page.getByTestId('tile-12').click();
      await shoot(page, `${label}-mines`);
      await page.goto('/casino/originals/crash');
      await waitForApp(page);
      await page
        .getByTestId('crash-phase')
        .filter({ hasText: /Rising|Place your bets/ })
        .waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1_500);
      await shoot(page, `${label}-crash`);
      await page.goto('/casino/originals/keno');
      await waitForApp(page);
      await page.getByTestId('keno-auto').click();
      await page.getByTestId('keno-bet').click();
      await expect
        .poll(async () => page.getByTestId('keno-hits').textContent(), { timeout: 15_000 })
        .toMatch(/^\d+$/);
      await shoot(page, `${label}-keno`);
      await page.goto('/casino/originals/wheel');
      await waitForApp(page);
      await page.getByTestId('wheel-spin').click();
      await expect
        .poll(async () => page.getByTestId('wheel-result').textContent(), { timeout: 15_000 })
        .toContain('×');
      await shoot(page, `${label}-wheel`);
      await page.goto('/casino/originals/roulette');
      await waitForApp(page);
      await page.getByTestId('roulette-n-0').click();
      await page.getByTestId('roulette-black').click();
      await page.getByTestId('roulette-column-2').click();
      await page.getByTestId('roulette-spin').click();
      await expect
        .poll(async () => page.getByTestId('roulette-pocket').textContent())
        .toMatch(/^\d+$/);
      await shoot(page, `${label}-roulette`);
      await page.goto('/provably-fair');
      await waitForApp(page);
      await page.getByTestId('verify-plinko').click();
      await shoot(page, `${label}-provably-fair`);
    }
  });

  it('the owner sets the house edge of Limbo in the back office; the player page shows the new chance', async () => {
    const staff = await browser.newPage();
    await ownerSignIn(staff);
    await staff.goto('/admin/originals');
    await staff.getByText('limbo', { exact: true }).click();
    await staff.getByLabel('House edge (%)').fill('2.00');
    await staff.getByTestId('save-originals').click();
    await staff.getByText('2.00 %').first().waitFor();
    await shoot(staff, 'desktop-backoffice');
    const player = await browser.newPage();
    await player.goto('/casino/originals/limbo');
    await waitForApp(player);
    // 98 % / 2.00× = 49 % (it was 49.5 % at the default 1 %).
    await player.getByText('49.0000%').waitFor();
    await staff.getByText('limbo', { exact: true }).click();
    await staff.getByLabel('House edge (%)').fill('1.00');
    await staff.getByTestId('save-originals').click();
    await staff.getByText('1.00 %').first().waitFor();
  });
});
