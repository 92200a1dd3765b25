import { createHash, createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { blackjackCards, cardPoints, floatsSync, hiloRank } from '@casino/games';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInViaUi, storedToken, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { sql } from './support/staff.ts';

/** Screenshots for a human to look at (git-ignored). */
const SHOTS = path.join(import.meta.dirname, 'screenshots');
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: path.join(SHOTS, `tables-${name}.png`) });
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const rank = (card: number) => Math.floor(card / 4);

/**
 * A client seed that, with the next server seed, deals a pair of 2s–9s against a dealer 2–9 at
 * nonce 0 (Blackjack, splittable, no insurance offer) and starts HiLo at nonce 1 on a 3–Q
 * followed by a higher card: found with the games' own verifier code, as a player could once
 * the seed is revealed.
 */
function splittingClientSeed(serverSeed: string): string {
  for (let i = 0; ; i++) {
    const candidate = `tables-${i}`;
    const bj = blackjackCards(floatsSync({ serverSeed, clientSeed: candidate, nonce: 0 }, 4, hmac));
    const hi = blackjackCards(floatsSync({ serverSeed, clientSeed: candidate, nonce: 1 }, 2, hmac));
    const pair = rank(bj[0]!) === rank(bj[2]!) && rank(bj[0]!) < 8;
    const up = cardPoints(bj[1]!) >= 2 && cardPoints(bj[1]!) <= 9;
    const first = hiloRank(hi[0]!);
    if (pair && up && first >= 3 && first <= 12 && hiloRank(hi[1]!) > first) return candidate;
  }
}

describe.skipIf(skipJourneys())('journey: the casino tables', () => {
  const browser = useBrowser();

  it('with real money on a phone: the next hash shown before the client seed is chosen, Blackjack with a split, HiLo, Teen Patti, Roulette; then a bet page verifies the split hand after the seed is rotated', {
    timeout: 300_000,
  }, async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await waitForApp(page);
    // The seeded demo player: a real-money account with a funded wallet.
    await signInViaUi(page, 'demo@example.com', 'demo-password-1');
    const token = await storedToken(page);
    type Bet = {
      id: string;
      game: string;
      state: string;
      amount: string;
      payout: string;
      details: Record<string, unknown>;
    };
    const lastBet = async () =>
      (
        (await (
          await fetch(`${browser.baseUrl()}/api/v1/customer/casino/bets`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()) as { data: Bet[] }
      ).data[0]!;

    // --- The next server seed's hash is on screen before the client seed is chosen ----------
    await page.goto('/casino/originals/blackjack');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await expect
      .poll(async () => page.getByTestId('fair-next-hash').textContent())
      .toMatch(/^[0-9a-f]{64}$/);
    const nextHash = (await page.getByTestId('fair-next-hash').textContent())!;
    const player = await sql("select id from players where email = 'demo@example.com'", []);
    const next = await sql(
      "select server_seed from fair_seeds where player_id = $1 and status = 'next'",
      [player.rows[0].id],
    );
    const serverSeed = next.rows[0].server_seed as string;
    // Roulette's own limits in the player's currency, set before any page reads them.
    await sql(
      `insert into originals_game_limits (game, currency, min_bet_minor, max_bet_minor)
       select 'roulette', c.code, 200, 300 from players p join currencies c on c.id = p.currency_id
       where p.id = $1
       on conflict (game, currency) do update set min_bet_minor = 200, max_bet_minor = 300`,
      [player.rows[0].id],
    );
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(nextHash);
    const clientSeed = splittingClientSeed(serverSeed);
    await page.getByTestId('fair-client-input').fill(clientSeed);
    await page.getByTestId('fair-rotate').click();
    await expect
      .poll(async () => page.getByTestId('fair-client-seed').textContent())
      .toBe(clientSeed);
    expect(await page.getByTestId('fair-server-hash').textContent()).toBe(nextHash);

    // --- Blackjack: split the pair, stand on each hand ---------------------------------------
    expect(await page.getByTestId('bj-rules').textContent()).toContain('soft 17');
    await page.getByTestId('bj-amount').fill('1.00');
    await page.getByTestId('bj-deal').click();
    await expect.poll(async () => page.getByTestId('bj-split').isEnabled()).toBe(true);
    await page.getByTestId('bj-split').click();
    await page.getByTestId('bj-hand-1').waitFor();
    // No double after a split.
    expect(await page.getByTestId('bj-double').isDisabled()).toBe(true);
    await shoot(page, 'mobile-blackjack-split');
    for (let i = 0; i < 2; i++) {
      await expect
        .poll(async () =>
          (await page.getByTestId('bj-deal').isEnabled())
            ? 'over'
            : (await page.getByTestId('bj-stand').isEnabled())
              ? 'stand'
              : 'busy',
        )
        .not.toBe('busy');
      if (await page.getByTestId('bj-deal').isEnabled()) break;
      await page.getByTestId('bj-stand').click();
    }
    await page.getByTestId('bj-result-1').waitFor();
    const hand = await lastBet();
    expect(hand).toMatchObject({ game: 'blackjack', state: 'settled', amount: '2.00' });
    expect(hand.details.hands).toHaveLength(2);
    expect((hand.details.actions as string[])[0]).toBe('split');

    // --- HiLo: one guess, then cash out ------------------------------------------------------
    await page.goto('/casino/originals/hilo');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await page.getByTestId('hilo-amount').fill('1.00');
    await page.getByTestId('hilo-start').click();
    await page.getByTestId('hilo-cashout').waitFor();
    await page.getByTestId('hilo-higher').click();
    await expect.poll(async () => page.getByTestId('hilo-cashout').isEnabled()).toBe(true);
    await page.getByTestId('hilo-cashout').click();
    await page.getByTestId('hilo-start').waitFor();
    expect(await page.getByTestId('hilo-status').textContent()).toContain('You won');

    // --- Teen Patti: an ante ---------------------------------------------------------------
    await page.goto('/casino/originals/teen-patti');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await page.getByTestId('chip-value').fill('1.00');
    await page.getByTestId('spot-ante').click();
    await page.getByTestId('card-deal').click();
    await expect.poll(async () => page.locator('[data-card]').count()).toBe(6);
    const patti = await lastBet();
    expect(patti).toMatchObject({ game: 'teen-patti', amount: '1.00' });

    // --- Roulette: the table's min and max on the chip panel, the slip held within them -----
    await page.goto('/casino/originals/roulette');
    await waitForApp(page);
    await page.getByTestId('mode-real').click();
    await expect
      .poll(async () => page.getByTestId('stake-limits-roulette').textContent())
      .toMatch(/Min 2\.00 · Max 3\.00/);
    await page.getByTestId('roulette-chip-100').click();
    await page.getByTestId('roulette-red').click();
    await page.getByTestId('roulette-under-min').waitFor();
    expect(await page.getByTestId('roulette-spin').isDisabled()).toBe(true);
    await page.getByTestId('roulette-n-17').click();
    await page.getByTestId('roulette-n-17').click();
    // A fourth chip would take the slip to 4.00: refused on the panel, the total stays.
    await page.getByTestId('roulette-red').click();
    expect(await page.getByTestId('roulette-total').textContent()).toContain('3.00');
    await shoot(page, 'mobile-roulette-limits');
    await page.getByTestId('roulette-spin').click();
    await expect
      .poll(async () => page.getByTestId('roulette-pocket').textContent())
      .toMatch(/^\d+$/);
    const spun = await lastBet();
    expect(spun).toMatchObject({ game: 'roulette', amount: '3.00' });
    await sql("delete from originals_game_limits where game = 'roulette'", []);

    // --- The split hand's page: drawn as the table showed it; rotate, then verify ------------
    await page.goto(`/casino/bets/${hand.id}`);
    await waitForApp(page);
    await page.getByTestId('outcome-blackjack').waitFor();
    expect(await page.getByTestId('bet-game').textContent()).toContain('Blackjack');
    await page.getByTestId('bj-hand-1').waitFor();
    expect(await page.getByTestId('outcome-moves').textContent()).toContain('Split');
    await page.getByTestId('bet-rotate').click();
    await expect
      .poll(async () => page.getByTestId('bet-server-seed').textContent())
      .toBe(serverSeed);
    await page.getByTestId('bet-verify').click();
    await expect
      .poll(async () => page.getByTestId('bet-verification').textContent())
      .toContain('Verified');
    await shoot(page, 'mobile-bet-blackjack-verified');

    // --- The Teen Patti deal's page (its seed revealed by the same rotation): drawn, verified -
    await page.goto(`/casino/bets/${patti.id}`);
    await waitForApp(page);
    await page.getByTestId('outcome-teen-patti').waitFor();
    expect(await page.locator('[data-card]').count()).toBe(6);
    await page.getByTestId('bet-verify').click();
    await expect
      .poll(async () => page.getByTestId('bet-verification').textContent())
      .toContain('Verified');
    await shoot(page, 'mobile-bet-teen-patti-verified');
  });
});
