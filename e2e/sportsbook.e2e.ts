import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, signInViaUi, waitForApp } from './support/app.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { ownerSignIn } from './support/staff.ts';

/**
 * The server runs with NODE_ENV=test, where the simulated feed never ticks on its own:
 * the journey drives it (`/dev/sports/tick`, simulated milliseconds).
 */
async function tick(baseUrl: string, ms: number) {
  const response = await fetch(`${baseUrl}/dev/sports/tick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  if (!response.ok) throw new Error(`tick: ${response.status} ${await response.text()}`);
}

async function balance(page: Page) {
  return (await page.getByTestId('balance-badge').textContent())?.trim() ?? '';
}

/** The operator gives cricket an in-play delay of its own on the trading desk (the test server's default is 0). */
async function setCricketDelay(trader: Page, seconds: string) {
  await trader.goto('/admin/trading');
  const cricketLive = trader.locator('[data-testid="live-setting"][data-sport="cricket"]');
  await cricketLive.getByLabel('Cricket in-play delay').fill(seconds);
  await cricketLive.getByRole('button', { name: 'Save' }).click();
  await eventually(
    'the delay saved',
    async () =>
      (await cricketLive.locator('input').first().inputValue()) === seconds &&
      !((await cricketLive.textContent()) ?? '').includes('(default)'),
  );
}

describe.skipIf(skipJourneys())('journey: sportsbook', () => {
  const browser = useBrowser();

  it('live cricket with moving odds; a single through the in-play delay and a 3-leg multiple; half the single cashed out, then the rest; a trader stop reaches the slip; the multiple settles at full time', async () => {
    const baseUrl = browser.baseUrl();
    await tick(baseUrl, 0);
    const trader = await browser.newPage();
    await ownerSignIn(trader);
    await setCricketDelay(trader, '1.5');
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    const before = await balance(page);

    await page.goto('/sports?sport=cricket');
    await waitForApp(page);
    const row = page.getByTestId('sports-event-row').first();
    await row.waitFor();
    // Balls are bowled: the score and the prices move, pushed over the socket.
    const firstOdds = page.getByTestId('odds-button').first();
    const oddsBefore = await firstOdds.getAttribute('data-odds');
    await tick(baseUrl, 45_000 * 9);
    await eventually(
      'the live price to move',
      async () => (await firstOdds.getAttribute('data-odds')) !== oddsBefore,
      15_000,
    );
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/1\.[3-6] ov/);

    // A single on the live match: the slip counts the delay down, then the bet is open.
    await page.reload(); // the catalogue as it is now: cricket's delay
    await waitForApp(page);
    await firstOdds.click();
    await page.getByTestId('single-stake').fill('5');
    await expect
      .poll(async () => page.getByTestId('potential-return').textContent())
      .not.toBe('€0.00');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('live-delay').waitFor();
    expect(await page.getByTestId('live-delay-seconds').textContent()).toMatch(/^[01]\.\d /);
    await page.screenshot({ path: 'e2e/screenshots/sportsbook-live-delay.png' }).catch(() => {});
    await page.getByTestId('my-bet').first().waitFor();
    expect(await page.getByTestId('my-bet').count()).toBe(1);

    // A 3-leg multiple on the live cricket, football and tennis matches.
    await page.getByTestId('slip-tab-slip').click();
    await page.getByTestId('sport-all').click();
    const rows = page.getByTestId('sports-event-row');
    await eventually('three live matches', async () => (await rows.count()) >= 3);
    for (let i = 0; i < 3; i++) await rows.nth(i).getByTestId('odds-button').first().click();
    expect(await page.getByTestId('slip-item').count()).toBe(3);
    await page.getByTestId('slip-kind-multiple').click();
    await page.getByTestId('combo-stake').fill('2');
    await page.getByTestId('place-bet').click();
    await eventually('two open bets', async () => (await page.getByTestId('my-bet').count()) === 2);

    // Cash out the live single at the offer shown.
    await page.getByTestId('cashout').last().waitFor();
    await eventually(
      'a cash-out offer',
      async () => await page.getByTestId('cashout').last().isEnabled(),
      15_000,
    );
    // Half of it first: confirmed, paid, the other half still riding with its history shown.
    const single = page.getByTestId('my-bet').last();
    const stakeBefore = (await single.locator('footer b').first().textContent()) ?? '';
    await single.getByTestId('cashout-share-50').click({ timeout: 15_000 });
    await single.getByTestId('cashout-confirm').waitFor({ timeout: 15_000 });
    await single.getByTestId('cashout-confirm-button').click({ timeout: 15_000 });
    await single
      .getByTestId('cashout-history')
      .waitFor({ timeout: 15_000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/sbc-partial.png' });
        throw error;
      });
    expect(await single.getAttribute('data-status')).toBe('open');
    expect(await single.locator('footer b').first().textContent()).not.toBe(stakeBefore);
    await eventually('the balance to change', async () => (await balance(page)) !== before);
    // Then the rest.
    await eventually(
      'a cash-out offer for the rest',
      async () => await page.getByTestId('cashout').last().isEnabled(),
      15_000,
    );
    await page.getByTestId('cashout').last().click();
    await page.getByTestId('bets-settled').click();
    await eventually(
      'the cashed-out bet',
      async () =>
        (await page.locator('[data-testid="my-bet"][data-status="cashed_out"]').count()) === 1,
    );

    // A trader suspends a market that is in the player's slip; the slip says so at once.
    await page.getByTestId('sport-cricket').click();
    await page.getByTestId('sports-event-row').first().locator('button').first().click();
    await page.getByTestId('sports-event').waitFor();
    const home =
      (await page.getByTestId('sports-event').locator('.order-1 div').first().textContent()) ?? '';
    const market = page.locator('[data-testid="market"][data-market-type="innings_runs"]').first();
    const marketName = (await market.locator('h3').textContent()) ?? '';
    await market.getByTestId('market-odds').first().click();
    await page.getByTestId('slip-tab-slip').click();
    await page.getByTestId('slip-item').first().waitFor();

    // In Bengali the market is named from its translated template, the team as the feed gave it,
    // on the event page and in the slip (decision 0980); back to English for the desk's names.
    await page.getByTestId('language-select').click();
    await page.locator('[data-language="bn"]').click();
    const slipText = async () => (await page.getByTestId('slip-item').first().textContent()) ?? '';
    await eventually('the slip in Bengali', async () =>
      (await slipText()).includes(`${home}-এর ইনিংসের রান`),
    );
    expect(await market.locator('h3').textContent()).toBe(`${home}-এর ইনিংসের রান`);
    await page.getByTestId('language-select').click();
    await page.locator('[data-language="en"]').click();
    await eventually('the slip in English', async () => (await slipText()).includes(marketName));

    await trader.getByTestId('trader-event').filter({ hasText: home }).first().click();
    await trader.getByTestId('trader-reason').fill('journey: suspicious activity');
    const traderMarket = trader.locator(
      `[data-testid="trader-market"][data-market-name="${marketName}"]`,
    );
    await traderMarket.getByTestId('trader-market-toggle').click();
    await eventually(
      'the slip to show the suspension',
      async () => (await page.getByTestId('slip-problem').count()) > 0,
      10_000,
    );
    expect(await page.getByTestId('place-bet').isDisabled()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/sportsbook-suspended.png' }).catch(() => {});

    // The desk shows each market's book (Σ 1/odds); a manual price that would take it under
    // the sport's floor is previewed in red, refused with a warning, and set only once the
    // trader confirms, the book then shortening the other price to keep its floor.
    const winner = trader.locator('[data-testid="trader-market"][data-market-name="Match winner"]');
    await expect
      .poll(async () => (await winner.getByTestId('trader-market-book').textContent()) ?? '')
      .toMatch(/^book 1\d\d\.\d\d %/);
    await expect
      .poll(async () => trader.getByTestId('sport-pricing').count())
      .toBeGreaterThanOrEqual(2);
    await winner.getByTestId('trader-price').first().click();
    await winner.getByTestId('trader-price-input').fill('9.00');
    await expect
      .poll(async () => (await winner.getByTestId('trader-price-preview').textContent()) ?? '')
      .toMatch(/< 105\.00 %/);
    await winner.getByTestId('trader-price-set').click();
    const warning = winner.getByTestId('trader-price-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/book \d+\.\d\d % with this price; at most/);
    await trader.screenshot({ path: 'e2e/screenshots/trading-book-warning.png' }).catch(() => {});
    await winner.getByTestId('trader-price-confirm').click();
    await eventually(
      'the fixed price on the desk',
      async () =>
        ((await winner.getByTestId('trader-price').first().textContent()) ?? '') === '9.00',
      10_000,
    );
    await eventually(
      'the book kept at its floor',
      async () =>
        Number(await winner.getByTestId('trader-market-book').getAttribute('data-book-bp')) >=
        10_500,
      10_000,
    );
    await trader
      .screenshot({ path: 'e2e/screenshots/trading-book.png', fullPage: true })
      .catch(() => {});

    // The matches play to the end: the multiple settles, and the money agrees.
    const beforeEnd = await balance(page);
    // A T20 at a ball every 45 s lasts up to 3 h (one tick plays only the matches under way).
    await tick(baseUrl, 11_000_000);
    await page.getByTestId('slip-tab-bets').click();
    await page.getByTestId('bets-open').click();
    await page.getByTestId('bets-settled').click();
    await eventually(
      'the multiple to settle',
      async () =>
        (await page.locator('[data-testid="my-bet"][data-status="settled"]').count()) === 1,
      20_000,
    );
    const settled = page.locator('[data-testid="my-bet"][data-status="settled"]');
    const won = ((await settled.textContent()) ?? '').includes('Won');
    // The balance as the server has it (a reload re-reads it, whatever the socket delivered).
    await page.reload();
    await waitForApp(page);
    await page.getByTestId('balance-badge').waitFor();
    if (won)
      await eventually(
        'the win in the balance',
        async () => (await balance(page)) !== beforeEnd,
        10_000,
      );
    else expect(await balance(page)).toBe(beforeEnd);
    // About 100 s on a quiet machine; the server tests share the cores in a full run.
  }, 240_000);
  it('a bet builder on a live cricket match: the tracker moves with a ball, a joint price, a refused pick with its reason, placed through the delay, half of it cashed out', async () => {
    const baseUrl = browser.baseUrl();
    await tick(baseUrl, 0);
    // This test's own delay, whatever another test left on the desk.
    const trader = await browser.newPage();
    await ownerSignIn(trader);
    await setCricketDelay(trader, '1.2');
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/sports?sport=cricket');
    await waitForApp(page);
    await page.getByTestId('sports-event-row').first().locator('button').first().click();
    await page.getByTestId('sports-event').waitFor();
    // The tracker: a ball bowled changes this over, pushed over the socket.
    const over = page.getByTestId('tracker-this-over');
    await over.waitFor();
    const ballsBefore = await over.getAttribute('data-balls');
    await tick(baseUrl, 45_000);
    await eventually(
      'a ball in the tracker',
      async () => (await over.getAttribute('data-balls')) !== ballsBefore,
      15_000,
    );
    // The tracker on a phone, for the eye (e2e/screenshots).
    const phone = await browser.newPage({ width: 390, height: 844 });
    await phone.goto(page.url());
    await waitForApp(phone);
    await phone.getByTestId('tracker-this-over').waitFor();
    await phone
      .screenshot({ path: 'e2e/screenshots/sportsbook-tracker-390.png', fullPage: true })
      .catch(() => {});
    await phone.close();
    await page.getByTestId('event-mode-builder').click();
    await page.getByTestId('bet-builder').waitFor();
    const winner = page.locator('[data-testid="market"][data-market-type="match_winner"]').first();
    const runs = page.locator('[data-testid="market"][data-market-type="innings_runs"]').first();
    await winner.getByTestId('market-odds').first().click();
    await runs.getByTestId('market-odds').first().click();
    expect(await page.getByTestId('builder-pick').count()).toBe(2);
    // The combined price comes from the book's model, shown against the plain product.
    const odds = page.getByTestId('builder-odds');
    await odds.waitFor();
    expect(Number(await odds.getAttribute('data-odds'))).toBeGreaterThan(1);
    expect(await page.getByTestId('builder-product').textContent()).toMatch(/\d/);
    // Both sides to win: refused with the reason, nothing to place.
    await winner.getByTestId('market-odds').nth(1).click();
    const refusal = page.getByTestId('builder-refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('BUILDER_SAME_MARKET');
    await winner.getByTestId('market-odds').nth(1).click();
    await odds.waitFor();
    await page.getByTestId('builder-stake').fill('2');
    await page.getByTestId('builder-place').click();
    await page.getByTestId('live-delay').waitFor();
    await eventually(
      'the bet builder to be accepted after the live delay',
      async () => ((await page.getByTestId('builder-message').textContent()) ?? '').length > 0,
      20_000,
    );
    expect(await page.getByTestId('builder-message').textContent()).toBe(
      'Bet builder accepted after the in-play delay',
    );
    await page.getByTestId('slip-tab-bets').click();
    await page.getByTestId('bets-open').click();
    const builderBet = page.getByTestId('my-bet').filter({ hasText: 'Bet builder' }).first();
    await builderBet.waitFor();
    // Half of it cashed out: paid, the other half still riding with its history shown.
    const before = await balance(page);
    const stakeBefore = (await builderBet.locator('footer b').first().textContent()) ?? '';
    await builderBet.getByTestId('cashout-share-50').click({ timeout: 15_000 });
    await builderBet.getByTestId('cashout-confirm').waitFor({ timeout: 15_000 });
    await builderBet.getByTestId('cashout-confirm-button').click({ timeout: 15_000 });
    await builderBet.getByTestId('cashout-history').waitFor({ timeout: 15_000 });
    expect(await builderBet.getAttribute('data-status')).toBe('open');
    expect(await builderBet.locator('footer b').first().textContent()).not.toBe(stakeBefore);
    await eventually(
      'the part cashed out in the balance',
      async () => (await balance(page)) !== before,
    );
  });

  it('early payout on a simulated football match: a pre-match single paid early on a two-goal lead, shown with its amount; a double with that leg rides on; football cash-out switched off and on changes the offer', async () => {
    const baseUrl = browser.baseUrl();
    await tick(baseUrl, 0);
    const page = await browser.newPage();
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    await page.goto('/sports?sport=football&when=upcoming');
    await waitForApp(page);
    const upcoming = page.locator('[data-testid="sports-event-row"][data-status="not_started"]');
    await eventually('two upcoming football matches', async () => (await upcoming.count()) >= 2);
    const [a, b] = [upcoming.nth(0), upcoming.nth(1)];
    const matchA = (await a.getAttribute('data-event'))!;
    const matchB = (await b.getAttribute('data-event'))!;
    // Before kick-off: a single on match A's home side, then a double of both home sides.
    await a.getByTestId('odds-button').first().click();
    await page.getByTestId('single-stake').fill('5');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('my-bet').first().waitFor();
    await page.getByTestId('slip-tab-slip').click();
    const row = (id: string) =>
      page.locator(`[data-testid="sports-event-row"][data-event="${id}"]`);
    await row(matchA).getByTestId('odds-button').first().click();
    await row(matchB).getByTestId('odds-button').first().click();
    await page.getByTestId('slip-kind-multiple').click();
    await page.getByTestId('combo-stake').fill('2');
    await page.getByTestId('place-bet').click();
    // Newest first: this journey's double, then its single (the player's earlier bets below).
    const double = page.getByTestId('my-bet').filter({ hasText: '2 legs' }).first();
    await double.waitFor();
    const single = page.getByTestId('my-bet').filter({ hasNotText: '2 legs' }).first();

    // The operator switches football's cash-out off: the player's offer goes; on again, it is back.
    const offered = async () => single.getByTestId('cashout').isEnabled();
    await eventually('a cash-out offer', offered, 15_000);
    const trader = await browser.newPage();
    await ownerSignIn(trader);
    await trader.goto('/admin/trading');
    const football = trader.locator('[data-testid="cashout-settings"][data-sport="football"]');
    const setCashout = async (on: boolean) => {
      await football.getByLabel('Football cash-out offered').setChecked(on);
      await football.getByRole('button', { name: 'Save' }).click();
      await eventually(
        `football cash-out saved ${on ? 'on' : 'off'}`,
        async () => (await football.getByLabel('Football cash-out offered').isChecked()) === on,
      );
    };
    await setCashout(false);
    await eventually('no offer on football', async () => !(await offered()), 15_000);
    // Not offered on the sport, said as such (decision 0662), not as a suspension.
    expect(await single.getByTestId('cashout').getAttribute('data-unavailable')).toBe(
      'not_offered',
    );
    expect((await single.getByTestId('cashout').textContent())?.trim()).toBe(
      'Cash-out not offered for this sport',
    );
    await setCashout(true);
    await eventually('the offer back', offered, 15_000);
    await trader.close();

    // Match A kicks off and its home side scores twice (the simulator's dev fast-forward):
    // the single is paid at once, the double counts that leg as won and rides on match B.
    const goals = await fetch(`${baseUrl}/dev/sports/goals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: matchA, side: 'home', count: 2 }),
    });
    expect(goals.status, await goals.text()).toBe(200);
    await eventually(
      'the double to show its leg paid early',
      async () => (await double.getByTestId('paid-early-leg').count()) === 1,
      15_000,
    );
    expect(await double.getAttribute('data-status')).toBe('open');
    await page
      .screenshot({ path: 'e2e/screenshots/sportsbook-paid-early-leg.png' })
      .catch(() => {});
    await page.getByTestId('bets-settled').click();
    const paid = page.locator('[data-testid="my-bet"][data-status="settled"]').filter({
      has: page.getByTestId('paid-early-amount'),
    });
    await eventually('the single paid early', async () => (await paid.count()) >= 1, 20_000);
    const amount = (await paid.first().getByTestId('paid-early-amount').textContent()) ?? '';
    expect(amount).toMatch(/\d\.\d\d$/);
    expect(await paid.first().locator('footer b').last().textContent()).toBe(amount);

    // In Bengali the mark reads in Bengali, the amount unchanged; on a phone it is in the sheet.
    const shots = async (lang: string) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page
        .screenshot({ path: `e2e/screenshots/sportsbook-paid-early-${lang}-1280.png` })
        .catch(() => {});
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('slip-open').click();
      const sheet = page.getByRole('dialog');
      await sheet.getByTestId('slip-tab-bets').click();
      await sheet.getByTestId('bets-settled').click();
      await sheet.getByTestId('paid-early-amount').first().waitFor();
      await page
        .screenshot({ path: `e2e/screenshots/sportsbook-paid-early-${lang}-390.png` })
        .catch(() => {});
      // The sheet's backdrop, away from the panel.
      await sheet.locator('button.absolute').click({ position: { x: 10, y: 10 } });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('slip-tab-bets').first().click();
      await page.getByTestId('bets-settled').first().click();
    };
    await shots('en');
    await page.getByTestId('language-select').click();
    await page.locator('[data-language="bn"]').click();
    await eventually('the mark in Bengali', async () =>
      ((await paid.first().getByTestId('paid-early').textContent()) ?? '').startsWith(
        'আগেই পরিশোধিত',
      ),
    );
    expect(await paid.first().getByTestId('paid-early-amount').textContent()).toBe(amount);
    await shots('bn');
    await page.getByTestId('language-select').click();
    await page.locator('[data-language="en"]').click();
  });
});
