import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { eventually, registerViaApi, uniqueEmail, waitForApp } from './support/app.ts';
import { MOBILE } from './support/browser.ts';
import { skipJourneys, useBrowser } from './support/journey.ts';
import { expectFocusVisible, focused, focusedWithin, tabTo } from './support/keyboard.ts';
import { sql } from './support/staff.ts';

/**
 * Sign-in → deposit → Dice bet → withdrawal with the keyboard alone, on a phone-sized screen
 * (where the sticky top bar and the bottom bar can hide focus). No click anywhere: every control
 * is reached with Tab and used with Enter, Space or the arrows, every stop shows a focus
 * indicator no sticky bar covers, and dialogs keep and return focus.
 */
describe.skipIf(skipJourneys())('journey: keyboard only', () => {
  const browser = useBrowser();

  it('signs in, deposits, bets on Dice and asks for a withdrawal without a pointer', {
    timeout: 240_000,
  }, async () => {
    const email = uniqueEmail('keyboard');
    const password = 'keyboard-pass-1';
    await registerViaApi(browser.baseUrl(), { name: 'Kay Board', email, password });
    // Identity checks are another screen's job; a withdrawal needs them done.
    await sql(`update players set kyc_status = 'APPROVED' where lower(email) = $1`, [email]);

    const page = await browser.newPage(MOBILE);
    await page.goto('/');
    await waitForApp(page);
    const keys = page.keyboard;

    // The first Tab reaches the skip link; Enter moves focus to the main content.
    await keys.press('Tab');
    expect((await expectFocusVisible(page, 'skip link')).testId).toBe('skip-link');
    await keys.press('Enter');
    expect(await page.evaluate('document.activeElement?.id')).toBe('main');

    // --- Sign in: the dialog takes focus, keeps it, and Escape gives it back -----------------
    await tabTo(page, 'login-button', { back: true });
    await keys.press('Enter');
    const signIn = page.getByTestId('sign-in-modal');
    await signIn.getByLabel('Email or username').waitFor();
    await eventually('focus inside the sign-in dialog', async () => {
      return (await focusedWithin(page)) === 'sign-in-modal' || (await focused(page)).inDialog;
    });
    // Tab cycles inside: thirty presses never leave the dialog.
    for (let i = 0; i < 30; i += 1) {
      await keys.press('Tab');
      expect((await expectFocusVisible(page, 'sign-in dialog')).inDialog).toBe(true);
    }
    await keys.press('Escape');
    await signIn.waitFor({ state: 'detached' });
    expect((await focused(page)).testId).toBe('login-button');
    await keys.press('Enter');
    await signIn.getByLabel('Email or username').waitFor();
    await tabTo(page, 'name:Email or username');
    await keys.type(email);
    await keys.press('Tab');
    await keys.type(password);
    await Promise.all([page.waitForEvent('load'), keys.press('Enter')]);
    await waitForApp(page);
    const badge = page.getByTestId('balance-badge');
    await badge.waitFor();
    const empty = await badge.textContent();

    // --- Deposit through the sandbox gateway -----------------------------------------------
    await tabTo(page, 'wallet-button');
    await keys.press('Enter');
    const wallet = page.getByTestId('wallet-modal');
    const deposit = wallet.getByTestId('deposit-form');
    await deposit.waitFor();
    await expectAccessible(page);
    // The payment methods are a radio group: Tab enters it, the arrows choose, Space picks.
    await eventually('a payment method chosen', async () => {
      const now = await focused(page);
      if (
        now.tag === 'input' &&
        (await page.evaluate('document.activeElement?.type')) === 'radio'
      ) {
        await keys.press('Space');
        return true;
      }
      await keys.press('Tab');
      return false;
    });
    await tabTo(page, 'name:Amount');
    await keys.type('50');
    await eventually('the bank select or the submit button', async () => {
      await keys.press('Tab');
      const now = await expectFocusVisible(page, 'deposit form');
      if (now.tag === 'select') await keys.press('ArrowDown');
      return now.testId === 'deposit-submit';
    });
    await Promise.all([page.waitForURL(/\/sandbox\/gateway\//), keys.press('Enter')]);
    await tabTo(page, 'sandbox-approve');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), keys.press('Enter')]);
    await waitForApp(page);
    await eventually(
      'the deposit credited',
      async () => (await badge.textContent()) !== empty,
      30_000,
    );

    // --- A Dice bet (the address typed, as a player would) --------------------------------
    await page.goto('/casino/originals/dice');
    await waitForApp(page);
    await page.getByTestId('dice-roll').waitFor();
    await tabTo(page, 'dice-roll');
    await keys.press('Enter');
    await eventually('a roll shown', async () => {
      return ((await page.getByTestId('dice-result').textContent()) ?? '—') !== '—';
    });
    await expectAccessible(page);

    // --- A withdrawal -------------------------------------------------------------------------
    await tabTo(page, 'wallet-button', { back: true, max: 80 });
    await keys.press('Enter');
    await wallet.waitFor();
    // Tabs follow the WAI-ARIA pattern: the arrow keys move between them.
    await tabTo(page, 'name:Deposit');
    await keys.press('ArrowRight');
    const withdraw = wallet.getByTestId('withdraw-form');
    await withdraw.waitFor();
    await eventually('a payout method chosen', async () => {
      const now = await focused(page);
      if (
        now.tag === 'input' &&
        (await page.evaluate('document.activeElement?.type')) === 'radio'
      ) {
        await keys.press('Space');
        return true;
      }
      await keys.press('Tab');
      return false;
    });
    await tabTo(page, 'name:Amount');
    await keys.type('20');
    await keys.press('Tab');
    await keys.type('Kay Board');
    await keys.press('Tab');
    await keys.type('DE89370400440532013000');
    await eventually('the withdraw button', async () => {
      await keys.press('Tab');
      const now = await expectFocusVisible(page, 'withdraw form');
      if (now.tag === 'select') await keys.press('ArrowDown');
      return now.testId === 'withdraw-submit';
    });
    await keys.press('Enter');
    await page.getByText(/Withdrawal requested/).waitFor();
    await expectAccessible(page);

    // Escape closes the wallet and focus goes back to the button that opened it.
    await keys.press('Escape');
    await wallet.waitFor({ state: 'detached' });
    expect((await expectFocusVisible(page, 'after the wallet')).testId).toBe('wallet-button');
  });

  it('with reduced motion the games jump to their result and CSS motion is off', async () => {
    const page = await browser.newPage(MOBILE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Every scripted animation's length, recorded as the game asks for it.
    await page.addInitScript({
      content: `window.__durations = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (frames, options) {
          window.__durations.push(typeof options === 'number' ? options : (options?.duration ?? 0));
          return animate.call(this, frames, options);
        };`,
    });
    const durations = async () => (await page.evaluate('window.__durations')) as number[];
    // CSS animations and transitions as the page has them now.
    const cssMotion = () =>
      page.evaluate(() =>
        // biome-ignore lint/suspicious/noExplicitAny: the page's document
        (globalThis as any).document
          .getAnimations()
          .map((a: { effect: { getComputedTiming: () => { duration: unknown } } }) =>
            Number(a.effect.getComputedTiming().duration),
          )
          .filter((ms: number) => !(ms <= 1)),
      );

    await page.goto('/casino/originals/wheel');
    await waitForApp(page);
    const transition = await page
      .getByTestId('wheel-spin')
      // biome-ignore lint/suspicious/noExplicitAny: the page's window
      .evaluate((el) => (globalThis as any).getComputedStyle(el).transitionDuration as string);
    expect(Number.parseFloat(transition)).toBeLessThanOrEqual(0.001);
    await tabTo(page, 'wheel-spin');
    await page.keyboard.press('Enter');
    await eventually('the wheel result', async () =>
      ((await page.getByTestId('wheel-result').textContent()) ?? '').includes('×'),
    );
    expect(await durations()).toEqual([0]);
    expect(await cssMotion()).toEqual([]);

    await page.goto('/casino/originals/plinko');
    await waitForApp(page);
    await tabTo(page, 'plinko-drop');
    await page.keyboard.press('Enter');
    const dropped = await eventually('the ball dropped', async () => {
      const all = await durations();
      return all.length > 0 ? all : null;
    });
    expect(dropped.filter((ms) => ms !== 0)).toEqual([]);
  });
});
