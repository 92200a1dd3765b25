import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { blackjackCards, cardPoints, floatsSync, hiloRank } from '@casino/games';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { sql } from './support/staff.ts';

const SHOTS = path.join(import.meta.dirname, 'screenshots');
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, `cards-${name}.png`) });
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const rank = (card: number) => Math.floor(card / 4);

describe.skipIf(skipJourneys())('journey: the card originals', () => {
  const browser = useBrowser();

  it('the demo player splits a pair at Blackjack with real money, wins a HiLo guess, and verifies the hand', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await waitForApp(page);
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    const token = (await storedToken(page))!;
    const api = async (url: string, body?: object) =>
      (await (
        await fetch(`${browser.baseUrl()}/api/v1${url}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json()) as { data: unknown };

    // A pair at Blackjack needs luck (1 hand in 13): choose the client seed the way a player
    // may, after the next server seed's hash is shown — here with that seed read from the
    // database, so the hand at nonce 0 is a pair of 2s–9s against a 2–9, and HiLo at nonce 1
    // starts on a 3–Q followed by a higher card.
    const shown = (await api('/customer/casino/fairness')).data as {
      next_server_seed_hash: string;
    };
    const player = await sql("select id from players where email = 'demo@example.com'", []);
    const next = await sql(
      "select server_seed from fair_seeds where player_id = $1 and status = 'next'",
      [player.rows[0].id],
    );
    const serverSeed = next.rows[0].server_seed as string;
    let clientSeed = '';
    for (let i = 0; !clientSeed; i++) {
      const candidate = `journey-${i}`;
      const bj = blackjackCards(
        floatsSync({ serverSeed, clientSeed: candidate, nonce: 0 }, 4, hmac),
      );
      const hi = blackjackCards(
        floatsSync({ serverSeed, clientSeed: candidate, nonce: 1 }, 2, hmac),
      );
      const pair = rank(bj[0]!) === rank(bj[2]!) && rank(bj[0]!) < 8;
      const up = cardPoints(bj[1]!) >= 2 && cardPoints(bj[1]!) <= 9;
      const first = hiloRank(hi[0]!);
      if (pair && up && first >= 3 && first <= 12 && hiloRank(hi[1]!) > first) {
        clientSeed = candidate;
      }
    }
    const rotated = await api('/customer/casino/fairness/rotate', {
      client_seed: clientSeed,
      next_server_seed_hash: shown.next_server_seed_hash,
    });
    expect(rotated.data).toHaveProperty('active');

    // --- Blackjack, on a phone --------------------------------------------------------------
    await page.goto('/casino/originals/blackjack');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    const before = await page.getByTestId('balance-badge').textContent();
    await page.getByTestId('bj-amount').fill('1.00');
    await page.getByTestId('bj-deal').click();
    await expect.poll(async () => page.getByTestId('bj-split').isEnabled()).toBe(true);
    expect(await page.getByTestId('bj-rules').textContent()).toContain('soft 17');
    await shoot(page, 'mobile-blackjack-pair');
    await page.getByTestId('bj-split').click();
    await page.getByTestId('bj-hand-1').waitFor();
    // No double after a split: the button is off.
    expect(await page.getByTestId('bj-double').isDisabled()).toBe(true);
    await shoot(page, 'mobile-blackjack-split');
    // Stand on each hand in turn (a hand at 21 stands by itself).
    for (let i = 0; i < 2; i++) {
      if (await page.getByTestId('bj-deal').isEnabled()) break;
      await expect.poll(async () => page.getByTestId('bj-stand').isEnabled()).toBe(true);
      await page.getByTestId('bj-stand').click();
      await page.waitForTimeout(200);
    }
    await expect.poll(async () => page.getByTestId('bj-deal').isEnabled()).toBe(true);
    await page.getByTestId('bj-result-1').waitFor();
    await shoot(page, 'mobile-blackjack-settled');
    await expect.poll(async () => page.getByTestId('balance-badge').textContent()).not.toBe(before);
    const bets = (await api('/customer/casino/bets')).data as {
      id: string;
      game: string;
      state: string;
      amount: string;
      details: { hands: unknown[]; actions: string[] };
    }[];
    expect(bets[0]).toMatchObject({ game: 'blackjack', state: 'settled', amount: '2.00' });
    expect(bets[0]!.details.hands).toHaveLength(2);
    expect(bets[0]!.details.actions[0]).toBe('split');
    const hand = bets[0]!.id;

    // --- HiLo: one guess, then cash out -----------------------------------------------------
    const desk = await browser.newPage(DESKTOP);
    await desk.goto('/');
    await waitForApp(desk);
    await signInViaUi(desk, 'demo@example.com', 'demo-password-1');
    await desk.goto('/casino/originals/hilo');
    await waitForApp(desk);
    await desk.getByTestId('mode-real').click();
    await desk.getByTestId('hilo-amount').fill('1.00');
    await desk.getByTestId('hilo-start').click();
    await desk.getByTestId('hilo-cashout').waitFor();
    await desk.getByTestId('hilo-higher').click();
    await expect.poll(async () => desk.getByTestId('hilo-cashout').isEnabled()).toBe(true);
    await shoot(desk, 'desktop-hilo-won');
    await desk.getByTestId('hilo-cashout').click();
    await desk.getByTestId('hilo-start').waitFor();
    expect(await desk.getByTestId('hilo-status').textContent()).toContain('You won');

    // --- The verifier recomputes the split hand from the revealed seed and its moves ---------
    const again = (await api('/customer/casino/fairness')).data as {
      next_server_seed_hash: string;
    };
    await api('/customer/casino/fairness/rotate', {
      next_server_seed_hash: again.next_server_seed_hash,
    });
    await desk.goto('/provably-fair');
    await waitForApp(desk);
    await desk.getByTestId(`check-${hand}`).click();
    await expect
      .poll(async () => desk.getByTestId('verified-recorded').textContent())
      .toContain('the one recorded');
    await shoot(desk, 'desktop-verifier-blackjack');
  });
});
